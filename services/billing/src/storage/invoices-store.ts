// The invoices (billing.invoices), their duties, their number series and their history.
import type { JsonValue } from '@bufbuild/protobuf';
import type { InvoiceKind, InvoiceStatus } from '@fleet/domain';
import { type CursorShape, conflict, idArray, idIn, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';

/** A live invoice holds its duties; a cancelled or discarded one has let them go. */
export const LIVE_STATUSES: readonly InvoiceStatus[] = ['DRAFT', 'APPROVED'];

/** What the list reads of an invoice: its columns, never its document. */
export interface InvoiceRow {
  id: string;
  invoiceNo: string;
  prefix: string;
  sequence: string;
  financialYear: string;
  status: InvoiceStatus;
  isDispatched: boolean;
  isDownloaded: boolean;
  kind: InvoiceKind;
  customerId: string;
  companyId: string;
  companyProfileId: string | null;
  invoiceDate: string;
  dueDate: string;
  startDate: string | null;
  endDate: string | null;
  buyerName: string;
  buyerGstNo: string;
  total: string;
  /** billing.v1.InvoiceTotals as protobuf JSON. */
  totals: JsonValue;
  notes: string;
  cancellationReason: string;
  reissueOfId: string | null;
  reissuedAsId: string | null;
  version: number;
  /** Timestamps come back as PostgreSQL's text. */
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  dispatchedAt: string | null;
}

/** An invoice whole: its columns and its document (billing.v1.Invoice protobuf JSON). */
export type InvoiceRecord = InvoiceRow & { document: JsonValue };

const ROW_COLUMNS = sql.raw(`v.id, v.invoice_no as "invoiceNo", v.prefix, v.sequence::text as "sequence",
  v.financial_year as "financialYear", v.status, v.is_dispatched as "isDispatched",
  v.is_downloaded as "isDownloaded", v.kind, v.customer_id as "customerId", v.company_id as "companyId",
  v.company_profile_id as "companyProfileId", to_char(v.invoice_date, 'YYYY-MM-DD') as "invoiceDate",
  to_char(v.due_date, 'YYYY-MM-DD') as "dueDate", to_char(v.start_date, 'YYYY-MM-DD') as "startDate",
  to_char(v.end_date, 'YYYY-MM-DD') as "endDate", v.buyer_name as "buyerName", v.buyer_gst_no as "buyerGstNo",
  v.total::text as total, v.totals, v.notes, v.cancellation_reason as "cancellationReason",
  v.reissue_of_id as "reissueOfId", v.reissued_as_id as "reissuedAsId", v.version, v.created_at as "createdAt",
  v.updated_at as "updatedAt", v.approved_at as "approvedAt", v.dispatched_at as "dispatchedAt"`);

/** The documents numbered per GST registration and financial year (rule 46). */
export type NumberedDocument = 'INVOICE' | 'RECEIPT' | 'CREDIT_NOTE' | 'DEBIT_NOTE';

/**
 * What a company's documents are numbered under: its GSTIN, which every record of that registration
 * shares, or the company record itself when it is not registered for GST.
 */
export const registrationOf = (company: { id: string; gstNo: string }) =>
  company.gstNo.trim() ? company.gstNo.trim().toUpperCase() : `company:${company.id}`;

/**
 * Takes `count` consecutive numbers of a registration's series (of invoices, receipts, credit or debit
 * notes) for a financial year and answers the first.
 * The series row stays locked until the transaction ends, so concurrent invoicing in one series queues
 * here and a rolled-back transaction gives its numbers back: no gap, no number twice.
 */
export async function takeSequences(
  tx: Tx,
  series: { tenantId: string; registration: string; financialYear: string },
  count: number,
  document: NumberedDocument = 'INVOICE',
): Promise<bigint> {
  const [row] = await rows<{ first: string }>(
    tx,
    sql`insert into billing.registration_series as s (tenant_id, document, registration, financial_year, next_sequence)
        values (${series.tenantId}, ${document}, ${series.registration}, ${series.financialYear}, ${count + 1})
        on conflict (tenant_id, document, registration, financial_year) do update set next_sequence = s.next_sequence + ${count}
        returning (s.next_sequence - ${count})::text as first`,
  );
  return BigInt(row!.first);
}

export interface NewInvoice {
  id: string;
  tenantId: string;
  invoiceNo: string;
  prefix: string;
  sequence: bigint;
  financialYear: string;
  kind: InvoiceRow['kind'];
  customerId: string;
  companyId: string;
  companyProfileId: string | null;
  invoiceDate: string;
  dueDate: string;
  startDate: string | null;
  endDate: string | null;
  buyerName: string;
  buyerGstNo: string;
  total: string;
  totals: JsonValue;
  document: JsonValue;
  notes: string;
  reissueOfId: string | null;
  createdByUserId: string | null;
}

/** Writes new drafts, many in one statement (the month-end run makes hundreds at once). */
export async function insertInvoices(tx: Tx, invoices: readonly NewInvoice[]): Promise<void> {
  if (invoices.length === 0) return;
  const values = invoices.map((v) => ({ ...v, sequence: v.sequence.toString() }));
  await tx.execute(sql`
    insert into billing.invoices (id, tenant_id, invoice_no, prefix, sequence, financial_year, status, kind,
      customer_id, company_id, company_profile_id, invoice_date, due_date, start_date, end_date, buyer_name,
      buyer_gst_no, total, totals, document, notes, reissue_of_id, created_by_user_id)
    select v."id", v."tenantId", v."invoiceNo", v."prefix", v."sequence", v."financialYear", 'DRAFT', v."kind",
      v."customerId", v."companyId", v."companyProfileId", v."invoiceDate", v."dueDate", v."startDate",
      v."endDate", v."buyerName", v."buyerGstNo", v."total", v."totals", v."document", v."notes",
      v."reissueOfId", v."createdByUserId"
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v("id" uuid, "tenantId" uuid, "invoiceNo" text,
      "prefix" text, "sequence" bigint, "financialYear" text, "kind" text, "customerId" uuid, "companyId" uuid,
      "companyProfileId" uuid, "invoiceDate" date, "dueDate" date, "startDate" date, "endDate" date,
      "buyerName" text, "buyerGstNo" text, "total" numeric, "totals" jsonb, "document" jsonb, "notes" text,
      "reissueOfId" uuid, "createdByUserId" uuid)`);
}

/** What a draft's edit rewrites. */
export type InvoiceContent = Pick<
  NewInvoice,
  | 'kind'
  | 'customerId'
  | 'companyProfileId'
  | 'invoiceDate'
  | 'dueDate'
  | 'startDate'
  | 'endDate'
  | 'buyerName'
  | 'buyerGstNo'
  | 'total'
  | 'totals'
  | 'document'
  | 'notes'
>;

export async function rewriteInvoice(tx: Tx, id: string, content: InvoiceContent): Promise<void> {
  await tx.execute(sql`update billing.invoices set kind = ${content.kind}, customer_id = ${content.customerId},
      company_profile_id = ${content.companyProfileId}, invoice_date = ${content.invoiceDate},
      due_date = ${content.dueDate}, start_date = ${content.startDate}, end_date = ${content.endDate},
      buyer_name = ${content.buyerName}, buyer_gst_no = ${content.buyerGstNo}, total = ${content.total},
      totals = ${JSON.stringify(content.totals)}::jsonb, document = ${JSON.stringify(content.document)}::jsonb,
      notes = ${content.notes}, version = version + 1, updated_at = now()
    where id = ${id}`);
}

/** A change of state: approved, dispatched, downloaded, discarded, cancelled, reissued. */
export async function markInvoice(
  tx: Tx,
  id: string,
  change: {
    status?: InvoiceStatus;
    approved?: boolean;
    dispatched?: boolean;
    downloaded?: boolean;
    cancellationReason?: string;
    reissuedAsId?: string;
  },
): Promise<void> {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (change.status) sets.push(sql`status = ${change.status}`);
  if (change.approved) sets.push(sql`approved_at = now()`);
  if (change.dispatched) sets.push(sql`is_dispatched = true`, sql`dispatched_at = now()`);
  if (change.downloaded) sets.push(sql`is_downloaded = true`);
  if (change.cancellationReason !== undefined)
    sets.push(sql`cancellation_reason = ${change.cancellationReason}`);
  if (change.reissuedAsId) sets.push(sql`reissued_as_id = ${change.reissuedAsId}`);
  await tx.execute(sql`update billing.invoices set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

export async function getInvoice(tx: Tx, id: string, lock = false): Promise<InvoiceRecord | undefined> {
  const [found] = await rows<InvoiceRecord>(
    tx,
    sql`select ${ROW_COLUMNS}, v.document from billing.invoices v where v.id = ${id}
        ${lock ? sql`for update` : sql``}`,
  );
  return found;
}

/** Invoices by id, whole, in the order asked; absent ids are left out. */
export async function getInvoices(tx: Tx, ids: readonly string[]): Promise<InvoiceRecord[]> {
  if (ids.length === 0) return [];
  const found = await rows<InvoiceRecord>(
    tx,
    sql`select ${ROW_COLUMNS}, v.document from billing.invoices v where v.id = any(${idArray(ids)})`,
  );
  const byId = new Map(found.map((invoice) => [invoice.id, invoice]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Puts duties on an invoice, refusing any another live invoice holds (the one-live-invoice index):
 * the ids refused are answered, and nothing is written when there are any.
 */
export async function attachDuties(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  bookingIds: readonly string[],
): Promise<void> {
  await attachDutiesToInvoices(tx, tenantId, [{ invoiceId, bookingIds }]);
}

/** Puts each invoice's duties on it, in one check and one insert for them all (as attachDuties refuses). */
export async function attachDutiesToInvoices(
  tx: Tx,
  tenantId: string,
  invoices: readonly { invoiceId: string; bookingIds: readonly string[] }[],
): Promise<void> {
  const pairs = invoices.flatMap(({ invoiceId, bookingIds }) =>
    bookingIds.map((bookingId) => ({ invoiceId, bookingId })),
  );
  if (pairs.length === 0) return;
  // By the live-duty index (ids as an array, which the planner looks up one by one), any invoice but these.
  const held = await rows<{ bookingId: string; invoiceNo: string }>(
    tx,
    sql`select x.booking_id as "bookingId", v.invoice_no as "invoiceNo" from billing.invoice_duties x
        join billing.invoices v on v.id = x.invoice_id
        where x.is_live and x.tenant_id = ${tenantId} and x.booking_id = any(${idArray(pairs.map((p) => p.bookingId))})
          and x.invoice_id <> all(${idArray(invoices.map((i) => i.invoiceId))})`,
  );
  if (held.length > 0) throw dutiesAlreadyInvoiced(held);
  try {
    await tx.execute(sql`insert into billing.invoice_duties (invoice_id, booking_id, tenant_id)
        select w."invoiceId", w."bookingId", ${tenantId}
        from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as w("invoiceId" uuid, "bookingId" uuid)
        on conflict (invoice_id, booking_id) do update set is_live = true`);
  } catch (error) {
    if (isUniqueViolation(error)) throw dutiesAlreadyInvoiced([]);
    throw error;
  }
}

/** Lets an invoice's duties go (all of them, or those named): they are bill-pending again. */
export async function releaseDuties(
  tx: Tx,
  invoiceId: string,
  bookingIds?: readonly string[],
): Promise<void> {
  await tx.execute(sql`update billing.invoice_duties set is_live = false where invoice_id = ${invoiceId}
      ${bookingIds ? sql`and booking_id = any(${idArray(bookingIds)})` : sql``}`);
}

export async function bookingIdsOf(tx: Tx, invoiceId: string): Promise<string[]> {
  const found = await rows<{ bookingId: string }>(
    tx,
    sql`select booking_id as "bookingId" from billing.invoice_duties where invoice_id = ${invoiceId} and is_live`,
  );
  return found.map((r) => r.bookingId);
}

function dutiesAlreadyInvoiced(held: { bookingId: string; invoiceNo: string }[]) {
  const which = held.map((h) => `on invoice ${h.invoiceNo}`);
  return conflict(
    held.length > 0
      ? `A duty is already invoiced (${[...new Set(which)].join(', ')}); cancel that invoice first.`
      : 'A duty was invoiced by someone else just now; reload and try again.',
    'DUTY_ALREADY_INVOICED',
  );
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

export interface NewActivity {
  id: string;
  tenantId: string;
  invoiceId: string;
  userId: string | null;
  actorUserId: string | null;
  action: string;
  note?: string;
}

export async function addActivity(tx: Tx, entry: NewActivity): Promise<void> {
  await addActivities(tx, [entry]);
}

/** Lines of history, many in one statement, in the order given. */
export async function addActivities(tx: Tx, entries: readonly NewActivity[]): Promise<void> {
  if (entries.length === 0) return;
  const values = entries.map((entry) => ({ ...entry, note: entry.note ?? '' }));
  await tx.execute(sql`insert into billing.invoice_activity (id, tenant_id, invoice_id, user_id, actor_user_id,
      action, note)
    select a."id", a."tenantId", a."invoiceId", a."userId", a."actorUserId", a."action", a."note"
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as a("id" uuid, "tenantId" uuid, "invoiceId" uuid,
      "userId" uuid, "actorUserId" uuid, "action" text, "note" text)`);
}

export interface ActivityRow {
  id: string;
  at: string;
  userId: string | null;
  actorUserId: string | null;
  action: string;
  note: string;
}

export async function activityOf(tx: Tx, invoiceId: string): Promise<ActivityRow[]> {
  return rows<ActivityRow>(
    tx,
    sql`select id, at, user_id as "userId", actor_user_id as "actorUserId", action, note
        from billing.invoice_activity where invoice_id = ${invoiceId} order by at, id`,
  );
}

export const INVOICE_SORTS = ['invoice_date', 'created_at', 'start_date', 'invoice_no'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
const INVOICE_SORT_SHAPES: Record<InvoiceSort, CursorShape> = {
  // By the invoice's date, its number breaking the day's ties: what "newest first" means to a reader.
  invoice_date: { sort: { type: 'date', nullable: false }, tieBreak: 'text' },
  created_at: { sort: { type: 'timestamp', nullable: false } },
  start_date: { sort: { type: 'date', nullable: true } },
  invoice_no: { sort: { type: 'text', nullable: false } },
};

export interface InvoiceFilters {
  search?: string;
  statuses: readonly InvoiceStatus[];
  customerIds: readonly string[];
  companyIds: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  dispatched?: boolean;
}

/** The conditions of the list's filters on billing.invoices as `v`: the list, its export and its count. */
export function invoiceConditions(filters: InvoiceFilters): SQL[] {
  const where: SQL[] = [];
  const search = filters.search?.trim();
  if (search) {
    // Leakproof conditions only (`^@`, `=`), so that row-level security lets them use their indexes.
    const prefix = search.toLowerCase();
    where.push(sql`(v.invoice_no_key ^@ ${prefix} or v.buyer_name_key ^@ ${prefix}
      or v.buyer_gst_no = ${search.toUpperCase()})`);
  }
  if (filters.statuses.length > 0)
    where.push(
      sql`v.status in (${sql.join(
        filters.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filters.customerIds.length > 0) where.push(idIn(sql`v.customer_id`, filters.customerIds));
  if (filters.companyIds.length > 0) where.push(idIn(sql`v.company_id`, filters.companyIds));
  if (filters.dateFrom) where.push(sql`v.invoice_date >= ${filters.dateFrom}::date`);
  if (filters.dateTo) where.push(sql`v.invoice_date <= ${filters.dateTo}::date`);
  if (filters.dispatched !== undefined) where.push(sql`v.is_dispatched = ${filters.dispatched}`);
  return where;
}

export interface InvoiceListPage {
  sortBy: InvoiceSort;
  direction: 'asc' | 'desc';
  cursor?: string;
  limit: number;
}

/** An invoice as the list reads it: its row and its sort key(s) for the page's cursor. */
export type InvoiceListRow = InvoiceRow & { sortKey: string | null; sortTieBreak: string | null };

/** The list's query: up to `limit + 1` invoices of a filter, keyset-paged by one of its sorts. */
export function invoiceListQuery(filters: InvoiceFilters, page: InvoiceListPage): SQL {
  const column = sql.raw(`v.${page.sortBy}`);
  const shape = INVOICE_SORT_SHAPES[page.sortBy];
  const tieBreak = shape.tieBreak ? sql.raw('v.invoice_no') : undefined;
  const paging = keyset({
    sortKey: column,
    tieBreak,
    id: sql.raw('v.id'),
    direction: page.direction,
    cursor: page.cursor,
    shape,
  });
  const where = invoiceConditions(filters);
  if (paging.after) where.push(paging.after);
  return sql`select ${ROW_COLUMNS}, ${column}::text as "sortKey", ${tieBreak ?? sql`null`}::text as "sortTieBreak"
      from billing.invoices v
      ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
      order by ${paging.orderBy} limit ${page.limit + 1}`;
}

/** Up to `limit + 1` invoices of a filter, keyset-paged by one of the list's sorts. */
export async function listInvoices(
  tx: Tx,
  filters: InvoiceFilters,
  page: InvoiceListPage,
): Promise<InvoiceListRow[]> {
  return rows(tx, invoiceListQuery(filters, page));
}

/** What a listed invoice's page link carries: its sort key(s) and id. */
export function invoiceCursorOf(
  row: InvoiceListRow,
): [value: string | null, id: string] | [value: string | null, id: string, tieBreak: string] {
  return row.sortTieBreak === null ? [row.sortKey, row.id] : [row.sortKey, row.id, row.sortTieBreak];
}
