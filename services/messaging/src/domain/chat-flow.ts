// Driver chat's rules, pure: the flow statuses of spec §4 and what moves each, a chat message's status
// that never goes backwards, WhatsApp's 24-hour window for free text, the duty template's parameters,
// and which reply is Accept or Reject. The migration (0003_driver_chat.sql) lists the same words.
import { z } from 'zod';
import { NO_BILLING_VALUES, type TemplateValues } from './templates';

/**
 * The chat messaging flow statuses of spec §4:
 * - DUTY_SLIP_MESSAGE_PUSHED: the driver was allotted and the duty template is on its way to WhatsApp;
 * - SUCCESS: WhatsApp reported the duty delivered (or read);
 * - FALLBACK_TEXT_PUSHED: the duty could not go by chat (refused, failed, out of tries) and the
 *   DRIVER_ALLOTMENT_SMS was written instead;
 * - INVALID_PHONE_NUMBER: the same, because the number is not on WhatsApp (131026 and its kin);
 * - FAILED: the duty failed again after its SMS had already been written once;
 * - TRIP_ACCEPTED / TRIP_REJECTED: the driver tapped Accept / Reject under the duty;
 * - OUTGOING_TRIP_PUSHED: the booking was dispatched, the trip is out with the driver;
 * - OUTGOING_TRIP_ONGOING: the driver started it (garage start, arrival, duty start);
 * - CONVERSATION_RESOLVED: staff resolved the conversation.
 */
export const CHAT_FLOW_STATUSES = [
  'DUTY_SLIP_MESSAGE_PUSHED',
  'FAILED',
  'SUCCESS',
  'FALLBACK_TEXT_PUSHED',
  'INVALID_PHONE_NUMBER',
  'TRIP_ACCEPTED',
  'TRIP_REJECTED',
  'OUTGOING_TRIP_ONGOING',
  'OUTGOING_TRIP_PUSHED',
  'CONVERSATION_RESOLVED',
] as const;
export type ChatFlowStatus = (typeof CHAT_FLOW_STATUSES)[number];

export const CHAT_DIRECTIONS = ['OUT', 'IN'] as const;
export type ChatDirection = (typeof CHAT_DIRECTIONS)[number];

export const CHAT_MESSAGE_KINDS = ['TEMPLATE', 'TEXT', 'BUTTON_REPLY', 'OTHER'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];

/** An outgoing message's progress (QUEUED → SENT → DELIVERED → READ, or FAILED); RECEIVED for the driver's. */
export const CHAT_MESSAGE_STATUSES = ['QUEUED', 'SENT', 'DELIVERED', 'READ', 'FAILED', 'RECEIVED'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

/** What WhatsApp reports of a message it took, in our words. */
export const reportedStatus = {
  sent: 'SENT',
  delivered: 'DELIVERED',
  read: 'READ',
  failed: 'FAILED',
} as const satisfies Record<string, ChatMessageStatus>;

const PROGRESS: readonly ChatMessageStatus[] = ['QUEUED', 'SENT', 'DELIVERED', 'READ'];

/**
 * Whether a reported status moves a message on: never backwards (a late `sent` after `delivered`
 * changes nothing), never to the same status (a replayed webhook), and FAILED only before delivery.
 */
export function movesForward(current: ChatMessageStatus, reported: ChatMessageStatus): boolean {
  if (reported === 'FAILED') return current === 'QUEUED' || current === 'SENT';
  const from = PROGRESS.indexOf(current);
  const to = PROGRESS.indexOf(reported);
  return from >= 0 && to > from;
}

/** WhatsApp's customer-service window: free text may go for 24 hours after the driver's last message. */
export const SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Until when free text may go, or null when the driver has never written. */
export function windowOpenUntil(lastInboundAt: Date | null): Date | null {
  return lastInboundAt ? new Date(lastInboundAt.getTime() + SESSION_WINDOW_MS) : null;
}

export function windowIsOpen(lastInboundAt: Date | null, now: Date): boolean {
  const until = windowOpenUntil(lastInboundAt);
  return until !== null && now.getTime() < until.getTime();
}

/** Driver chat goes to numbers in international form only (WhatsApp's own rule). */
const CHAT_NUMBER = /^\+[1-9]\d{7,14}$/;
export const isChatNumber = (phone: string) => CHAT_NUMBER.test(phone.trim());

/**
 * The duty template's body parameters {{1}}…{{4}}: the duty's number, reporting time, pickup and
 * vehicle. WhatsApp refuses an empty parameter, a new line or a run of spaces, so an absent value is
 * a dash and white space is folded.
 */
export function dutyTemplateParameters(values: TemplateValues): string[] {
  return [values.bookingNo, values.reportingTime, values.pickup, values.vehicleNo].map(
    (value) => value.replace(/\s+/g, ' ').trim().slice(0, 1000) || '-',
  );
}

/** How the duty reads in the conversation (the approved template's own words are WhatsApp's). */
export function dutyPreview(values: TemplateValues): string {
  const [bookingNo, reportingTime, pickup, vehicleNo] = dutyTemplateParameters(values);
  return `Duty #${bookingNo}: report ${reportingTime} at ${pickup} with ${vehicleNo}. Accept or Reject?`;
}

/** A tap on the duty's quick-reply buttons: Accept or Reject, by payload or by the button's words. */
export function tripAnswerOf(payload: string, text: string): 'TRIP_ACCEPTED' | 'TRIP_REJECTED' | undefined {
  for (const word of [payload, text].map((w) => w.trim().toLowerCase())) {
    if (word === 'accept' || word === 'accepted') return 'TRIP_ACCEPTED';
    if (word === 'reject' || word === 'rejected') return 'TRIP_REJECTED';
  }
  return undefined;
}

/** The flow status a booking's later step gives its conversation, if any. */
export function tripStepOf(toStatus: string): 'OUTGOING_TRIP_PUSHED' | 'OUTGOING_TRIP_ONGOING' | undefined {
  switch (toStatus) {
    case 'DISPATCHED':
      return 'OUTGOING_TRIP_PUSHED';
    case 'DRIVER_GARAGE_START':
    case 'DRIVER_ARRIVED_AT_PICKUP':
    case 'DRIVER_DUTY_START':
      return 'OUTGOING_TRIP_ONGOING';
    default:
      return undefined;
  }
}

const storedValues = z.record(z.string(), z.string()).catch({});

/** The template values a conversation keeps, read back; a missing one reads as empty. */
export function storedTemplateValues(value: unknown): TemplateValues {
  const v = storedValues.parse(value);
  return {
    bookingNo: v.bookingNo ?? '',
    reportingTime: v.reportingTime ?? '',
    pickup: v.pickup ?? '',
    vehicleNo: v.vehicleNo ?? '',
    driverName: v.driverName ?? '',
    driverPhone: v.driverPhone ?? '',
    tripOtp: v.tripOtp ?? '',
    drop: v.drop ?? '',
    passengerName: v.passengerName ?? '',
    customerName: v.customerName ?? '',
    companyName: v.companyName ?? '',
    supplierName: v.supplierName ?? '',
    // A chat never carries a passenger's link.
    slipLink: '',
    feedbackLink: '',
    ...NO_BILLING_VALUES,
  };
}
