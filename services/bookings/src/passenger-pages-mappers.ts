// The passenger's pages and what staff see of them, as their proto messages (public_pages.proto).
import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type {
  FeedbackResponseSchema,
  PublicFeedbackSchema,
  PublicSlipSchema,
  SlipApprovalSchema,
} from '@fleet/proto/fleet/bookings/v1/public_pages_pb';
import type { FeedbackRecord, ListedFeedback, SlipApprovalRecord } from './storage/passenger-pages-store';
import type { PublicFeedbackView } from './use-cases/public-feedback';
import type { PublicSlipView } from './use-cases/public-slip';

const stamp = (at: Date | null | undefined) => (at ? timestampFromDate(new Date(at)) : undefined);

export function slipApprovalToProto(
  approval: SlipApprovalRecord,
  changedSinceAnswer: boolean,
): MessageInitShape<typeof SlipApprovalSchema> {
  return {
    state: approval.state,
    requestedAt: stamp(approval.requestedAt),
    dueAt: stamp(approval.dueAt),
    answeredAt: stamp(approval.answeredAt),
    reason: approval.reason,
    signatureFileId: approval.signatureFileId ?? '',
    contentHash: approval.contentHash ?? '',
    changedSinceAnswer,
  };
}

export function publicSlipToProto(view: PublicSlipView): MessageInitShape<typeof PublicSlipSchema> {
  return {
    operatorName: view.operatorName,
    bookingNo: BigInt(view.bookingNo),
    passengerName: view.passengerName,
    points: view.points.map((p) => ({ point: p.point, at: stamp(p.at), km: p.km, location: p.location })),
    totalKm: view.totalKm,
    totalMinutes: view.totalMinutes,
    billingItems: view.billingItems,
    chargesShown: view.chargesShown,
    chargeLines: view.chargeLines,
    chargesTotal: view.chargesTotal,
    route: view.route.map((r) => ({ latitude: r.latitude, longitude: r.longitude, at: stamp(r.at) })),
    // The passenger sees the answer, never the staff's comparison or the signature's file.
    approval: { ...slipApprovalToProto(view.approval, false), signatureFileId: '' },
    timeZone: view.timeZone,
    signedOnDriverPhone: view.signedOnDriverPhone !== undefined,
    signedOnDriverPhoneAt: stamp(view.signedOnDriverPhone?.at),
  };
}

export function publicFeedbackToProto(
  view: PublicFeedbackView,
): MessageInitShape<typeof PublicFeedbackSchema> {
  return {
    operatorName: view.operatorName,
    bookingNo: BigInt(view.bookingNo),
    formName: view.form.name,
    description: view.form.description,
    questions: view.form.questions.map((q) => ({
      label: q.label,
      type: q.type,
      display: q.display ?? '',
      options: q.options,
      required: q.required,
    })),
    answered: view.answeredAt !== null,
    answeredAt: stamp(view.answeredAt),
  };
}

export function feedbackToProto(
  feedback: FeedbackRecord & Partial<Omit<ListedFeedback, keyof FeedbackRecord>>,
): MessageInitShape<typeof FeedbackResponseSchema> {
  return {
    bookingId: feedback.bookingId,
    bookingNo: feedback.bookingNo ? BigInt(feedback.bookingNo) : 0n,
    customerId: feedback.customerId ?? '',
    customerName: feedback.customerName ?? '',
    passengerName: feedback.passengerName ?? '',
    answeredAt: stamp(feedback.answeredAt),
    formId: feedback.formId ?? '',
    formName: feedback.formName,
    answers: feedback.answers,
  };
}
