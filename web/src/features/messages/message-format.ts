// How the message log reads on screen: the channels, the kinds, the contact roles, the statuses and their
// colours.
import { type MessageLogChannel, type MessageLogType, messageLogTypeOf } from '@fleet/domain';

/** Each channel's words: a log screen's title, what its messages are called, and one of them. */
export const CHANNEL_WORDS: Readonly<
  Record<MessageLogChannel, { title: string; plural: string; one: string; search: string }>
> = {
  SMS: { title: 'SMS', plural: 'texts', one: 'text', search: 'Name, phone, booking no.' },
  EMAIL: { title: 'Emails', plural: 'emails', one: 'email', search: 'Name, email, booking no.' },
  PUSH: { title: 'Pushes', plural: 'pushes', one: 'push', search: 'Driver, phone, booking no.' },
};

/** "text", "email" or "push", for a channel as the log wrote it. */
export const channelNoun = (channel: string): string =>
  CHANNEL_WORDS[channel === 'EMAIL' || channel === 'PUSH' ? channel : 'SMS'].one;

export const MESSAGE_TYPE_LABELS: Readonly<Record<MessageLogType, string>> = {
  CONFIRMATION_SMS: 'Confirmation',
  DRIVER_ALLOTMENT_SMS: 'Driver allotment',
  CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP: 'Allotment with OTP',
  CANCELLATION_SMS: 'Cancellation',
  FEEDBACK_REQUEST_SMS: 'Feedback request',
  SEND_INFO_TO_SUPPLIER_SMS: 'Info to supplier',
  DIGITAL_DUTY_SLIP_SMS: 'Digital duty slip',
  CONFIRMATION_EMAIL: 'Confirmation',
  DUTY_INFO_EMAIL: 'Duty details',
  DUTY_SLIP_EMAIL: 'Duty slip',
  INVOICE_EMAIL: 'Invoice',
  PURCHASE_INVOICE_EMAIL: 'Purchase invoice',
  PETTY_CASH_INFO_EMAIL: 'Petty cash',
  PETTY_CASH_INFO_SMS: 'Petty cash',
  NEW_DUTY_PUSH: 'New duty',
  DUTY_CANCELLED_PUSH: 'Duty cancelled',
  RECEIPT_EMAIL: 'Receipt',
  PAYMENT_REQUEST_EMAIL: 'Payment request',
  PAYMENT_REQUEST_SMS: 'Payment request',
};

export function messageTypeLabel(type: string): string {
  const known = messageLogTypeOf(type);
  return known ? MESSAGE_TYPE_LABELS[known] : type;
}

const ROLE_LABELS: Readonly<Record<string, string>> = {
  CUSTOMER: 'Customer',
  CUSTOMER_ALTERNATE: 'Customer alternate',
  BOOKED_BY: 'Booked by',
  PASSENGER: 'Passenger',
  ADDITIONAL_CONTACT: 'Additional contact',
  SUPPLIER: 'Supplier',
  SUPPLIER_ALTERNATE: 'Supplier alternate',
  DRIVER: 'Driver',
  DUTY_SUPPORTER: 'Duty supporter',
  USER: 'Staff',
};

export const roleLabel = (role: string): string => ROLE_LABELS[role] ?? role;

export const STATUS_LABELS: Readonly<Record<string, string>> = {
  QUEUED: 'Queued',
  SENT: 'Sent',
  FAILED: 'Failed',
};

export function statusColour(status: string): string {
  return status === 'SENT' ? 'green' : status === 'FAILED' ? 'red' : 'gray';
}

export const DELIVERY_LABELS: Readonly<Record<string, string>> = {
  DELIVERED: 'Delivered',
  UNDELIVERED: 'Undelivered',
  PENDING: 'No report yet',
};

/** What the provider reported after sending, in words; nothing before it is sent. */
export function deliveryText(message: { status: string; deliveryStatus: string | null }): string {
  if (message.deliveryStatus) return DELIVERY_LABELS[message.deliveryStatus] ?? message.deliveryStatus;
  return message.status === 'SENT' ? (DELIVERY_LABELS.PENDING ?? '') : '';
}

/**
 * A key for one resend, made once per click and kept until it succeeds, so a double click or a retried
 * request sends once. From getRandomValues, which (unlike randomUUID) works on a plain-http page too.
 */
export function newResendKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
