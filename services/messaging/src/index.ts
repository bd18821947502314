export type { DeliveryWorker } from './delivery/delivery-worker';
export type { RetryPolicy } from './delivery/retry';
export {
  BOOKING_SMS_TYPES,
  type BookingChange,
  type BookingFacts,
  type PlannedMessage,
  textsFor,
} from './domain/booking-texts';
export {
  EMAIL_TYPES,
  MESSAGE_TYPES,
  type MessageType,
  RECIPIENT_ROLES,
  type RecipientRole,
} from './domain/message-types';
export { DEFAULT_TEMPLATES, renderTemplate, templateValues } from './domain/templates';
export {
  createMessagingModule,
  type MessagingModule,
  type MessagingModuleDeps,
  type MessagingSettings,
  messagingService,
  messagingSettings,
} from './module';
export { VIEW_SMS } from './use-cases/message-log';
