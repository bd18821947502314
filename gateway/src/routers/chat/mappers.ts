import type { ChatConversation, ChatMessage } from '@fleet/proto/fleet/messaging/v1/chat_pb';
import { dateOrNull, textOrNull } from '../shared-mappers';

export function conversationToJson(c: ChatConversation) {
  return {
    id: c.id,
    bookingId: c.bookingId,
    bookingNo: c.bookingNo.toString(),
    driverName: c.driverName,
    driverPhone: c.driverPhone,
    flowStatus: c.flowStatus,
    lastInboundAt: dateOrNull(c.lastInboundAt),
    windowOpenUntil: dateOrNull(c.windowOpenUntil),
    fallbackMessageId: textOrNull(c.fallbackMessageId),
    resolvedBy: textOrNull(c.resolvedBy),
    resolvedAt: dateOrNull(c.resolvedAt),
    createdAt: dateOrNull(c.createdAt),
    updatedAt: dateOrNull(c.updatedAt),
  };
}

export function chatMessageToJson(m: ChatMessage) {
  return {
    id: m.id,
    conversationId: m.conversationId,
    direction: m.direction,
    kind: m.kind,
    text: m.text,
    templateName: textOrNull(m.templateName),
    status: m.status,
    error: textOrNull(m.error),
    errorCode: m.errorCode || null,
    sentBy: textOrNull(m.sentBy),
    createdAt: dateOrNull(m.createdAt),
    sentAt: dateOrNull(m.sentAt),
    deliveredAt: dateOrNull(m.deliveredAt),
    readAt: dateOrNull(m.readAt),
  };
}
