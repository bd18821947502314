export { type DriverChatSettings, driverChatSettingsOf } from './chat-settings';
export type { ChatWorker } from './delivery/chat-worker';
export type { DeliveryWorker } from './delivery/delivery-worker';
export type { PushWorker } from './delivery/push-worker';
export type { RetryPolicy } from './delivery/retry';
export {
  BOOKING_SMS_TYPES,
  type BookingChange,
  type BookingFacts,
  type PlannedMessage,
  textsFor,
} from './domain/booking-texts';
export { CHAT_FLOW_STATUSES, type ChatFlowStatus } from './domain/chat-flow';
export { type DutyPushReason, type PlannedPush, pushesFor, pushWords } from './domain/duty-pushes';
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
export { MAX_REPORTS } from './use-cases/delivery-reports';
export type { DriverChat, DutyTemplate } from './use-cases/driver-chat';
export { VIEW_SMS } from './use-cases/message-log';
