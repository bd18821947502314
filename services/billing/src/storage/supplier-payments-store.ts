// Payments to suppliers (billing.supplier_payments), what they settle (billing.supplier_payment_settlements),
// and what each approved purchase invoice still owes: its payable less its live settlements
// (purchase_invoices.paid), kept in the transaction that settles or cancels, as supplier_payments.applied
// is kept with what each payment's settlements apply.
import { type CursorShape, idArray, idIn, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';

export interface OwingInvoiceRow {
  invoiceId: string;
  purchaseNo: string;
  supplierInvoiceNo: string;
  supplierId: string;
  supplierName: string;
  companyId: string;
  status: string;
  supplierInvoiceDate: string;
  /** '' when it has none. */
  dueDate: string;
  payable: string;
  paid: string;
  owing: string;
}

const OWING_COLUMNS = sql`i.id as "invoiceId", i.purchase_no as "purchaseNo",
  i.supplier_invoice_no as "supplierInvoiceNo", i.supplier_id as "supplierId", i.supplier_name as "supplierName",
  i.company_id as "companyId", i.status, to_char(i.supplier_invoice_date, 'YYYY-MM-DD') as "supplierInvoiceDate",
  coalesce(to_char(i.due_date, 'YYYY-MM-DD'), '') as "dueDate", i.payable::text as payable, i.paid::text as paid,
  (i.payable - i.paid)::text as owing`;

/**
 * Locks the purchase invoices a payment settles, then reads what each still owes in a statement of its
 * own: a concurrent payment of the same invoices holds these locks until it commits, and only a
 * statement begun after the lock was taken sees what it paid.
 */
export async function lockInvoicesToPay(tx: Tx, ids: readonly string[]): Promise<OwingInvoiceRow[]> {
  if (ids.length === 0) return [];
  await tx.execute(sql`select i.id from billing.purchase_invoices i where i.id = any(${idArray(ids)})
    order by i.id for update of i`);
  return invoicesOwing(tx, ids);
}

/** These purchase invoices, whatever their status, with what they still owe. */
export async function invoicesOwing(tx: Tx, ids: readonly string[]): Promise<OwingInvoiceRow[]> {
  if (ids.length === 0) return [];
  return rows<OwingInvoiceRow>(
    tx,
    sql`select ${OWING_COLUMNS} from billing.purchase_invoices i where i.id = any(${idArray(ids)})
        order by i.supplier_invoice_date, i.purchase_no`,
  );
}

/** A supplier's approved invoices that still owe something, oldest first (the partial index holds them). */
export async function openInvoicesOfSupplier(
  tx: Tx,
  supplierId: string,
  limit: number,
): Promise<OwingInvoiceRow[]> {
  return rows<OwingInvoiceRow>(
    tx,
    sql`select ${OWING_COLUMNS} from billing.purchase_invoices i
        where i.supplier_id = ${supplierId} and i.is_open
        order by i.supplier_invoice_date, i.purchase_no limit ${limit}`,
  );
}

/** What a supplier's live payments hold unapplied: the advances not yet set against its invoices. */
export async function heldFor(tx: Tx, supplierId: string): Promise<string> {
  const [row] = await rows<{ held: string }>(
    tx,
    sql`select coalesce(sum(p.amount - p.applied), 0)::text as held from billing.supplier_payments p
        where p.supplier_id = ${supplierId} and p.is_holding`,
  );
  return row?.held ?? '0';
}

/** The supplier's name as its purchase invoices or payments last knew it; '' when billing has neither. */
export async function knownSupplierName(tx: Tx, supplierId: string): Promise<string> {
  const [row] = await rows<{ name: string }>(
    tx,
    sql`select coalesce(
          (select i.supplier_name from billing.purchase_invoices i where i.supplier_id = ${supplierId}
            order by i.supplier_invoice_date desc limit 1),
          (select p.supplier_name from billing.supplier_payments p where p.supplier_id = ${supplierId}
            order by p.payment_date desc limit 1), '') as name`,
  );
  return row?.name ?? '';
}

/** Takes the next number of the company's payment series for the year, under the series row's lock. */
export async function takePaymentSequence(
  tx: Tx,
  series: { tenantId: string; companyId: string; financialYear: string },
): Promise<bigint> {
  const [row] = await rows<{ taken: string }>(
    tx,
    sql`insert into billing.supplier_payment_series as s (tenant_id, company_id, financial_year, next_sequence)
        values (${series.tenantId}, ${series.companyId}, ${series.financialYear}, 2)
        on conflict (tenant_id, company_id, financial_year) do update set next_sequence = s.next_sequence + 1
        returning (s.next_sequence - 1)::text as taken`,
  );
  return BigInt(row!.taken);
}

export interface SupplierPaymentRow {
  id: string;
  paymentNo: string;
  sequence: string;
  financialYear: string;
  type: 'INVOICE' | 'ADVANCE';
  companyId: string;
  supplierId: string;
  supplierName: string;
  paymentDate: string;
  amount: string;
  /** What its settlements apply (a cancelled payment's as they were). */
  applied: string;
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

const PAYMENT_COLUMNS = sql.raw(`p.id, p.payment_no as "paymentNo", p.sequence::text as sequence,
  p.financial_year as "financialYear", p.type, p.company_id as "companyId", p.supplier_id as "supplierId",
  p.supplier_name as "supplierName", to_char(p.payment_date, 'YYYY-MM-DD') as "paymentDate",
  p.amount::text as amount, p.applied::text as applied, p.payment_mode as "paymentMode", p.cheque_no as "chequeNo",
  to_char(p.cheque_date, 'YYYY-MM-DD') as "chequeDate", p.bank_name as "bankName", p.reference, p.notes,
  p.booking_id as "bookingId", p.is_cancelled as "isCancelled", p.cancellation_reason as "cancellationReason",
  p.version, p.created_at as "createdAt"`);

export type NewSupplierPayment = Omit<
  SupplierPaymentRow,
  'sequence' | 'applied' | 'isCancelled' | 'cancellationReason' | 'version' | 'createdAt'
> & { tenantId: string; sequence: bigint; createdByUserId: string };

export async function insertPayment(tx: Tx, p: NewSupplierPayment): Promise<void> {
  await tx.execute(sql`insert into billing.supplier_payments (id, tenant_id, payment_no, sequence, financial_year,
      type, company_id, supplier_id, supplier_name, payment_date, amount, payment_mode, cheque_no, cheque_date,
      bank_name, reference, notes, booking_id, created_by_user_id)
    values (${p.id}, ${p.tenantId}, ${p.paymentNo}, ${p.sequence.toString()}, ${p.financialYear}, ${p.type},
      ${p.companyId}, ${p.supplierId}, ${p.supplierName}, ${p.paymentDate}, ${p.amount}, ${p.paymentMode},
      ${p.chequeNo}, ${p.chequeDate}, ${p.bankName}, ${p.reference}, ${p.notes}, ${p.bookingId},
      ${p.createdByUserId || null})`);
}

export interface NewSupplierSettlement {
  id: string;
  tenantId: string;
  paymentId: string;
  invoiceId: string;
  amount: string;
}

/** Writes settlements, and adds them to their invoices' `paid` and their payments' `applied`. */
export async function insertSettlements(
  tx: Tx,
  settlements: readonly NewSupplierSettlement[],
): Promise<void> {
  if (settlements.length === 0) return;
  const json = JSON.stringify(settlements);
  await tx.execute(sql`insert into billing.supplier_payment_settlements (id, tenant_id, payment_id,
      purchase_invoice_id, amount)
    select s."id", s."tenantId", s."paymentId", s."invoiceId", s."amount"
    from jsonb_to_recordset(${json}::jsonb) as s("id" uuid, "tenantId" uuid, "paymentId" uuid,
      "invoiceId" uuid, "amount" numeric)`);
  await tx.execute(sql`update billing.purchase_invoices i set paid = i.paid + s.total, updated_at = now()
    from (select x."invoiceId", sum(x."amount") as total
          from jsonb_to_recordset(${json}::jsonb) as x("invoiceId" uuid, "amount" numeric)
          group by x."invoiceId") s
    where i.id = s."invoiceId"`);
  await tx.execute(sql`update billing.supplier_payments p set applied = p.applied + s.total,
      version = p.version + 1, updated_at = now()
    from (select x."paymentId", sum(x."amount") as total
          from jsonb_to_recordset(${json}::jsonb) as x("paymentId" uuid, "amount" numeric)
          group by x."paymentId") s
    where p.id = s."paymentId"`);
}

export async function getPayment(tx: Tx, id: string, lock = false): Promise<SupplierPaymentRow | undefined> {
  const [row] = await rows<SupplierPaymentRow>(
    tx,
    sql`select ${PAYMENT_COLUMNS} from billing.supplier_payments p where p.id = ${id}
        ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export interface SupplierSettlementRow {
  invoiceId: string;
  purchaseNo: string;
  supplierInvoiceNo: string;
  amount: string;
  isLive: boolean;
  appliedAt: string;
}

export async function settlementsOf(tx: Tx, paymentId: string): Promise<SupplierSettlementRow[]> {
  return rows<SupplierSettlementRow>(
    tx,
    sql`select s.purchase_invoice_id as "invoiceId", i.purchase_no as "purchaseNo",
          i.supplier_invoice_no as "supplierInvoiceNo", s.amount::text as amount, s.is_live as "isLive",
          s.applied_at as "appliedAt"
        from billing.supplier_payment_settlements s join billing.purchase_invoices i on i.id = s.purchase_invoice_id
        where s.payment_id = ${paymentId} order by s.applied_at, i.purchase_no`,
  );
}

/**
 * Cancels a payment: each invoice it settled owes exactly that again, and its settlements stop counting.
 * Its `applied` stays what it applied, for the record; a cancelled payment holds nothing.
 */
export async function cancelPaymentRow(tx: Tx, id: string, reason: string): Promise<void> {
  await tx.execute(sql`update billing.supplier_payments set is_cancelled = true, cancellation_reason = ${reason},
      version = version + 1, updated_at = now() where id = ${id}`);
  await tx.execute(sql`update billing.purchase_invoices i set paid = i.paid - s.total, updated_at = now()
    from (select purchase_invoice_id, sum(amount) as total from billing.supplier_payment_settlements
          where payment_id = ${id} and is_live group by purchase_invoice_id) s
    where i.id = s.purchase_invoice_id`);
  await tx.execute(
    sql`update billing.supplier_payment_settlements set is_live = false where payment_id = ${id} and is_live`,
  );
}

export const SUPPLIER_PAYMENT_SORTS = ['payment_date', 'created_at'] as const;
export type SupplierPaymentSort = (typeof SUPPLIER_PAYMENT_SORTS)[number];
const SORT_SHAPES: Record<SupplierPaymentSort, CursorShape> = {
  payment_date: { sort: { type: 'date', nullable: false } },
  created_at: { sort: { type: 'timestamp', nullable: false } },
};

export interface SupplierPaymentFilters {
  search?: string;
  supplierIds: readonly string[];
  types: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  includeCancelled: boolean;
  invoiceId?: string;
}

export function paymentConditions(filters: SupplierPaymentFilters): SQL[] {
  const where: SQL[] = [];
  const search = filters.search?.trim();
  if (search) {
    // Leakproof conditions only (`^@`, `=`), so that row-level security lets them use their indexes.
    const key = search.toLowerCase();
    where.push(sql`(p.payment_no_key ^@ ${key} or p.supplier_name_key ^@ ${key})`);
  }
  if (filters.supplierIds.length > 0) where.push(idIn(sql`p.supplier_id`, filters.supplierIds));
  if (filters.types.length > 0) {
    where.push(
      sql`p.type in (${sql.join(
        filters.types.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.dateFrom) where.push(sql`p.payment_date >= ${filters.dateFrom}::date`);
  if (filters.dateTo) where.push(sql`p.payment_date <= ${filters.dateTo}::date`);
  if (!filters.includeCancelled) where.push(sql`not p.is_cancelled`);
  if (filters.invoiceId) {
    where.push(sql`p.id in (select x.payment_id from billing.supplier_payment_settlements x
      where x.purchase_invoice_id = ${filters.invoiceId})`);
  }
  return where;
}

/** Up to `limit + 1` payments of a filter, keyset-paged. */
export async function listPayments(
  tx: Tx,
  filters: SupplierPaymentFilters,
  page: { sortBy: SupplierPaymentSort; direction: 'asc' | 'desc'; cursor?: string; limit: number },
): Promise<(SupplierPaymentRow & { sortKey: string | null })[]> {
  const column = sql.raw(`p.${page.sortBy}`);
  const paging = keyset({
    sortKey: column,
    id: sql.raw('p.id'),
    direction: page.direction,
    cursor: page.cursor,
    shape: SORT_SHAPES[page.sortBy],
  });
  const where = paymentConditions(filters);
  if (paging.after) where.push(paging.after);
  return rows(
    tx,
    sql`select ${PAYMENT_COLUMNS}, ${column}::text as "sortKey" from billing.supplier_payments p
        ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by ${paging.orderBy} limit ${page.limit + 1}`,
  );
}

export interface SupplierOutstandingRow {
  supplierId: string;
  supplierName: string;
  outstanding: string;
  notDue: string;
  days1To30: string;
  days31To60: string;
  days61To90: string;
  over90: string;
  /** What the supplier's live payments hold as advances, to set against it. */
  advances: string;
  openInvoices: number;
  oldestInvoiceDate: string;
}

/**
 * What the operator owes each supplier on `asOf`, aged from each open invoice's own date or its due date
 * (its own date when it has none), biggest net of advances first: the open approved invoices alone and
 * the holding payments alone, each through its partial index. Suppliers holding only advances are listed.
 */
export function supplierOutstandingQuery(query: {
  basis: 'INVOICE_DATE' | 'DUE_DATE';
  asOf: string;
  supplierIds: readonly string[];
  limit: number;
}): SQL {
  const from = sql.raw(
    query.basis === 'DUE_DATE' ? 'coalesce(i.due_date, i.supplier_invoice_date)' : 'i.supplier_invoice_date',
  );
  const onlyInvoices =
    query.supplierIds.length > 0 ? sql`and ${idIn(sql`i.supplier_id`, query.supplierIds)}` : sql``;
  const onlyPayments =
    query.supplierIds.length > 0 ? sql`and ${idIn(sql`p.supplier_id`, query.supplierIds)}` : sql``;
  const age = sql`(${query.asOf}::date - ${from})`;
  const bucket = (condition: SQL) =>
    sql`coalesce(sum(case when ${condition} then i.payable - i.paid end), 0)`;
  return sql`with owed as (
        select i.supplier_id, min(i.supplier_name) as supplier_name, sum(i.payable - i.paid) as outstanding,
          ${bucket(sql`${age} <= 0`)} as not_due,
          ${bucket(sql`${age} between 1 and 30`)} as d30,
          ${bucket(sql`${age} between 31 and 60`)} as d60,
          ${bucket(sql`${age} between 61 and 90`)} as d90,
          ${bucket(sql`${age} > 90`)} as over90,
          count(*)::int as open_invoices, min(i.supplier_invoice_date) as oldest
        from billing.purchase_invoices i
        where i.is_open ${onlyInvoices}
        group by i.supplier_id),
      held as (
        select p.supplier_id, min(p.supplier_name) as supplier_name, sum(p.amount - p.applied) as advances
        from billing.supplier_payments p where p.is_holding ${onlyPayments}
        group by p.supplier_id)
      select coalesce(o.supplier_id, h.supplier_id) as "supplierId",
        coalesce(o.supplier_name, h.supplier_name) as "supplierName",
        coalesce(o.outstanding, 0)::text as outstanding, coalesce(o.not_due, 0)::text as "notDue",
        coalesce(o.d30, 0)::text as "days1To30", coalesce(o.d60, 0)::text as "days31To60",
        coalesce(o.d90, 0)::text as "days61To90", coalesce(o.over90, 0)::text as "over90",
        coalesce(h.advances, 0)::text as advances, coalesce(o.open_invoices, 0) as "openInvoices",
        coalesce(to_char(o.oldest, 'YYYY-MM-DD'), '') as "oldestInvoiceDate"
      from owed o full join held h on h.supplier_id = o.supplier_id
      order by coalesce(o.outstanding, 0) - coalesce(h.advances, 0) desc, 1
      limit ${query.limit}`;
}

export async function outstandingBySupplier(
  tx: Tx,
  query: Parameters<typeof supplierOutstandingQuery>[0],
): Promise<SupplierOutstandingRow[]> {
  return rows<SupplierOutstandingRow>(tx, supplierOutstandingQuery(query));
}
