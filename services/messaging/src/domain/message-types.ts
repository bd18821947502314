// Every kind of message the log holds, by channel, and the contact roles of spec §3 they go to. The
// migrations' checks list the same words; a new kind is added to both.
import { MESSAGE_LOG_EMAIL_TYPES, MESSAGE_LOG_PUSH_TYPES, MESSAGE_LOG_SMS_TYPES } from '@fleet/domain';

export const EMAIL_TYPES = MESSAGE_LOG_EMAIL_TYPES;
export type EmailType = (typeof EMAIL_TYPES)[number];

/** Notifications to the driver app through FCM (Firebase Cloud Messaging). */
export const PUSH_TYPES = MESSAGE_LOG_PUSH_TYPES;
export type PushType = (typeof PUSH_TYPES)[number];

/** The SMS types of spec §9, billing's texts, and the sign-in code (which belongs to no operator). */
export const TEXT_TYPES = [...MESSAGE_LOG_SMS_TYPES, 'SIGN_IN_CODE_SMS'] as const;
export type TextType = (typeof TEXT_TYPES)[number];

export const MESSAGE_TYPES = [...TEXT_TYPES, ...EMAIL_TYPES, ...PUSH_TYPES] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MESSAGE_CHANNELS = ['SMS', 'EMAIL', 'PUSH'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const isPushType = (type: string): type is PushType =>
  (PUSH_TYPES as readonly string[]).includes(type);

export const channelOf = (type: MessageType): MessageChannel =>
  (EMAIL_TYPES as readonly string[]).includes(type) ? 'EMAIL' : isPushType(type) ? 'PUSH' : 'SMS';

export const isMessageChannel = (value: string): value is MessageChannel =>
  (MESSAGE_CHANNELS as readonly string[]).includes(value);

export const isMessageType = (value: string): value is MessageType =>
  (MESSAGE_TYPES as readonly string[]).includes(value);

export const RECIPIENT_ROLES = [
  'CUSTOMER',
  'CUSTOMER_ALTERNATE',
  'BOOKED_BY',
  'PASSENGER',
  'ADDITIONAL_CONTACT',
  'SUPPLIER',
  'SUPPLIER_ALTERNATE',
  'DRIVER',
  'DUTY_SUPPORTER',
  'USER',
] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];

/** SENT or FAILED (spec §9), QUEUED before the first try. */
export const MESSAGE_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What a provider's delivery report says after SENT. */
export const DELIVERY_STATUSES = ['DELIVERED', 'UNDELIVERED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
