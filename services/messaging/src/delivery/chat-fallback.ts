// When the duty cannot go by chat — WhatsApp refused it, reported it failed, the number is not on
// WhatsApp, or its tries ran out — the driver gets the DRIVER_ALLOTMENT_SMS instead, written once per
// conversation into the message log (the delivery worker sends it), and the flow status says so.
import { randomUUID } from 'node:crypto';
import type { ChatFailureKind, Tx } from '@fleet/platform';
import { chatMessageToProto, conversationToProto } from '../chat-mappers';
import { storedTemplateValues } from '../domain/chat-flow';
import { DEFAULT_TEMPLATES, renderTemplate } from '../domain/templates';
import { type MessagingEvents, messagingOutbox } from '../events/published';
import {
  type ChatMessageRow,
  type ConversationRow,
  conversationById,
  isLatestTemplate,
  recordFallback,
  setFlowStatus,
} from '../storage/chat-store';
import { insertMessages } from '../storage/messages-store';

export const fallbackEventId = (conversationId: string) => `chat-fallback:${conversationId}`;

/**
 * After a chat message failed for good: for the conversation's latest duty template, the SMS instead
 * (INVALID_PHONE_NUMBER when the number is not on WhatsApp, else FALLBACK_TEXT_PUSHED), or FAILED when
 * its SMS was already written. Other messages (staff texts) carry their failure on themselves.
 */
export async function fallBackToSms(
  tx: Tx,
  message: ChatMessageRow,
  failure: ChatFailureKind | undefined,
): Promise<void> {
  if (message.kind !== 'TEMPLATE' || !(await isLatestTemplate(tx, message))) return;
  const conversation = await conversationById(tx, message.conversationId);
  if (!conversation) return;
  const values = storedTemplateValues(conversation.dutyValues);
  const [written] = await insertMessages(tx, [
    {
      tenantId: conversation.tenantId,
      eventId: fallbackEventId(conversation.id),
      type: 'DRIVER_ALLOTMENT_SMS',
      role: 'DRIVER',
      name: conversation.driverName,
      phone: conversation.driverPhone,
      bookingId: conversation.bookingId,
      bookingNo: conversation.bookingNo,
      text: renderTemplate(DEFAULT_TEMPLATES.DRIVER_ALLOTMENT_SMS, values),
      variables: values,
    },
  ]);
  if (written) {
    await recordFallback(
      tx,
      conversation.id,
      written.id,
      failure === 'not_on_whatsapp' ? 'INVALID_PHONE_NUMBER' : 'FALLBACK_TEXT_PUSHED',
    );
  } else {
    await setFlowStatus(tx, conversation.id, 'FAILED');
  }
}

/** Tells of a chat change through the outbox, in the transaction that made it. */
export async function publishChatChange(
  tx: Tx,
  event: typeof MessagingEvents.chatReplyReceived | typeof MessagingEvents.chatStatusChanged,
  message: ChatMessageRow,
  conversation?: ConversationRow,
): Promise<void> {
  const current = conversation ?? (await conversationById(tx, message.conversationId));
  await messagingOutbox.enqueue(
    tx,
    event,
    {
      tenantId: message.tenantId,
      conversation: current ? conversationToProto(current) : undefined,
      message: chatMessageToProto(message),
    },
    { tenantId: message.tenantId, requestId: randomUUID() },
  );
}
