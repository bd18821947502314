// Receipts (billing.receipts), what they settle (billing.receipt_settlements), and what each approved
// invoice still asks for: its total, plus its debit notes less its credit notes (invoices.noted), less its
// live settlements (invoices.settled); both kept as they change.
import { type CursorShape, idArray, idIn, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';

export interface OpenInvoiceRow {
  invoiceId: string;
  /** Its live debit notes less its live credit notes. */
  noted: string;
  invoiceNo: string;
  customerId: string;
  companyId: string;
  status: string;
  invoiceDate: string;
  dueDate: string;
  total: string;
  /** From the stored totals; '' when they hold none. */
  taxableValue: string;
  settled: string;
  /** The TDS its live settlements deducted. */
  tdsSettled: string;
  outstanding: string;
}

const OPEN_COLUMNS = sql`i.id as "invoiceId", i.noted::text as noted, i.invoice_no as "invoiceNo", i.customer_id as "customerId",
  i.company_id as "companyId", i.status, to_char(i.invoice_date, 'YYYY-MM-DD') as "invoiceDate",
  to_char(i.due_date, 'YYYY-MM-DD') as "dueDate", i.total::text as total,
  coalesce(i.totals->>'taxableValue', '') as "taxableValue", i.settled::text as settled,
  coalesce((select sum(s.tds_amount) from billing.receipt_settlements s where s.invoice_id = i.id and s.is_live),
    0)::text as "tdsSettled",
  (i.total + i.noted - i.settled)::text as outstanding`;

/**
 * Locks the invoices a receipt settles, then reads what each still asks in a statement of its own: a
 * concurrent receipt of the same invoices holds these locks until it commits, and only a statement
 * begun after the lock was taken sees its settlements.
 */
export async function lockInvoicesToSettle(tx: Tx, ids: readonly string[]): Promise<OpenInvoiceRow[]> {
  if (ids.length === 0) return [];
  await tx.execute(sql`select i.id from billing.invoices i where i.id = any(${idArray(ids)})
    order by i.id for update of i`);
  return invoicesAsking(tx, ids);
}

/** These invoices, whatever their status, with what they still ask. */
export async function invoicesAsking(tx: Tx, ids: readonly string[]): Promise<OpenInvoiceRow[]> {
  if (ids.length === 0) return [];
  return rows<OpenInvoiceRow>(
    tx,
    sql`select ${OPEN_COLUMNS} from billing.invoices i where i.id = any(${idArray(ids)})
        order by i.invoice_date, i.invoice_no`,
  );
}

/** A customer's approved invoices that still ask for money, oldest first. */
export async function openInvoicesOf(tx: Tx, customerId: string, limit: number): Promise<OpenInvoiceRow[]> {
  return rows<OpenInvoiceRow>(
    tx,
    sql`select ${OPEN_COLUMNS} from billing.invoices i
        where i.customer_id = ${customerId} and i.is_open
        order by i.invoice_date, i.invoice_no limit ${limit}`,
  );
}

/** What a customer's live receipts hold unapplied: advances and money on account. */
export async function unappliedOf(tx: Tx, customerId: string): Promise<string> {
  const [row] = await rows<{ unapplied: string }>(
    tx,
    sql`select coalesce(sum(r.received_amount - r.applied), 0)::text as unapplied from billing.receipts r
        where r.customer_id = ${customerId} and r.is_holding`,
  );
  return row?.unapplied ?? '0';
}

/** Whether receipts settle this invoice now. */
export async function isSettled(tx: Tx, invoiceId: string): Promise<boolean> {
  const [row] = await rows<{ settled: boolean }>(
    tx,
    sql`select exists (select 1 from billing.receipt_settlements s
          where s.invoice_id = ${invoiceId} and s.is_live) as settled`,
  );
  return row?.settled ?? false;
}

export interface ReceiptRow {
  id: string;
  receiptNo: string;
  sequence: string;
  financialYear: string;
  type: 'INVOICE' | 'ADVANCE' | 'ON_ACCOUNT';
  customerId: string;
  customerName: string;
  companyId: string;
  receiptDate: string;
  receivedAmount: string;
  /** Sums of its settlements (a cancelled receipt's too, as they were). */
  adjustedAmount: string;
  tdsAmount: string;
  bankCharges: string;
  paymentMode: string;
  chequeNo: string;
  chequeDate: string | null;
  bankName: string;
  reference: string;
  notes: string;
  bookingId: string | null;
  isCancelled: boolean;
  cancellationReason: string;
  version: number;
  createdAt: string;
}

const RECEIPT_COLUMNS = sql.raw(`r.id, r.receipt_no as "receiptNo", r.sequence::text as sequence,
  r.financial_year as "financialYear", r.type, r.customer_id as "customerId", r.customer_name as "customerName",
  r.company_id as "companyId", to_char(r.receipt_date, 'YYYY-MM-DD') as "receiptDate",
  r.received_amount::text as "receivedAmount", t.amount::text as "adjustedAmount", t.tds::text as "tdsAmount",
  t.charges::text as "bankCharges", r.payment_mode as "paymentMode", r.cheque_no as "chequeNo",
  to_char(r.cheque_date, 'YYYY-MM-DD') as "chequeDate", r.bank_name as "bankName", r.reference, r.notes,
  r.booking_id as "bookingId", r.is_cancelled as "isCancelled", r.cancellation_reason as "cancellationReason",
  r.version, r.created_at as "createdAt"`);
const RECEIPT_TOTALS = sql.raw(`cross join lateral (select coalesce(sum(s.amount), 0) as amount,
  coalesce(sum(s.tds_amount), 0) as tds, coalesce(sum(s.bank_charges), 0) as charges
  from billing.receipt_settlements s where s.receipt_id = r.id) t`);

export interface NewReceipt {
  id: string;
  tenantId: string;
  receiptNo: string;
  sequence: bigint;
  financialYear: string;
  type: ReceiptRow['type'];
  customerId: string;
  customerName: string;
  companyId: string;
  receiptDate: string;
  receivedAmount: string;
  paymentMode: string;
  chequeNo: string;
  chequeDate: string | null;
  bankName: string;
  reference: string;
  notes: string;
  bookingId: string | null;
  createdByUserId: string;
}

export async function insertReceipt(tx: Tx, r: NewReceipt): Promise<void> {
  await tx.execute(sql`insert into billing.receipts (id, tenant_id, receipt_no, sequence, financial_year, type,
      customer_id, customer_name, company_id, receipt_date, received_amount, payment_mode, cheque_no, cheque_date,
      bank_name, reference, notes, booking_id, created_by_user_id)
    values (${r.id}, ${r.tenantId}, ${r.receiptNo}, ${r.sequence.toString()}, ${r.financialYear}, ${r.type},
      ${r.customerId}, ${r.customerName}, ${r.companyId}, ${r.receiptDate}, ${r.receivedAmount}, ${r.paymentMode},
      ${r.chequeNo}, ${r.chequeDate}, ${r.bankName}, ${r.reference}, ${r.notes}, ${r.bookingId}, ${r.createdByUserId})`);
}

export interface NewSettlement {
  id: string;
  tenantId: string;
  receiptId: string;
  invoiceId: string;
  amount: string;
  tdsAmount: string;
  bankCharges: string;
}

export async function insertSettlements(tx: Tx, settlements: readonly NewSettlement[]): Promise<void> {
  if (settlements.length === 0) return;
  await tx.execute(sql`insert into billing.receipt_settlements (id, tenant_id, receipt_id, invoice_id, amount,
      tds_amount, bank_charges)
    select s."id", s."tenantId", s."receiptId", s."invoiceId", s."amount", s."tdsAmount", s."bankCharges"
    from jsonb_to_recordset(${JSON.stringify(settlements)}::jsonb) as s("id" uuid, "tenantId" uuid,
      "receiptId" uuid, "invoiceId" uuid, "amount" numeric, "tdsAmount" numeric, "bankCharges" numeric)`);
  await tx.execute(sql`update billing.invoices i set settled = i.settled + s.total
    from (select x."invoiceId", sum(x."amount" + x."tdsAmount" + x."bankCharges") as total
          from jsonb_to_recordset(${JSON.stringify(settlements)}::jsonb)
            as x("invoiceId" uuid, "amount" numeric, "tdsAmount" numeric, "bankCharges" numeric)
          group by x."invoiceId") s
    where i.id = s."invoiceId"`);
  await tx.execute(sql`update billing.receipts r set applied = r.applied + s.total
    from (select x."receiptId", sum(x."amount") as total
          from jsonb_to_recordset(${JSON.stringify(settlements)}::jsonb) as x("receiptId" uuid, "amount" numeric)
          group by x."receiptId") s
    where r.id = s."receiptId"`);
}

export async function getReceipt(tx: Tx, id: string, lock = false): Promise<ReceiptRow | undefined> {
  if (lock) await tx.execute(sql`select id from billing.receipts where id = ${id} for update`);
  const [row] = await rows<ReceiptRow>(
    tx,
    sql`select ${RECEIPT_COLUMNS} from billing.receipts r ${RECEIPT_TOTALS} where r.id = ${id}`,
  );
  return row;
}

export interface SettlementRow {
  invoiceId: string;
  invoiceNo: string;
  amount: string;
  tdsAmount: string;
  bankCharges: string;
  appliedAt: string;
}

export async function settlementsOf(tx: Tx, receiptId: string): Promise<SettlementRow[]> {
  return rows<SettlementRow>(
    tx,
    sql`select s.invoice_id as "invoiceId", i.invoice_no as "invoiceNo", s.amount::text as amount,
          s.tds_amount::text as "tdsAmount", s.bank_charges::text as "bankCharges", s.applied_at as "appliedAt"
        from billing.receipt_settlements s join billing.invoices i on i.id = s.invoice_id
        where s.receipt_id = ${receiptId} order by s.applied_at, i.invoice_no`,
  );
}

export async function cancelReceiptRow(tx: Tx, id: string, reason: string): Promise<void> {
  await tx.execute(sql`update billing.receipts set is_cancelled = true, cancellation_reason = ${reason},
      version = version + 1, updated_at = now() where id = ${id}`);
  await tx.execute(sql`update billing.invoices i set settled = i.settled - s.total
    from (select invoice_id, sum(amount + tds_amount + bank_charges) as total from billing.receipt_settlements
          where receipt_id = ${id} and is_live group by invoice_id) s
    where i.id = s.invoice_id`);
  await tx.execute(sql`update billing.receipt_settlements set is_live = false where receipt_id = ${id}`);
}

export async function touchReceipt(tx: Tx, id: string): Promise<void> {
  await tx.execute(
    sql`update billing.receipts set version = version + 1, updated_at = now() where id = ${id}`,
  );
}

export const RECEIPT_SORTS = ['receipt_date', 'created_at'] as const;
export type ReceiptSort = (typeof RECEIPT_SORTS)[number];
const RECEIPT_SORT_SHAPES: Record<ReceiptSort, CursorShape> = {
  receipt_date: { sort: { type: 'date', nullable: false } },
  created_at: { sort: { type: 'timestamp', nullable: false } },
};

export interface ReceiptFilters {
  search?: string;
  customerIds: readonly string[];
  types: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  includeCancelled: boolean;
  invoiceId?: string;
}

export function receiptConditions(filters: ReceiptFilters): SQL[] {
  const where: SQL[] = [];
  const search = filters.search?.trim();
  if (search) {
    // Leakproof conditions only (`^@`, `=`), so that row-level security lets them use their indexes.
    where.push(sql`(r.receipt_no_key ^@ ${search.toLowerCase()} or r.customer_name_key ^@ ${search.toLowerCase()}
      or r.cheque_no = ${search} or r.reference = ${search})`);
  }
  if (filters.customerIds.length > 0) where.push(idIn(sql`r.customer_id`, filters.customerIds));
  if (filters.types.length > 0) {
    where.push(
      sql`r.type in (${sql.join(
        filters.types.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.dateFrom) where.push(sql`r.receipt_date >= ${filters.dateFrom}::date`);
  if (filters.dateTo) where.push(sql`r.receipt_date <= ${filters.dateTo}::date`);
  if (!filters.includeCancelled) where.push(sql`not r.is_cancelled`);
  if (filters.invoiceId) {
    where.push(sql`exists (select 1 from billing.receipt_settlements x
      where x.receipt_id = r.id and x.invoice_id = ${filters.invoiceId})`);
  }
  return where;
}

/** Up to `limit + 1` receipts of a filter, keyset-paged. */
export async function listReceipts(
  tx: Tx,
  filters: ReceiptFilters,
  page: { sortBy: ReceiptSort; direction: 'asc' | 'desc'; cursor?: string; limit: number },
): Promise<(ReceiptRow & { sortKey: string | null })[]> {
  const column = sql.raw(`r.${page.sortBy}`);
  const paging = keyset({
    sortKey: column,
    id: sql.raw('r.id'),
    direction: page.direction,
    cursor: page.cursor,
    shape: RECEIPT_SORT_SHAPES[page.sortBy],
  });
  const where = receiptConditions(filters);
  if (paging.after) where.push(paging.after);
  return rows(
    tx,
    sql`select ${RECEIPT_COLUMNS}, ${column}::text as "sortKey" from billing.receipts r ${RECEIPT_TOTALS}
        ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by ${paging.orderBy} limit ${page.limit + 1}`,
  );
}

export interface OutstandingRow {
  customerId: string;
  outstanding: string;
  notDue: string;
  days1To30: string;
  days31To60: string;
  days61To90: string;
  over90: string;
  unapplied: string;
  openInvoices: number;
  oldestInvoiceDate: string;
}

/**
 * What each customer owes on `asOf`, aged from each open invoice's invoice date or due date, biggest
 * first: the open approved invoices alone (a partial index holds them), and what the customers' live
 * receipts hold unapplied. Customers with only unapplied money are listed too.
 */
export async function outstandingByCustomer(
  tx: Tx,
  query: { basis: 'INVOICE_DATE' | 'DUE_DATE'; asOf: string; customerIds: readonly string[]; limit: number },
): Promise<OutstandingRow[]> {
  const from = sql.raw(query.basis === 'DUE_DATE' ? 'i.due_date' : 'i.invoice_date');
  const onlyInvoices =
    query.customerIds.length > 0 ? sql`and ${idIn(sql`i.customer_id`, query.customerIds)}` : sql``;
  const onlyReceipts =
    query.customerIds.length > 0 ? sql`and ${idIn(sql`r.customer_id`, query.customerIds)}` : sql``;
  const bucket = (condition: SQL) =>
    sql`coalesce(sum(case when ${condition} then i.total + i.noted - i.settled end), 0)::text`;
  const age = sql`(${query.asOf}::date - ${from})`;
  return rows<OutstandingRow>(
    tx,
    sql`with owed as (
          select i.customer_id, sum(i.total + i.noted - i.settled) as outstanding,
            ${bucket(sql`${age} <= 0`)} as "notDue",
            ${bucket(sql`${age} between 1 and 30`)} as "days1To30",
            ${bucket(sql`${age} between 31 and 60`)} as "days31To60",
            ${bucket(sql`${age} between 61 and 90`)} as "days61To90",
            ${bucket(sql`${age} > 90`)} as "over90",
            count(*)::int as "openInvoices", to_char(min(i.invoice_date), 'YYYY-MM-DD') as "oldestInvoiceDate"
          from billing.invoices i
          where i.is_open ${onlyInvoices}
          group by i.customer_id),
        held as (
          select r.customer_id, sum(r.received_amount - r.applied) as unapplied
          from billing.receipts r where r.is_holding ${onlyReceipts}
          group by r.customer_id)
        select coalesce(o.customer_id, h.customer_id) as "customerId", coalesce(o.outstanding, 0)::text as outstanding,
          coalesce(o."notDue", '0') as "notDue", coalesce(o."days1To30", '0') as "days1To30",
          coalesce(o."days31To60", '0') as "days31To60", coalesce(o."days61To90", '0') as "days61To90",
          coalesce(o."over90", '0') as "over90", coalesce(h.unapplied, 0)::text as unapplied,
          coalesce(o."openInvoices", 0) as "openInvoices", coalesce(o."oldestInvoiceDate", '') as "oldestInvoiceDate"
        from owed o full join held h on h.customer_id = o.customer_id
        where coalesce(o.outstanding, 0) > 0 or coalesce(h.unapplied, 0) > 0
        order by coalesce(o.outstanding, 0) - coalesce(h.unapplied, 0) desc, 1
        limit ${query.limit}`,
  );
}

export interface StatementLine {
  date: string;
  kind: 'INVOICE' | 'DEBIT_NOTE' | 'CREDIT_NOTE' | 'RECEIPT';
  id: string;
  number: string;
  /** What an invoice or a debit note asks (its total); 0 for a receipt or a credit note. */
  debit: string;
  /** What the receipt credits: the money received, with the TDS and bank charges it settled. */
  credit: string;
  paymentMode: string;
  tds: string;
  dueDate: string;
  /** The invoice a note changes. */
  invoiceNo: string;
}

/**
 * A customer's account between two dates: its approved invoices and live debit notes (debits), its live
 * credit notes and receipts (credits; a receipt's with the TDS and bank charges it settled), in date
 * order, and the balance brought forward from before. Cancelled documents are out of the account.
 */
export async function statementOf(
  tx: Tx,
  query: { customerId: string; from: string; to: string },
): Promise<{ opening: string; lines: StatementLine[] }> {
  const credit = sql.raw(`r.received_amount + coalesce((select sum(s.tds_amount + s.bank_charges)
    from billing.receipt_settlements s where s.receipt_id = r.id), 0)`);
  const [opening] = await rows<{ balance: string }>(
    tx,
    sql`select ((select coalesce(sum(i.total), 0) from billing.invoices i
          where i.customer_id = ${query.customerId} and i.status = 'APPROVED' and i.invoice_date < ${query.from}::date)
        - (select coalesce(sum(${credit}), 0) from billing.receipts r
          where r.customer_id = ${query.customerId} and not r.is_cancelled and r.receipt_date < ${query.from}::date)
        + (select coalesce(sum(case when n.type = 'DEBIT' then n.total else -n.total end), 0) from billing.notes n
          where n.customer_id = ${query.customerId} and not n.is_cancelled and n.note_date < ${query.from}::date))::text
        as balance`,
  );
  const lines = await rows<StatementLine>(
    tx,
    sql`select date, kind, id, number, debit, credit, "paymentMode", tds, "dueDate", "invoiceNo" from (
        select to_char(i.invoice_date, 'YYYY-MM-DD') as date, 'INVOICE' as kind, i.id::text as id,
          i.invoice_no as number, i.total::text as debit, '0' as credit, '' as "paymentMode", '0' as tds,
          to_char(i.due_date, 'YYYY-MM-DD') as "dueDate", '' as "invoiceNo", 1 as position
        from billing.invoices i
        where i.customer_id = ${query.customerId} and i.status = 'APPROVED'
          and i.invoice_date between ${query.from}::date and ${query.to}::date
        union all
        select to_char(r.receipt_date, 'YYYY-MM-DD'), 'RECEIPT', r.id::text, r.receipt_no, '0', (${credit})::text,
          r.payment_mode, coalesce((select sum(s.tds_amount) from billing.receipt_settlements s
            where s.receipt_id = r.id), 0)::text, '', '', 4
        from billing.receipts r
        where r.customer_id = ${query.customerId} and not r.is_cancelled
          and r.receipt_date between ${query.from}::date and ${query.to}::date
        union all
        select to_char(n.note_date, 'YYYY-MM-DD'), n.type || '_NOTE', n.id::text, n.note_no,
          case when n.type = 'DEBIT' then n.total else 0 end::text,
          case when n.type = 'CREDIT' then n.total else 0 end::text, '', '0', '', i.invoice_no,
          case when n.type = 'DEBIT' then 2 else 3 end
        from billing.notes n join billing.invoices i on i.id = n.invoice_id
        where n.customer_id = ${query.customerId} and not n.is_cancelled
          and n.note_date between ${query.from}::date and ${query.to}::date) l
      order by l.date, l.position, l.number
      limit 5001`,
  );
  return { opening: opening?.balance ?? '0', lines };
}

export interface TdsRow {
  customerId: string;
  customerName: string;
  receipts: number;
  tds: string;
}

/** The TDS customers deducted from their live receipts dated in the period, by customer, biggest first. */
export async function tdsByCustomer(tx: Tx, query: { from: string; to: string }): Promise<TdsRow[]> {
  return rows<TdsRow>(
    tx,
    sql`select r.customer_id as "customerId", min(r.customer_name) as "customerName",
          count(distinct r.id)::int as receipts, sum(s.tds_amount)::text as tds
        from billing.receipts r join billing.receipt_settlements s on s.receipt_id = r.id
        where not r.is_cancelled and s.tds_amount > 0
          and r.receipt_date between ${query.from}::date and ${query.to}::date
        group by r.customer_id
        order by sum(s.tds_amount) desc, r.customer_id
        limit 5000`,
  );
}
