import type { Message } from '@fleet/proto/fleet/messaging/v1/message_pb';
import { dateOrNull, textOrNull } from '../shared-mappers';

export function messageToJson(message: Message) {
  return {
    id: message.id,
    type: message.type,
    channel: message.channel,
    recipientRole: message.recipientRole,
    recipientName: message.recipientName,
    recipientPhone: message.recipientPhone,
    bookingId: textOrNull(message.bookingId),
    bookingNo: message.bookingNo > 0n ? message.bookingNo.toString() : null,
    text: message.text,
    status: message.status,
    provider: textOrNull(message.provider),
    providerMessageId: textOrNull(message.providerMessageId),
    error: textOrNull(message.error),
    attempts: message.attempts,
    nextAttemptAt: dateOrNull(message.nextAttemptAt),
    createdAt: dateOrNull(message.createdAt),
    sentAt: dateOrNull(message.sentAt),
  };
}
