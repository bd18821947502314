// Driver chat for staff and for WhatsApp's webhook: a booking's conversations, a message to the driver
// (free text only inside WhatsApp's 24-hour window, else the duty again), resolving, and what the
// webhook reports — statuses that move a message forward only, replies that open the window or answer
// the duty. Every input is checked before SQL; staff need view_booking to read and send_duty_info to
// write; the webhook's events come only from the gateway, as the system.
import { getPermission, PERMISSION } from '@fleet/domain';
import {
  type Caller,
  type ChatFailureKind,
  type ChatWebhookEvent,
  chatTextSchema,
  conflict,
  type Database,
  invalid,
  invalidField,
  type Logger,
  notFound,
  permissionDenied,
  requireId,
  requireServiceCaller,
  SYSTEM_PERMISSION,
} from '@fleet/platform';
import { fallBackToSms, publishChatChange } from '../delivery/chat-fallback';
import {
  dutyPreview,
  dutyTemplateParameters,
  movesForward,
  reportedStatus,
  storedTemplateValues,
  tripAnswerOf,
  windowIsOpen,
} from '../domain/chat-flow';
import { MessagingEvents } from '../events/published';
import {
  type ChatMessageRow,
  type ConversationRow,
  conversationById,
  conversationForInbound,
  conversationsOfBooking,
  isLatestTemplate,
  messageByWhatsAppId,
  messagesOfConversations,
  queueChatMessage,
  recordDriverWrote,
  recordInbound,
  recordReportedStatus,
  resolveConversation,
  setFlowStatus,
} from '../storage/chat-store';

/** The approved WhatsApp template the duty goes as, and its language. */
export interface DutyTemplate {
  name: string;
  language: string;
}

export interface ChatThread {
  conversation: ConversationRow;
  messages: ChatMessageRow[];
}

export type SendChatInput = { conversationId: string } & (
  | { kind: 'TEXT'; text: string }
  | { kind: 'RESEND_DUTY' }
);

type StaffCaller = Caller & { tenantId: string; userId: string };

function need(caller: Caller, permission: string, what: string) {
  if (!caller.permissions.includes(permission)) {
    throw permissionDenied(
      `You need the “${getPermission(permission)?.name ?? permission}” permission to ${what}.`,
    );
  }
}

export function createDriverChat(deps: {
  db: Database;
  logger: Logger;
  duty: DutyTemplate;
  /** The business phone number our messages go from; webhook events naming another are not ours. */
  businessNumberId?: string;
  clock?: () => Date;
}) {
  const { db, logger, duty } = deps;
  const now = deps.clock ?? (() => new Date());

  /** Whether an event is about our business number; without one, nothing went through WhatsApp. */
  function isOurs(event: ChatWebhookEvent): boolean {
    if (deps.businessNumberId !== undefined && event.businessNumberId === deps.businessNumberId) return true;
    logger.warn(
      { whatsappMessageId: event.providerMessageId, businessNumberId: event.businessNumberId },
      'a WhatsApp webhook event for another business number left out',
    );
    return false;
  }

  async function applyStatus(event: Extract<ChatWebhookEvent, { kind: 'status' }>): Promise<boolean> {
    if (!isOurs(event)) return false;
    return db.asSystem(async (tx) => {
      const message = await messageByWhatsAppId(tx, event.providerMessageId);
      const reported = reportedStatus[event.status];
      if (!message || !movesForward(message.status, reported)) return false;
      const updated = await recordReportedStatus(tx, message.id, {
        status: reported,
        at: event.at,
        ...(event.error
          ? {
              error: [event.error.title, event.error.details].filter(Boolean).join(': '),
              code: event.error.code,
            }
          : {}),
      });
      if (!updated) return false;
      if (reported === 'FAILED') {
        const failure: ChatFailureKind | undefined = event.error?.failure;
        await fallBackToSms(tx, updated, failure);
      } else if (updated.kind === 'TEMPLATE' && (await isLatestTemplate(tx, updated))) {
        if (reported === 'DELIVERED' || reported === 'READ')
          await setFlowStatus(tx, updated.conversationId, 'SUCCESS', ['DUTY_SLIP_MESSAGE_PUSHED']);
      }
      await publishChatChange(tx, MessagingEvents.chatStatusChanged, updated);
      return true;
    });
  }

  async function applyInbound(event: Extract<ChatWebhookEvent, { kind: 'message' }>): Promise<boolean> {
    if (!isOurs(event)) return false;
    return db.asSystem(async (tx) => {
      const found = await conversationForInbound(tx, event.from, event.contextMessageId);
      if (!found) {
        logger.info(
          { whatsappMessageId: event.providerMessageId },
          'a WhatsApp message from a number with no driver chat',
        );
        return false;
      }
      const { conversation } = found;
      const { content } = event;
      const recorded = await recordInbound(tx, {
        tenantId: conversation.tenantId,
        conversationId: conversation.id,
        whatsappMessageId: event.providerMessageId,
        kind: content.type === 'text' ? 'TEXT' : content.type === 'button' ? 'BUTTON_REPLY' : 'OTHER',
        text: content.type === 'other' ? `(${content.messageType})` : content.text,
        at: event.at,
      });
      if (!recorded) return false;
      await recordDriverWrote(tx, conversation.id, event.at);
      // A tap under a message of someone else's conversation answers no duty of this one.
      const answersHere = found.answers || !event.contextMessageId;
      const answer =
        content.type === 'button' && answersHere ? tripAnswerOf(content.payload, content.text) : undefined;
      if (answer) await setFlowStatus(tx, conversation.id, answer);
      await publishChatChange(tx, MessagingEvents.chatReplyReceived, recorded);
      return true;
    });
  }

  return {
    /** A booking's conversations, newest first, each with its messages oldest first. */
    async forBooking(caller: StaffCaller, bookingId: string): Promise<ChatThread[]> {
      need(caller, PERMISSION.view_booking, 'see the driver chat');
      const id = requireId(bookingId, 'bookingId');
      return db.read(caller.tenantId, async (tx) => {
        const conversations = await conversationsOfBooking(tx, id);
        const messages = await messagesOfConversations(
          tx,
          conversations.map((c) => c.id),
        );
        return conversations.map((conversation) => ({
          conversation,
          messages: messages.filter((m) => m.conversationId === conversation.id),
        }));
      });
    },

    /**
     * Queues a message to the driver (the chat worker sends it after commit): free text only while the
     * driver's last message is less than 24 hours old, the duty template again at any time.
     */
    async send(caller: StaffCaller, input: SendChatInput): Promise<ChatMessageRow> {
      need(caller, PERMISSION.send_duty_info, 'write to drivers');
      const conversationId = requireId(input.conversationId, 'conversationId');
      let text: string | undefined;
      if (input.kind === 'TEXT') {
        const checked = chatTextSchema.safeParse(input.text);
        if (!checked.success)
          throw invalidField('text', `The message ${checked.error.issues[0]?.message ?? 'is not valid'}.`);
        text = checked.data;
      } else if (input.kind !== 'RESEND_DUTY') {
        throw invalid('Send either a text or the duty again.', [
          { field: 'content', message: 'Choose text or resendDuty.' },
        ]);
      }
      return db.withTenant(caller.tenantId, async (tx) => {
        const conversation = await conversationById(tx, conversationId);
        if (!conversation) throw notFound('The conversation');
        // PostgreSQL's driver answers timestamps of raw queries as text.
        const lastInboundAt = conversation.lastInboundAt ? new Date(conversation.lastInboundAt) : null;
        if (text !== undefined && !windowIsOpen(lastInboundAt, now())) {
          throw invalidField(
            'text',
            'The 24-hour window is closed: the driver has not written in the last 24 hours, so WhatsApp allows only the duty template. Re-send the duty instead.',
          );
        }
        const values = storedTemplateValues(conversation.dutyValues);
        const queued = await queueChatMessage(tx, {
          tenantId: caller.tenantId,
          conversationId,
          sourceId: `staff:${caller.requestId}`,
          sentBy: caller.userId,
          ...(text !== undefined
            ? { kind: 'TEXT' as const, text }
            : {
                kind: 'TEMPLATE' as const,
                text: dutyPreview(values),
                template: {
                  name: duty.name,
                  language: duty.language,
                  parameters: dutyTemplateParameters(values),
                },
              }),
        });
        if (!queued) throw conflict('This request has already sent its message.');
        if (text === undefined) await setFlowStatus(tx, conversationId, 'DUTY_SLIP_MESSAGE_PUSHED');
        return queued;
      });
    },

    /** Marks a conversation resolved; resolving it again changes nothing. */
    async resolve(caller: StaffCaller, conversationId: string): Promise<ConversationRow> {
      need(caller, PERMISSION.send_duty_info, 'resolve a driver chat');
      const id = requireId(conversationId, 'conversationId');
      return db.withTenant(caller.tenantId, async (tx) => {
        const resolved = await resolveConversation(tx, id, caller.userId);
        if (resolved) return resolved;
        const existing = await conversationById(tx, id);
        if (!existing) throw notFound('The conversation');
        return existing;
      });
    },

    /**
     * What WhatsApp's webhook reported, verified by the gateway. Each event is applied in its own
     * transaction; one already applied (a replayed delivery) changes nothing. `refused`: why the
     * delivery's events that failed their checks were left out, logged. Answers how many changed
     * something.
     */
    async receiveWebhook(
      caller: Caller,
      events: readonly ChatWebhookEvent[],
      refused: readonly string[] = [],
    ): Promise<number> {
      requireServiceCaller(caller, ['gateway'], SYSTEM_PERMISSION.receiveChatWebhook);
      for (const reason of refused) logger.warn({ reason }, 'a WhatsApp webhook event refused and left out');
      let applied = 0;
      for (const event of events) {
        const changed = event.kind === 'status' ? await applyStatus(event) : await applyInbound(event);
        if (changed) applied++;
      }
      return applied;
    },
  };
}

export type DriverChat = ReturnType<typeof createDriverChat>;
