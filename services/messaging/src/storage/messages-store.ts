// The message log's SQL: writing a booking event's texts once, the delivery worker's claims and
// results, and the keyset-paged log. Row-level security keeps a tenant's queries to its operator; the
// worker claims as the system role, across operators, and records each result under its operator.
import { type CursorShape, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MessageChannel, MessageStatus, MessageType, RecipientRole } from '../domain/message-types';
import { SCHEMA } from './migrations';

const messages = sql.raw(`${SCHEMA}.messages`);

export interface NewMessage {
  /** Null only for a sign-in code, which belongs to no operator. */
  tenantId: string | null;
  /** What the message comes from: an event's id, or a request's id for one sent by hand. */
  eventId: string;
  type: MessageType;
  channel?: MessageChannel;
  role: RecipientRole;
  name: string;
  /** An SMS's number; empty for an email; a push's driver's, for the log. */
  phone: string;
  /** An email's address; empty for an SMS or a push. */
  email?: string;
  /** A push's recipient: the driver master whose app it goes to (its token is looked up when it is sent). */
  driverId?: string;
  subject?: string;
  attachments?: MessageAttachment[];
  bookingId: string | null;
  bookingNo: string | null;
  text: string;
  /** The template's variables as filled, for providers that send a DLT template id and its values. */
  variables: Record<string, string>;
  dltTemplateId?: string;
  senderId?: string;
  requestedBy?: string;
  resentFromId?: string;
  /** A payment request's link token, put into its words only when it is sent (paymentLinkTokenOf). */
  paymentLinkToken?: string;
}

/** A file an email carries, fetched from its owner when the email is sent: a duty's slip, an invoice. */
export type MessageAttachment =
  | { kind: 'DUTY_SLIP'; bookingId: string; fileName: string }
  | { kind: 'INVOICE'; invoiceId: string; fileName: string }
  | { kind: 'PURCHASE_INVOICE'; purchaseInvoiceId: string; fileName: string }
  | { kind: 'RECEIPT'; receiptId: string; fileName: string };

export interface MessageRow {
  id: string;
  tenantId: string | null;
  type: string;
  channel: string;
  recipientRole: string;
  recipientName: string;
  recipientPhone: string;
  bookingId: string | null;
  bookingNo: string | null;
  text: string;
  variables: unknown;
  status: MessageStatus;
  provider: string | null;
  providerMessageId: string | null;
  error: string | null;
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  /** created_at as PostgreSQL writes it, for the page link. */
  createdAtText: string;
  sentAt: Date | null;
  recipientEmail: string;
  subject: string;
  attachments: unknown;
  dltTemplateId: string;
  senderId: string;
  deliveryStatus: 'DELIVERED' | 'UNDELIVERED' | null;
  deliveryError: string | null;
  deliveredAt: Date | null;
  requestedBy: string | null;
  resentFromId: string | null;
  recipientDriverId: string | null;
}

const COLUMNS = sql.raw(`
  id, tenant_id as "tenantId", type, channel, recipient_role as "recipientRole", recipient_name as "recipientName",
  recipient_phone as "recipientPhone", booking_id as "bookingId", booking_no::text as "bookingNo", text, variables,
  status, provider, provider_message_id as "providerMessageId", error, attempts, next_attempt_at as "nextAttemptAt",
  created_at as "createdAt", created_at::text as "createdAtText", sent_at as "sentAt",
  recipient_email as "recipientEmail", subject, attachments, dlt_template_id as "dltTemplateId", sender_id as "senderId",
  delivery_status as "deliveryStatus", delivery_error as "deliveryError", delivered_at as "deliveredAt",
  requested_by as "requestedBy", resent_from_id as "resentFromId", recipient_driver_id as "recipientDriverId"`);

/**
 * Writes messages, each once: one already written for this (event, type, channel, recipient) — the
 * event redelivered past the consumer's own record, a request retried — is left as it is. Answers the
 * rows that were new.
 */
export async function insertMessages(tx: Tx, planned: NewMessage[]): Promise<MessageRow[]> {
  if (planned.length === 0) return [];
  const filled = planned.map((m) => ({
    ...m,
    channel: m.channel ?? 'SMS',
    email: m.email ?? '',
    driverId: m.driverId ?? null,
    subject: m.subject ?? '',
    attachments: m.attachments ?? [],
    dltTemplateId: m.dltTemplateId ?? '',
    senderId: m.senderId ?? '',
    requestedBy: m.requestedBy ?? null,
    resentFromId: m.resentFromId ?? null,
    paymentLinkToken: m.paymentLinkToken ?? null,
  }));
  return rows<MessageRow>(
    tx,
    sql`insert into ${messages} (tenant_id, event_id, type, channel, recipient_role, recipient_name,
          recipient_phone, recipient_email, recipient_driver_id, subject, attachments, booking_id, booking_no,
          text, variables, dlt_template_id, sender_id, requested_by, resent_from_id, payment_link_token)
        select m."tenantId", m."eventId", m.type, m.channel, m.role, m.name, m.phone, m.email, m."driverId",
          m.subject, m.attachments, m."bookingId", m."bookingNo"::bigint, m.text, m.variables, m."dltTemplateId",
          m."senderId", m."requestedBy", m."resentFromId", m."paymentLinkToken"
        from jsonb_to_recordset(${JSON.stringify(filled)}::jsonb) as m(
          "tenantId" uuid, "eventId" text, type text, channel text, role text, name text, phone text,
          email text, "driverId" uuid, subject text, attachments jsonb, "bookingId" uuid, "bookingNo" text,
          text text, variables jsonb, "dltTemplateId" text, "senderId" text, "requestedBy" uuid,
          "resentFromId" uuid, "paymentLinkToken" text)
        on conflict (tenant_id, event_id, type, channel, recipient_phone, recipient_email, recipient_driver_id)
          do nothing
        returning ${COLUMNS}`,
  );
}

/**
 * A payment request's link token, for the delivery worker (and a resend) alone: it is read nowhere
 * else, so the log never answers a working link.
 */
export async function paymentLinkTokenOf(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await rows<{ token: string | null }>(
    tx,
    sql`select payment_link_token as token from ${messages} where id = ${id}`,
  );
  return row?.token ?? undefined;
}

/**
 * Claims up to `limit` texts and emails due to be tried, for this worker alone: rows another worker
 * holds are skipped (for update skip locked), and each claimed row's next try moves `leaseMs` ahead, so
 * no other worker takes it while this one sends. A worker that dies mid-send leaves the row to be tried
 * again when the lease runs out. Run as the system role: the worker serves every operator. Pushes are
 * the push worker's (claimDuePushes).
 */
export function claimDue(tx: Tx, limit: number, leaseMs: number): Promise<MessageRow[]> {
  return claimed(tx, sql`channel <> 'PUSH'`, limit, leaseMs);
}

/** Claims up to `limit` pushes due to be tried, for this push worker alone, as claimDue does texts. */
export function claimDuePushes(tx: Tx, limit: number, leaseMs: number): Promise<MessageRow[]> {
  return claimed(tx, sql`channel = 'PUSH'`, limit, leaseMs);
}

function claimed(tx: Tx, channels: SQL, limit: number, leaseMs: number): Promise<MessageRow[]> {
  return rows<MessageRow>(
    tx,
    sql`with due as (
          select id as claimed_id from ${messages}
          where status <> 'SENT' and next_attempt_at is not null and next_attempt_at <= now() and ${channels}
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        update ${messages} m
          set attempts = m.attempts + 1,
              next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}),
              updated_at = now()
        from due where m.id = due.claimed_id
        returning ${COLUMNS}`,
  );
}

export function recordSent(
  tx: Tx,
  id: string,
  result: { provider: string; providerMessageId: string },
): Promise<MessageRow[]> {
  return rows<MessageRow>(
    tx,
    sql`update ${messages}
        set status = 'SENT', provider = ${result.provider}, provider_message_id = ${result.providerMessageId},
            error = null, next_attempt_at = null, sent_at = now(), updated_at = now()
        where id = ${id} and status <> 'SENT'
        returning ${COLUMNS}`,
  );
}

/** A failed try: tried again at `retryAt`, or given up when it is null. */
export function recordFailed(
  tx: Tx,
  id: string,
  result: { provider: string; error: string; retryAt: Date | null },
): Promise<MessageRow[]> {
  return rows<MessageRow>(
    tx,
    sql`update ${messages}
        set status = 'FAILED', provider = ${result.provider}, error = ${result.error},
            next_attempt_at = ${result.retryAt}, updated_at = now()
        where id = ${id} and status <> 'SENT'
        returning ${COLUMNS}`,
  );
}

export interface MessageListQuery {
  limit: number;
  cursor?: string;
  direction: 'asc' | 'desc';
  channel?: string;
  type?: string;
  status?: string;
  /** DELIVERED or UNDELIVERED as reported, or PENDING: sent without a report yet. */
  deliveryStatus?: string;
  /** Written at or after this instant, and before `createdBefore`. */
  createdFrom?: Date;
  createdBefore?: Date;
  recipientPhone?: string;
  recipientEmail?: string;
  bookingId?: string;
  bookingNo?: string;
  /** A lower-cased prefix of a search term (see message_search_terms in migration 0003). */
  searchTerm?: string;
  /** A booking number the search names exactly (typed padded, 00000129), matched beside the prefix. */
  bookingNoTerm?: string;
}

const CREATED_AT: CursorShape = { sort: { type: 'timestamp', nullable: false } };

/**
 * The query for up to `limit + 1` messages of the operator after the cursor, by when they were
 * written. Each filter is one condition on a column an index of migration 0003 leads with.
 */
export function messageListSql(query: MessageListQuery): SQL {
  const page = keyset({
    sortKey: sql.raw('created_at'),
    id: sql.raw('id'),
    direction: query.direction,
    cursor: query.cursor,
    shape: CREATED_AT,
  });
  const conditions: SQL[] = [];
  if (page.after) conditions.push(page.after);
  if (query.channel) conditions.push(sql`channel = ${query.channel}`);
  if (query.type) conditions.push(sql`type = ${query.type}`);
  if (query.status) conditions.push(sql`status = ${query.status}`);
  if (query.deliveryStatus === 'PENDING') {
    conditions.push(sql`status = 'SENT' and delivery_status is null`);
  } else if (query.deliveryStatus) {
    conditions.push(sql`delivery_status = ${query.deliveryStatus}`);
  }
  if (query.createdFrom) conditions.push(sql`created_at >= ${query.createdFrom.toISOString()}::timestamptz`);
  if (query.createdBefore)
    conditions.push(sql`created_at < ${query.createdBefore.toISOString()}::timestamptz`);
  if (query.recipientPhone) conditions.push(sql`recipient_phone = ${query.recipientPhone}`);
  if (query.recipientEmail) conditions.push(sql`recipient_email = ${query.recipientEmail}`);
  if (query.bookingId) conditions.push(sql`booking_id = ${query.bookingId}::uuid`);
  if (query.bookingNo) conditions.push(sql`booking_no = ${query.bookingNo}::bigint`);
  if (query.searchTerm) {
    const terms = sql.raw(`${SCHEMA}.message_search_terms`);
    conditions.push(
      query.bookingNoTerm
        ? sql`id in (select message_id from ${terms} where term ^@ ${query.searchTerm} or term = ${query.bookingNoTerm})`
        : sql`id in (select message_id from ${terms} where term ^@ ${query.searchTerm})`,
    );
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`select ${COLUMNS} from ${messages} ${where} order by ${page.orderBy} limit ${query.limit + 1}`;
}

/** Up to `limit + 1` messages of the operator after the cursor (toPage makes the page and its link). */
export function listMessages(tx: Tx, query: MessageListQuery): Promise<MessageRow[]> {
  return rows<MessageRow>(tx, messageListSql(query));
}

/** One message of the operator (row-level security keeps it to the caller's). */
export async function getMessage(tx: Tx, id: string): Promise<MessageRow | undefined> {
  const [row] = await rows<MessageRow>(tx, sql`select ${COLUMNS} from ${messages} where id = ${id}::uuid`);
  return row;
}

const attachmentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('DUTY_SLIP'), bookingId: z.string().uuid(), fileName: z.string().min(1) }),
  z.object({ kind: z.literal('INVOICE'), invoiceId: z.string().uuid(), fileName: z.string().min(1) }),
  z.object({
    kind: z.literal('PURCHASE_INVOICE'),
    purchaseInvoiceId: z.string().uuid(),
    fileName: z.string().min(1),
  }),
  z.object({ kind: z.literal('RECEIPT'), receiptId: z.string().uuid(), fileName: z.string().min(1) }),
]);

/** A row's attachments as written by insertMessages; anything else reads as none. */
export function attachmentsOf(value: unknown): MessageAttachment[] {
  const parsed = z.array(attachmentSchema).safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** One number's delivery report, checked. */
export interface DeliveryReportInput {
  providerMessageId: string;
  phone: string;
  status: 'DELIVERED' | 'UNDELIVERED';
  error: string;
  reportedAt: Date | null;
}

/**
 * Records what a provider reported on the SENT messages it matches — its id for the request and the
 * number — across operators (a provider's report names no operator): the system role runs it. A report
 * changes a message only from no report, or from UNDELIVERED to DELIVERED (a carrier that got through on
 * a later try); the same report again, or a failure after delivery, changes nothing. Answers the rows
 * it changed.
 */
export function recordDeliveryReports(
  tx: Tx,
  provider: string,
  reports: DeliveryReportInput[],
): Promise<MessageRow[]> {
  if (reports.length === 0) return Promise.resolve([]);
  return rows<MessageRow>(
    tx,
    // The report's columns are named apart from the table's, so RETURNING reads the message's own.
    sql`with report as (
          select r.report_id, r.report_phone, r.report_status, r.report_error, r.reported_at
          from jsonb_to_recordset(${JSON.stringify(
            reports.map((r) => ({
              report_id: r.providerMessageId,
              report_phone: r.phone,
              report_status: r.status,
              report_error: r.error,
              reported_at: r.reportedAt,
            })),
          )}::jsonb) as r(report_id text, report_phone text, report_status text, report_error text,
            reported_at timestamptz)
        )
        update ${messages}
          set delivery_status = report.report_status,
              delivery_error = nullif(report.report_error, ''),
              delivered_at = coalesce(report.reported_at, now()),
              updated_at = now()
        from report
        where provider = ${provider} and provider_message_id = report.report_id
          and recipient_phone = report.report_phone and status = 'SENT'
          and (delivery_status is null or (delivery_status = 'UNDELIVERED' and report.report_status = 'DELIVERED'))
        returning ${COLUMNS}`,
  );
}

/**
 * Writes a sign-in code's text, belonging to no operator, already claimed for its first try (one
 * attempt, leased for `leaseMs`), so the worker does not also take it while it is sent at once.
 */
export async function insertClaimedSignInCode(
  tx: Tx,
  message: { phone: string; text: string; code: string; expiresAt: Date },
  leaseMs: number,
): Promise<MessageRow> {
  const [row] = await rows<MessageRow>(
    tx,
    sql`insert into ${messages} (tenant_id, event_id, type, channel, recipient_role, recipient_name,
          recipient_phone, text, variables, attempts, next_attempt_at)
        values (null, gen_random_uuid()::text, 'SIGN_IN_CODE_SMS', 'SMS', 'USER', '', ${message.phone},
          ${message.text}, ${JSON.stringify({ otp: message.code, expiresAt: message.expiresAt.toISOString() })}::jsonb,
          1, now() + make_interval(secs => ${leaseMs / 1000}))
        returning ${COLUMNS}`,
  );
  if (!row) throw new Error('the sign-in code was not written');
  return row;
}

/** Takes the code out of a sign-in text once it is sent or given up: masked in the text, gone from its variables. */
export function eraseSignInCode(tx: Tx, id: string, code: string): Promise<unknown> {
  return tx.execute(
    sql`update ${messages}
        set text = replace(text, ${code}, repeat('•', length(${code}))),
            variables = variables - 'otp', updated_at = now()
        where id = ${id} and type = 'SIGN_IN_CODE_SMS'`,
  );
}

/** The messages one event or request wrote, in the order written (the operator's own, under its security). */
export function messagesOfEvent(tx: Tx, eventId: string): Promise<MessageRow[]> {
  return rows<MessageRow>(
    tx,
    sql`select ${COLUMNS} from ${messages} where event_id = ${eventId} order by created_at, channel, type, id`,
  );
}
