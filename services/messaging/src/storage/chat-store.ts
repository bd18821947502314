// Driver chat's SQL: conversations per booking and driver's number, their messages both ways, the chat
// worker's claims and results, and what WhatsApp's webhook reports. Row-level security keeps a tenant's
// queries to its operator; the worker and the webhook work as the system role, across operators (a
// WhatsApp id or a driver's number names no operator), and every row they touch carries its own.
import { idArray, rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import type { ChatDirection, ChatFlowStatus, ChatMessageKind, ChatMessageStatus } from '../domain/chat-flow';
import type { TemplateValues } from '../domain/templates';
import { SCHEMA } from './migrations';

const conversations = sql.raw(`${SCHEMA}.chat_conversations`);
const messages = sql.raw(`${SCHEMA}.chat_messages`);

export interface ConversationRow {
  id: string;
  tenantId: string;
  bookingId: string;
  bookingNo: string;
  driverName: string;
  driverPhone: string;
  flowStatus: ChatFlowStatus;
  dutyValues: unknown;
  lastInboundAt: Date | null;
  fallbackMessageId: string | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ChatMessageRow {
  id: string;
  tenantId: string;
  conversationId: string;
  direction: ChatDirection;
  kind: ChatMessageKind;
  text: string;
  templateName: string | null;
  templateLanguage: string | null;
  templateParameters: unknown;
  whatsappMessageId: string | null;
  status: ChatMessageStatus;
  error: string | null;
  errorCode: number | null;
  sentBy: string | null;
  provider: string | null;
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
}

/** A claimed outgoing message with the number it goes to. */
export type ClaimedChatMessage = ChatMessageRow & { driverPhone: string };

const CONVERSATION = sql.raw(`
  c.id, c.tenant_id as "tenantId", c.booking_id as "bookingId", c.booking_no::text as "bookingNo",
  c.driver_name as "driverName", c.driver_phone as "driverPhone", c.flow_status as "flowStatus",
  c.duty_values as "dutyValues", c.last_inbound_at as "lastInboundAt", c.fallback_message_id as "fallbackMessageId",
  c.resolved_by as "resolvedBy", c.resolved_at as "resolvedAt", c.created_at as "createdAt", c.updated_at as "updatedAt"`);

const MESSAGE = sql.raw(`
  m.id, m.tenant_id as "tenantId", m.conversation_id as "conversationId", m.direction, m.kind, m.text,
  m.template_name as "templateName", m.template_language as "templateLanguage",
  m.template_parameters as "templateParameters", m.whatsapp_message_id as "whatsappMessageId", m.status,
  m.error, m.error_code as "errorCode", m.sent_by as "sentBy", m.provider, m.attempts,
  m.next_attempt_at as "nextAttemptAt", m.created_at as "createdAt", m.sent_at as "sentAt",
  m.delivered_at as "deliveredAt", m.read_at as "readAt"`);

/**
 * The conversation of a booking with this driver's number, made on the first allotment and started
 * afresh on a later one (the duty again on its way, no longer resolved).
 */
export async function openConversation(
  tx: Tx,
  c: {
    tenantId: string;
    bookingId: string;
    bookingNo: string;
    driverName: string;
    driverPhone: string;
    dutyValues: TemplateValues;
  },
): Promise<ConversationRow> {
  const [row] = await rows<ConversationRow>(
    tx,
    sql`insert into ${conversations} as c (tenant_id, booking_id, booking_no, driver_name, driver_phone,
          flow_status, duty_values)
        values (${c.tenantId}, ${c.bookingId}, ${c.bookingNo}::bigint, ${c.driverName}, ${c.driverPhone},
          'DUTY_SLIP_MESSAGE_PUSHED', ${JSON.stringify(c.dutyValues)}::jsonb)
        on conflict (tenant_id, booking_id, driver_phone) do update
          set flow_status = 'DUTY_SLIP_MESSAGE_PUSHED', duty_values = excluded.duty_values,
              booking_no = excluded.booking_no, driver_name = excluded.driver_name,
              resolved_by = null, resolved_at = null, updated_at = now()
        returning ${CONVERSATION}`,
  );
  if (!row) throw new Error('the conversation was neither written nor found');
  return row;
}

export interface NewChatMessage {
  tenantId: string;
  conversationId: string;
  /** What it comes from (an allotment event, a staff request): a second write of the same is ignored. */
  sourceId: string;
  kind: 'TEMPLATE' | 'TEXT';
  text: string;
  template?: { name: string; language: string; parameters: string[] };
  sentBy: string | null;
}

/** Queues an outgoing message for the chat worker; undefined when its source already wrote it. */
export async function queueChatMessage(tx: Tx, m: NewChatMessage): Promise<ChatMessageRow | undefined> {
  const [row] = await rows<ChatMessageRow>(
    tx,
    sql`insert into ${messages} as m (tenant_id, conversation_id, source_id, direction, kind, text,
          template_name, template_language, template_parameters, status, sent_by, next_attempt_at)
        values (${m.tenantId}, ${m.conversationId}, ${m.sourceId}, 'OUT', ${m.kind}, ${m.text},
          ${m.template?.name ?? null}, ${m.template?.language ?? null},
          ${m.template ? JSON.stringify(m.template.parameters) : null}::jsonb, 'QUEUED', ${m.sentBy}, now())
        on conflict (tenant_id, source_id) where source_id is not null do nothing
        returning ${MESSAGE}`,
  );
  return row;
}

export async function conversationsOfBooking(tx: Tx, bookingId: string): Promise<ConversationRow[]> {
  return rows<ConversationRow>(
    tx,
    sql`select ${CONVERSATION} from ${conversations} c where c.booking_id = ${bookingId}::uuid
        order by c.created_at desc, c.id desc`,
  );
}

export async function messagesOfConversations(
  tx: Tx,
  conversationIds: readonly string[],
): Promise<ChatMessageRow[]> {
  if (conversationIds.length === 0) return [];
  return rows<ChatMessageRow>(
    tx,
    sql`select ${MESSAGE} from ${messages} m
        where m.conversation_id = any(${idArray(conversationIds)})
        order by m.created_at, m.id`,
  );
}

export async function conversationById(tx: Tx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await rows<ConversationRow>(
    tx,
    sql`select ${CONVERSATION} from ${conversations} c where c.id = ${id}::uuid`,
  );
  return row;
}

export async function setFlowStatus(
  tx: Tx,
  conversationId: string,
  status: ChatFlowStatus,
  onlyFrom?: readonly ChatFlowStatus[],
): Promise<ConversationRow | undefined> {
  const from = onlyFrom ? sql` and c.flow_status = any(${`{${onlyFrom.join(',')}}`}::text[])` : sql``;
  const [row] = await rows<ConversationRow>(
    tx,
    sql`update ${conversations} c set flow_status = ${status}, updated_at = now()
        where c.id = ${conversationId}::uuid and c.flow_status <> ${status}${from}
        returning ${CONVERSATION}`,
  );
  return row;
}

/** Resolved by `userId`; a conversation already resolved keeps who resolved it first. */
export async function resolveConversation(
  tx: Tx,
  conversationId: string,
  userId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await rows<ConversationRow>(
    tx,
    sql`update ${conversations} c
        set flow_status = 'CONVERSATION_RESOLVED', resolved_by = ${userId}::uuid, resolved_at = now(), updated_at = now()
        where c.id = ${conversationId}::uuid and c.resolved_at is null
        returning ${CONVERSATION}`,
  );
  return row;
}

export async function recordFallback(
  tx: Tx,
  conversationId: string,
  fallbackMessageId: string,
  status: 'FALLBACK_TEXT_PUSHED' | 'INVALID_PHONE_NUMBER',
): Promise<ConversationRow | undefined> {
  const [row] = await rows<ConversationRow>(
    tx,
    sql`update ${conversations} c
        set fallback_message_id = ${fallbackMessageId}::uuid, flow_status = ${status}, updated_at = now()
        where c.id = ${conversationId}::uuid
        returning ${CONVERSATION}`,
  );
  return row;
}

/** The conversations a booking's driver step moves: this driver's on this booking, unless resolved. */
export async function liveConversationsOf(
  tx: Tx,
  bookingId: string,
  driverPhone: string,
): Promise<ConversationRow[]> {
  return rows<ConversationRow>(
    tx,
    sql`select ${CONVERSATION} from ${conversations} c
        where c.booking_id = ${bookingId}::uuid and c.driver_phone = ${driverPhone} and c.resolved_at is null`,
  );
}

/**
 * Claims up to `limit` outgoing chat messages due to be tried, for this worker alone (for update skip
 * locked, the next try moved `leaseMs` ahead), as the delivery worker claims texts.
 */
export function claimDueChat(tx: Tx, limit: number, leaseMs: number): Promise<ClaimedChatMessage[]> {
  return rows<ClaimedChatMessage>(
    tx,
    sql`with due as (
          select id as claimed_id from ${messages}
          where status in ('QUEUED', 'FAILED') and next_attempt_at is not null and next_attempt_at <= now()
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        update ${messages} m
          set attempts = m.attempts + 1,
              next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}),
              updated_at = now()
        from due, ${conversations} c
        where m.id = due.claimed_id and c.id = m.conversation_id
        returning ${MESSAGE}, c.driver_phone as "driverPhone"`,
  );
}

export async function recordChatSent(
  tx: Tx,
  id: string,
  result: { provider: string; whatsappMessageId: string },
): Promise<ChatMessageRow | undefined> {
  const [row] = await rows<ChatMessageRow>(
    tx,
    sql`update ${messages} m
        set status = 'SENT', provider = ${result.provider}, whatsapp_message_id = ${result.whatsappMessageId},
            error = null, error_code = null, next_attempt_at = null, sent_at = now(), updated_at = now()
        where m.id = ${id}::uuid and m.status in ('QUEUED', 'FAILED')
        returning ${MESSAGE}`,
  );
  return row;
}

export async function recordChatFailed(
  tx: Tx,
  id: string,
  result: { provider: string; error: string; code: number | null; retryAt: Date | null },
): Promise<ChatMessageRow | undefined> {
  const [row] = await rows<ChatMessageRow>(
    tx,
    sql`update ${messages} m
        set status = 'FAILED', provider = ${result.provider}, error = ${result.error}, error_code = ${result.code},
            next_attempt_at = ${result.retryAt}, updated_at = now()
        where m.id = ${id}::uuid and m.status in ('QUEUED', 'FAILED')
        returning ${MESSAGE}`,
  );
  return row;
}

/** The message WhatsApp knows by this id, locked for the report about it. */
export async function messageByWhatsAppId(
  tx: Tx,
  whatsappMessageId: string,
): Promise<ChatMessageRow | undefined> {
  const [row] = await rows<ChatMessageRow>(
    tx,
    sql`select ${MESSAGE} from ${messages} m where m.whatsapp_message_id = ${whatsappMessageId} for update`,
  );
  return row;
}

/** A status WhatsApp reported, written as given (the caller checked it moves the message forward). */
export async function recordReportedStatus(
  tx: Tx,
  id: string,
  report: { status: ChatMessageStatus; at: Date; error?: string; code?: number },
): Promise<ChatMessageRow | undefined> {
  const [row] = await rows<ChatMessageRow>(
    tx,
    sql`update ${messages} m
        set status = ${report.status},
            delivered_at = case when ${report.status} in ('DELIVERED', 'READ') then coalesce(m.delivered_at, ${report.at}) else m.delivered_at end,
            read_at = case when ${report.status} = 'READ' then ${report.at} else m.read_at end,
            error = case when ${report.status} = 'FAILED' then ${report.error ?? null} else m.error end,
            error_code = case when ${report.status} = 'FAILED' then ${report.code ?? null}::integer else m.error_code end,
            next_attempt_at = null, updated_at = now()
        where m.id = ${id}::uuid
        returning ${MESSAGE}`,
  );
  return row;
}

/** Whether this is the conversation's latest duty template (the one whose fate the flow status tells). */
export async function isLatestTemplate(tx: Tx, message: ChatMessageRow): Promise<boolean> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`select id from ${messages}
        where conversation_id = ${message.conversationId}::uuid and kind = 'TEMPLATE'
        order by created_at desc, id desc limit 1`,
  );
  return row?.id === message.id;
}

/**
 * The conversation a driver's message belongs to: the one holding the message it answers when that
 * conversation is with this number (`answers`), else the number's most recently active conversation
 * (unresolved first), whichever operator it is with. A message quoting another number's conversation
 * never lands in it.
 */
export async function conversationForInbound(
  tx: Tx,
  from: string,
  contextMessageId: string | undefined,
): Promise<{ conversation: ConversationRow; answers: boolean } | undefined> {
  if (contextMessageId) {
    const [answered] = await rows<ConversationRow>(
      tx,
      sql`select ${CONVERSATION} from ${conversations} c
          join ${messages} m on m.conversation_id = c.id
          where m.whatsapp_message_id = ${contextMessageId} and c.driver_phone = ${from}`,
    );
    if (answered) return { conversation: answered, answers: true };
  }
  const [latest] = await rows<ConversationRow>(
    tx,
    sql`select ${CONVERSATION} from ${conversations} c where c.driver_phone = ${from}
        order by (c.resolved_at is null) desc, c.updated_at desc, c.id desc limit 1`,
  );
  return latest && { conversation: latest, answers: false };
}

/**
 * Records a driver's message once (a replayed webhook finds it written); undefined when it was. It
 * takes its place in the conversation when it arrives (WhatsApp's own time, to the second, is its
 * sent_at), so a reply never sorts above the message it answers.
 */
export async function recordInbound(
  tx: Tx,
  m: {
    tenantId: string;
    conversationId: string;
    whatsappMessageId: string;
    kind: 'TEXT' | 'BUTTON_REPLY' | 'OTHER';
    text: string;
    at: Date;
  },
): Promise<ChatMessageRow | undefined> {
  const [row] = await rows<ChatMessageRow>(
    tx,
    sql`insert into ${messages} as m (tenant_id, conversation_id, direction, kind, text, whatsapp_message_id,
          status, provider, sent_at)
        values (${m.tenantId}, ${m.conversationId}, 'IN', ${m.kind}, ${m.text}, ${m.whatsappMessageId},
          'RECEIVED', 'whatsapp', ${m.at})
        on conflict (whatsapp_message_id) where whatsapp_message_id is not null do nothing
        returning ${MESSAGE}`,
  );
  return row;
}

/** The driver wrote at `at`: the 24-hour window runs from the latest such moment. */
export async function recordDriverWrote(tx: Tx, conversationId: string, at: Date): Promise<void> {
  await tx.execute(
    sql`update ${conversations} set last_inbound_at = greatest(last_inbound_at, ${at}), updated_at = now()
        where id = ${conversationId}::uuid`,
  );
}
