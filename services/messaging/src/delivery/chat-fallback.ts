// When the duty cannot go by chat — WhatsApp refused it, reported it failed, the number is not on
// WhatsApp, or its tries ran out — the driver gets the DRIVER_ALLOTMENT_SMS instead, written once per
// conversation into the message log (the delivery worker sends it), and the flow status says so.
import { randomUUID } from 'node:crypto';
import type { ChatFailureKind, Tx } from '@fleet/platform';
import { chatMessageToProto, conversationToProto } from '../chat-mappers';
import type { PlannedMessage } from '../domain/booking-texts';
import { storedTemplateValues } from '../domain/chat-flow';
import { compose } from '../domain/compose';
import { DEFAULT_TEMPLATES, renderMessage } from '../domain/templates';
import { type MessagingEvents, messagingOutbox } from '../events/published';
import { audienceOf, findBooking } from '../storage/audience-store';
import {
  type ChatMessageRow,
  type ConversationRow,
  conversationById,
  isLatestTemplate,
  recordFallback,
  setFlowStatus,
} from '../storage/chat-store';
import { insertMessages } from '../storage/messages-store';
import { operatorTemplates } from '../storage/templates-store';

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
  const [written] = await insertMessages(tx, [
    {
      ...(await fallbackText(tx, conversation)),
      tenantId: conversation.tenantId,
      eventId: fallbackEventId(conversation.id),
      bookingId: conversation.bookingId,
      bookingNo: conversation.bookingNo,
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

/**
 * The driver's text in the operator's own words (its template and DLT registration) from messaging's copy
 * of the booking; in the default words from what the conversation kept when that copy is missing.
 */
async function fallbackText(tx: Tx, conversation: ConversationRow) {
  const planned: PlannedMessage = {
    type: 'DRIVER_ALLOTMENT_SMS',
    channel: 'SMS',
    role: 'DRIVER',
    name: conversation.driverName,
    phone: conversation.driverPhone,
    email: '',
  };
  const booking = await findBooking(tx, conversation.bookingId);
  if (booking) {
    const { audience, operator } = await audienceOf(tx, conversation.tenantId, booking);
    const [composed] = compose(booking, [planned], {
      templates: await operatorTemplates(tx, conversation.tenantId),
      audience,
      companyName: operator.companyName,
      timeZone: operator.timeZone,
    });
    if (composed) return composed;
  }
  const rendered = renderMessage(
    DEFAULT_TEMPLATES.DRIVER_ALLOTMENT_SMS,
    storedTemplateValues(conversation.dutyValues),
  );
  return { ...planned, text: rendered.text, variables: rendered.values };
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
