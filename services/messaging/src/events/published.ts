import { createOutbox, defineEvent } from '@fleet/platform';
import { ChatChangedSchema, MessageChangedSchema } from '@fleet/proto/fleet/messaging/v1/events_pb';
import { SCHEMA } from '../storage/migrations';

/**
 * Every event messaging publishes, on subjects fleet.messaging.<entity>.<event> (events.proto), enqueued
 * through this outbox in the transaction that records the change.
 */
export const MessagingEvents = {
  messageSent: defineEvent('fleet.messaging.message.sent', MessageChangedSchema),
  messageFailed: defineEvent('fleet.messaging.message.failed', MessageChangedSchema),
  messageDeliveryReported: defineEvent('fleet.messaging.message.delivery_reported', MessageChangedSchema),
  chatReplyReceived: defineEvent('fleet.messaging.chat.reply_received', ChatChangedSchema),
  chatStatusChanged: defineEvent('fleet.messaging.chat.status_changed', ChatChangedSchema),
} as const;

export const messagingOutbox = createOutbox(SCHEMA);
