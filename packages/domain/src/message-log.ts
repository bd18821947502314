// The message log as operators see it (spec §2's /operations/business/sms and /email, and the pushes to
// the driver app): the kinds of message, their statuses, and what resending one needs. The messaging service, the gateway and the web
// app read these; messaging's migrations list the same words in their checks.
import type { PermissionId } from './permissions/catalogue';
import { SMS_TYPES } from './vocabulary';

export const MESSAGE_LOG_CHANNELS = ['SMS', 'EMAIL', 'PUSH'] as const;
export type MessageLogChannel = (typeof MESSAGE_LOG_CHANNELS)[number];

export const MESSAGE_LOG_EMAIL_TYPES = [
  'CONFIRMATION_EMAIL',
  'DUTY_INFO_EMAIL',
  'DUTY_SLIP_EMAIL',
  'INVOICE_EMAIL',
  'PURCHASE_INVOICE_EMAIL',
  'PETTY_CASH_INFO_EMAIL',
  'RECEIPT_EMAIL',
  'PAYMENT_REQUEST_EMAIL',
] as const;

/**
 * Texts from billing, beside spec §9's booking texts: a petty cash entry sent to the person it names,
 * a customer asked to pay (its link written into the text).
 */
export const MESSAGE_LOG_BILLING_SMS_TYPES = ['PETTY_CASH_INFO_SMS', 'PAYMENT_REQUEST_SMS'] as const;
/** Every text an operator words: the booking's and billing's. */
export const MESSAGE_LOG_SMS_TYPES = [...SMS_TYPES, ...MESSAGE_LOG_BILLING_SMS_TYPES] as const;
export type MessageLogSmsType = (typeof MESSAGE_LOG_SMS_TYPES)[number];

/** Notifications to the driver app: a duty allotted to the driver, and one taken away (cancelled or allotted elsewhere). */
export const MESSAGE_LOG_PUSH_TYPES = ['NEW_DUTY_PUSH', 'DUTY_CANCELLED_PUSH'] as const;

/** The kinds an operator words itself (its message templates): the texts and the emails. A push's words are the product's. */
export const MESSAGE_TEMPLATE_TYPES = [...MESSAGE_LOG_SMS_TYPES, ...MESSAGE_LOG_EMAIL_TYPES] as const;
export type MessageTemplateType = (typeof MESSAGE_TEMPLATE_TYPES)[number];

/**
 * The kinds an operator's log can hold: spec §9's SMS types, the emails and the pushes. The sign-in code
 * belongs to no operator, so no operator's log shows it and none can filter by it.
 */
export const MESSAGE_LOG_TYPES = [...MESSAGE_TEMPLATE_TYPES, ...MESSAGE_LOG_PUSH_TYPES] as const;
export type MessageLogType = (typeof MESSAGE_LOG_TYPES)[number];

/** A template's kind as a service wrote it, or undefined when it is none an operator words. */
export const messageTemplateTypeOf = (value: string): MessageTemplateType | undefined =>
  MESSAGE_TEMPLATE_TYPES.find((type) => type === value);

/** A kind as a service wrote it, or undefined when it is none of the operator's kinds. */
export const messageLogTypeOf = (value: string): MessageLogType | undefined =>
  MESSAGE_LOG_TYPES.find((type) => type === value);

/** The kinds each screen lists. */
export const MESSAGE_LOG_TYPES_BY_CHANNEL: Record<MessageLogChannel, readonly MessageLogType[]> = {
  SMS: MESSAGE_LOG_SMS_TYPES,
  EMAIL: MESSAGE_LOG_EMAIL_TYPES,
  PUSH: MESSAGE_LOG_PUSH_TYPES,
};

/** QUEUED before the first try, then SENT (the provider took it) or FAILED (spec §9). */
export const MESSAGE_LOG_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type MessageLogStatus = (typeof MESSAGE_LOG_STATUSES)[number];

/** What a provider's delivery report said after SENT; PENDING is a sent message with no report yet. */
export const MESSAGE_DELIVERY_FILTERS = ['DELIVERED', 'UNDELIVERED', 'PENDING'] as const;
export type MessageDeliveryFilter = (typeof MESSAGE_DELIVERY_FILTERS)[number];

/** Seeing the log, a message and resending one all start from this. */
export const MESSAGE_LOG_PERMISSION = 'view_sms' satisfies PermissionId;

/**
 * What resending a message needs beside view_sms: a booking's confirmation is sent again by whoever
 * may send confirmations by that channel, a receipt's email by whoever may email receipts, a payment
 * request by whoever may send one (email_invoice), every other text, email or push by whoever may send
 * a duty's information (the catalogue's send_duty_info).
 */
export function resendPermissionFor(type: string): PermissionId {
  if (type === 'CONFIRMATION_SMS') return 'send_booking_confirmation_sms';
  if (type === 'CONFIRMATION_EMAIL') return 'send_booking_confirmation_email';
  if (type === 'PETTY_CASH_INFO_SMS' || type === 'PETTY_CASH_INFO_EMAIL') return 'send_petty_cash_info';
  // Billing's customer messages are sent again by whoever may send them.
  if (type === 'RECEIPT_EMAIL') return 'email_receipt';
  if (type === 'PAYMENT_REQUEST_EMAIL' || type === 'PAYMENT_REQUEST_SMS') return 'email_invoice';
  return 'send_duty_info';
}
