import {
  FEEDBACK_FIELD_DISPLAYS,
  FEEDBACK_FIELD_TYPES,
  SLIP_APPROVAL_STATES,
  type SlipApprovalState,
} from '@fleet/domain';
import type {
  FeedbackResponse,
  PublicFeedback,
  PublicSlip,
  SlipApproval,
} from '@fleet/proto/fleet/bookings/v1/public_pages_pb';
import Decimal from 'decimal.js';
import { dateOrNull, required, textOrNull } from '../shared-mappers';

const stateOf = (state: string): SlipApprovalState =>
  SLIP_APPROVAL_STATES.find((s) => s === state) ?? 'PENDING';

/** A slip's approval by its passenger; `changedSinceAnswer` is staff's only. */
export const slipApprovalToJson = (a: SlipApproval) => ({
  state: stateOf(a.state),
  requestedAt: dateOrNull(a.requestedAt),
  dueAt: dateOrNull(a.dueAt),
  answeredAt: dateOrNull(a.answeredAt),
  reason: a.reason,
  signatureFileId: textOrNull(a.signatureFileId),
  contentHash: a.contentHash,
  changedSinceAnswer: a.changedSinceAnswer,
});

/** The digital slip as its passenger sees it: km and amounts as Decimal, times as Date. */
export const publicSlipToJson = (s: PublicSlip) => ({
  operatorName: s.operatorName,
  bookingNo: s.bookingNo.toString(),
  passengerName: s.passengerName,
  timeZone: s.timeZone,
  points: s.points.map((p) => ({
    point: p.point,
    at: dateOrNull(p.at),
    km: new Decimal(p.km),
    location: p.location,
  })),
  totalKm: new Decimal(s.totalKm || '0'),
  totalMinutes: s.totalMinutes,
  billingItems: s.billingItems.map((item) => ({ name: item.name, amount: new Decimal(item.amount) })),
  chargesShown: s.chargesShown,
  chargeLines: s.chargeLines.map((l) => ({
    label: l.label,
    quantity: new Decimal(l.quantity),
    unit: l.unit,
    rate: new Decimal(l.rate),
    amount: new Decimal(l.amount),
  })),
  chargesTotal: s.chargesTotal ? new Decimal(s.chargesTotal) : null,
  route: s.route.map((r) => ({ latitude: r.latitude, longitude: r.longitude, at: dateOrNull(r.at) })),
  approval: passengersView(slipApprovalToJson(required(s.approval, 'the slip’s approval'))),
  // Signed on the driver's phone at the end of the duty: accepting then takes no signature on the page.
  signedOnDriverPhone: s.signedOnDriverPhone,
  signedOnDriverPhoneAt: dateOrNull(s.signedOnDriverPhoneAt),
});

/** What the passenger sees of the approval: never staff's comparison or the signature's file. */
function passengersView(approval: ReturnType<typeof slipApprovalToJson>) {
  const { signatureFileId: _file, changedSinceAnswer: _staffOnly, ...shown } = approval;
  return shown;
}

/** The feedback form as its passenger answers it. */
export const publicFeedbackToJson = (f: PublicFeedback) => ({
  operatorName: f.operatorName,
  bookingNo: f.bookingNo.toString(),
  formName: f.formName,
  description: f.description,
  questions: f.questions.map((q) => ({
    label: q.label,
    type: FEEDBACK_FIELD_TYPES.find((t) => t === q.type) ?? 'INPUT',
    display: FEEDBACK_FIELD_DISPLAYS.find((d) => d === q.display) ?? null,
    options: q.options,
    required: q.required,
  })),
  answered: f.answered,
  answeredAt: dateOrNull(f.answeredAt),
});

/** A passenger's feedback on a duty, as staff read it. */
export const feedbackToJson = (f: FeedbackResponse) => ({
  bookingId: f.bookingId,
  bookingNo: f.bookingNo.toString(),
  customerId: f.customerId,
  customerName: f.customerName,
  passengerName: f.passengerName,
  answeredAt: dateOrNull(f.answeredAt),
  formName: f.formName,
  answers: f.answers.map((a) => ({ label: a.label, type: a.type, values: a.values })),
});
