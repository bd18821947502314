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
    recipientEmail: textOrNull(message.recipientEmail),
    deliveryStatus: textOrNull(message.deliveryStatus),
    resentFromId: textOrNull(message.resentFromId),
  };
}

/** Everything the log holds of a message, with who asked for it by name. */
export function messageDetailToJson(message: Message, names: ReadonlyMap<string, string>) {
  return {
    ...messageToJson(message),
    subject: textOrNull(message.subject),
    attachmentNames: message.attachmentNames,
    dltTemplateId: textOrNull(message.dltTemplateId),
    senderId: textOrNull(message.senderId),
    deliveryError: textOrNull(message.deliveryError),
    deliveredAt: dateOrNull(message.deliveredAt),
    requestedBy: textOrNull(message.requestedBy),
    requestedByName: names.get(message.requestedBy) ?? null,
  };
}
