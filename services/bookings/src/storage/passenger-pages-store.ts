// The passenger's pages: links by their token's hash, slip approvals and feedback responses. A link is
// found as the system (a visitor names no operator: the link says which); everything else runs under
// the operator's row-level security.
import type { PublicLinkPurpose, SlipApprovalState } from '@fleet/domain';
import { type CursorShape, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import { dutyTrack, routePoints } from './location-store';

export interface PublicLinkRecord {
  tenantId: string;
  bookingId: string;
  purpose: PublicLinkPurpose;
  expiresAt: Date;
}

export async function insertPublicLink(
  tx: Tx,
  link: PublicLinkRecord & { tokenHash: string; issuedAt: Date; issuedTo: string },
): Promise<void> {
  await tx.execute(sql`
    insert into bookings.public_links (token_hash, tenant_id, booking_id, purpose, issued_at, expires_at, issued_to)
    values (decode(${link.tokenHash}, 'hex'), ${link.tenantId}, ${link.bookingId}, ${link.purpose},
      ${link.issuedAt}, ${link.expiresAt}, ${link.issuedTo})`);
}

/** The link whose token hashes to `tokenHash` (hex), whatever its purpose or expiry; run as the system. */
export async function findPublicLink(tx: Tx, tokenHash: string): Promise<PublicLinkRecord | undefined> {
  const [found] = await rows<PublicLinkRecord>(
    tx,
    sql`select tenant_id as "tenantId", booking_id as "bookingId", purpose, expires_at as "expiresAt"
        from bookings.public_links where token_hash = decode(${tokenHash}, 'hex')`,
  );
  return found;
}

/** A duty's slip links last no longer than `until` (30 days after its answer). */
export async function shortenSlipLinks(tx: Tx, bookingId: string, until: Date): Promise<void> {
  await tx.execute(sql`
    update bookings.public_links set expires_at = greatest(issued_at + interval '1 second', least(expires_at, ${until}))
    where booking_id = ${bookingId} and purpose = 'DIGITAL_DUTY_SLIP'`);
}

export interface SlipApprovalRecord {
  bookingId: string;
  state: SlipApprovalState;
  requestedAt: Date;
  dueAt: Date;
  answeredAt: Date | null;
  reason: string;
  signatureFileId: string | null;
  chargesShown: boolean;
  contentHash: string | null;
}

/**
 * The passenger's signature taken on the driver's screen (spec §3 customer_signature), and when: the
 * phone's time of the act that carried it. Undefined when the passenger did not sign there.
 */
export async function driverPhoneSignature(
  tx: Tx,
  bookingId: string,
): Promise<{ fileId: string; at: Date | null } | undefined> {
  const [found] = await rows<{ fileId: string; at: Date | null }>(
    tx,
    sql`select b.customer_signature_file_id::text as "fileId",
          (select max(a.at) from bookings.driver_actions a
            where a.booking_id = b.id and lower(a.details ->> 'signatureFileId') = b.customer_signature_file_id::text) as at
        from bookings.bookings b where b.id = ${bookingId} and b.customer_signature_file_id is not null`,
  );
  return found;
}

const APPROVAL_COLUMNS = sql.raw(`booking_id as "bookingId", state, requested_at as "requestedAt",
  due_at as "dueAt", answered_at as "answeredAt", reason, signature_file_id::text as "signatureFileId",
  charges_shown as "chargesShown", content_hash as "contentHash"`);

/** Asks the passenger to approve a duty's slip; false when it was asked before (nothing changes). */
export async function insertSlipApproval(
  tx: Tx,
  input: { tenantId: string; bookingId: string; requestedAt: Date; dueAt: Date },
): Promise<boolean> {
  const made = await rows<{ id: string }>(
    tx,
    sql`insert into bookings.slip_approvals (booking_id, tenant_id, state, requested_at, due_at)
        values (${input.bookingId}, ${input.tenantId}, 'PENDING', ${input.requestedAt}, ${input.dueAt})
        on conflict (booking_id) do nothing returning booking_id as id`,
  );
  return made.length === 1;
}

export async function getSlipApproval(
  tx: Tx,
  bookingId: string,
  options: { lock?: boolean } = {},
): Promise<SlipApprovalRecord | undefined> {
  const [found] = await rows<SlipApprovalRecord>(
    tx,
    sql`select ${APPROVAL_COLUMNS} from bookings.slip_approvals where booking_id = ${bookingId}
        ${options.lock ? sql`for update` : sql``}`,
  );
  return found;
}

export async function recordSlipAnswer(
  tx: Tx,
  bookingId: string,
  answer: {
    state: Exclude<SlipApprovalState, 'PENDING'>;
    answeredAt: Date;
    reason: string;
    signatureFileId: string | null;
    chargesShown: boolean;
    contentHash: string;
  },
): Promise<void> {
  await tx.execute(sql`
    update bookings.slip_approvals set state = ${answer.state}, answered_at = ${answer.answeredAt},
      reason = ${answer.reason}, signature_file_id = ${answer.signatureFileId},
      charges_shown = ${answer.chargesShown}, content_hash = ${answer.contentHash}, claimed_until = null
    where booking_id = ${bookingId} and state = 'PENDING'`);
}

/**
 * Leases up to `limit` pending approvals due by `now` that no other worker holds, across operators (run
 * as the system): each is this worker's until `leaseUntil`, so two processes never take the same one.
 */
export function claimDueApprovals(
  tx: Tx,
  query: { now: Date; leaseUntil: Date; limit: number },
): Promise<{ bookingId: string; tenantId: string }[]> {
  return rows(
    tx,
    sql`update bookings.slip_approvals a set claimed_until = ${query.leaseUntil}
        from (
          select booking_id from bookings.slip_approvals
          where state = 'PENDING' and due_at <= ${query.now}
            and (claimed_until is null or claimed_until <= ${query.now})
          order by due_at limit ${query.limit}
          for update skip locked
        ) due
        where a.booking_id = due.booking_id
        returning a.booking_id as "bookingId", a.tenant_id as "tenantId"`,
  );
}

/** A question as it was asked, and its answer as values (a text as one, choices as several). */
export interface AnsweredQuestionRecord {
  label: string;
  type: string;
  values: string[];
}

export interface FeedbackRecord {
  bookingId: string;
  formId: string | null;
  formName: string;
  answers: AnsweredQuestionRecord[];
  answeredAt: Date;
}

/** Keeps a duty's feedback; false when it was answered before (nothing changes). */
export async function insertFeedback(tx: Tx, tenantId: string, feedback: FeedbackRecord): Promise<boolean> {
  const made = await rows<{ id: string }>(
    tx,
    sql`insert into bookings.feedback_responses (booking_id, tenant_id, form_id, form_name, answers, answered_at)
        values (${feedback.bookingId}, ${tenantId}, ${feedback.formId}, ${feedback.formName},
          ${JSON.stringify(feedback.answers)}::jsonb, ${feedback.answeredAt})
        on conflict (booking_id) do nothing returning booking_id as id`,
  );
  return made.length === 1;
}

const FEEDBACK_COLUMNS = sql.raw(`f.booking_id as "bookingId", f.form_id::text as "formId",
  f.form_name as "formName", f.answers, f.answered_at as "answeredAt"`);

export async function getFeedback(tx: Tx, bookingId: string): Promise<FeedbackRecord | undefined> {
  const [found] = await rows<FeedbackRecord>(
    tx,
    sql`select ${FEEDBACK_COLUMNS} from bookings.feedback_responses f where f.booking_id = ${bookingId}`,
  );
  return found;
}

/** A feedback response as the list shows it: with its duty's number, customer and first passenger. */
export interface ListedFeedback extends FeedbackRecord {
  bookingNo: string;
  customerId: string;
  customerName: string;
  passengerName: string;
  sortKey: string;
}

const ANSWERED: CursorShape = { sort: { type: 'timestamp', nullable: false } };

/** Up to `limit + 1` feedback responses after the cursor, newest first (toPage makes the page). */
export function listFeedback(
  tx: Tx,
  query: { cursor?: string; limit: number; customerId?: string },
): Promise<ListedFeedback[]> {
  const page = keyset({
    sortKey: sql.raw('f.answered_at'),
    id: sql.raw('f.booking_id'),
    direction: 'desc',
    cursor: query.cursor,
    shape: ANSWERED,
  });
  const conditions: SQL[] = [sql`true`];
  if (query.customerId) conditions.push(sql`b.customer_id = ${query.customerId}`);
  if (page.after) conditions.push(page.after);
  return rows<ListedFeedback>(
    tx,
    sql`select ${FEEDBACK_COLUMNS}, b.booking_no::text as "bookingNo", b.customer_id as "customerId",
          b.customer_name as "customerName",
          coalesce((select c.name from bookings.booking_contacts c
            where c.booking_id = b.id and c.role = 'PASSENGER' order by c.position limit 1), '') as "passengerName",
          f.answered_at::text as "sortKey"
        from bookings.feedback_responses f join bookings.bookings b on b.id = f.booking_id
        where ${sql.join(conditions, sql` and `)}
        order by ${page.orderBy} limit ${query.limit + 1}`,
  );
}

export interface RoutePointRecord {
  latitude: number;
  longitude: number;
  at: Date;
}

/** The passenger's map draws at most this many points of a route, evenly spread over it. */
const SLIP_ROUTE_MAX_POINTS = 2_000;

/** A duty's tracked route, in time order, for the passenger's slip (read from its own months only). */
export async function routePointsOf(tx: Tx, bookingId: string): Promise<RoutePointRecord[]> {
  const track = await dutyTrack(tx, bookingId);
  if (!track?.firstAt || !track.lastAt) return [];
  const every = Math.ceil(track.points / SLIP_ROUTE_MAX_POINTS);
  const points = await routePoints(tx, { bookingId, from: track.firstAt, to: track.lastAt, every });
  return points.map((p) => ({ latitude: p.latitude, longitude: p.longitude, at: new Date(p.atMs) }));
}
