// Suppliers' invoices (billing.purchase_invoices), their rows and history, their series, and the purchase
// side of billing's duties they hold (duties.purchase_invoice_id).
import { type CursorShape, idArray, idIn, keyset, pgErrorCode, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';

/** The next number of a billing company's purchase series for a financial year, under the row's lock. */
export async function takePurchaseSequence(
  tx: Tx,
  series: { tenantId: string; companyId: string; financialYear: string },
): Promise<bigint> {
  const [row] = await rows<{ taken: string }>(
    tx,
    sql`insert into billing.purchase_invoice_series as s (tenant_id, company_id, financial_year, next_sequence)
        values (${series.tenantId}, ${series.companyId}, ${series.financialYear}, 2)
        on conflict (tenant_id, company_id, financial_year) do update set next_sequence = s.next_sequence + 1
        returning (s.next_sequence - 1)::text as taken`,
  );
  return BigInt(row!.taken);
}

export interface PurchaseTaxRow {
  taxId: string;
  name: string;
  percentage: string;
  amount: string;
}

export interface PurchaseInvoiceRecord {
  id: string;
  purchaseNo: string;
  sequence: string;
  financialYear: string;
  status: 'DRAFT' | 'APPROVED' | 'CANCELLED';
  companyId: string;
  supplierId: string;
  supplierName: string;
  supplierGstNo: string;
  supplierStateCode: string;
  supplierInvoiceNo: string;
  supplierInvoiceDate: string;
  receivedDate: string;
  dueDate: string | null;
  subTotal: string;
  discount: string;
  taxable: string;
  taxTotal: string;
  taxes: PurchaseTaxRow[];
  tdsPercentage: string;
  tds: string;
  roundOff: string;
  total: string;
  payable: string;
  paid: string;
  notes: string;
  cancellationReason: string;
  approvedAt: string | Date | null;
  approvedByUserId: string | null;
  version: number;
  createdAt: string | Date;
  updatedAt: string | Date;
}

const COLUMNS = sql.raw(`p.id, p.purchase_no as "purchaseNo", p.sequence::text as sequence,
  p.financial_year as "financialYear", p.status, p.company_id as "companyId", p.supplier_id as "supplierId",
  p.supplier_name as "supplierName", p.supplier_gst_no as "supplierGstNo", p.supplier_state_code as "supplierStateCode",
  p.supplier_invoice_no as "supplierInvoiceNo", to_char(p.supplier_invoice_date, 'YYYY-MM-DD') as "supplierInvoiceDate",
  to_char(p.received_date, 'YYYY-MM-DD') as "receivedDate", to_char(p.due_date, 'YYYY-MM-DD') as "dueDate",
  p.sub_total::text as "subTotal", p.discount::text as discount, p.taxable::text as taxable,
  p.tax_total::text as "taxTotal", p.taxes, p.tds_percentage::text as "tdsPercentage", p.tds::text as tds,
  p.round_off::text as "roundOff", p.total::text as total, p.payable::text as payable, p.paid::text as paid,
  p.notes, p.cancellation_reason as "cancellationReason", p.approved_at as "approvedAt",
  p.approved_by_user_id as "approvedByUserId", p.version, p.created_at as "createdAt", p.updated_at as "updatedAt"`);

/** What a purchase invoice's figures and header are set to, on creation or a draft's change. */
export interface PurchaseInvoiceValues {
  companyId: string;
  supplierGstNo: string;
  supplierStateCode: string;
  supplierInvoiceNo: string;
  supplierInvoiceDate: string;
  receivedDate: string;
  dueDate: string | null;
  subTotal: string;
  discount: string;
  taxable: string;
  taxTotal: string;
  taxes: PurchaseTaxRow[];
  tdsPercentage: string;
  tds: string;
  roundOff: string;
  total: string;
  payable: string;
  notes: string;
}

export interface NewPurchaseInvoice extends PurchaseInvoiceValues {
  id: string;
  tenantId: string;
  purchaseNo: string;
  sequence: bigint;
  financialYear: string;
  supplierId: string;
  supplierName: string;
  createdByUserId: string | null;
}

/** The supplier's number is already another live invoice of the same supplier's. */
export class SupplierNumberTaken extends Error {}

async function uniquely(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new SupplierNumberTaken();
    throw error;
  }
}

export async function insertPurchaseInvoice(tx: Tx, p: NewPurchaseInvoice): Promise<void> {
  await uniquely(() =>
    tx.execute(sql`insert into billing.purchase_invoices (id, tenant_id, purchase_no, sequence, financial_year,
        company_id, supplier_id, supplier_name, supplier_gst_no, supplier_state_code, supplier_invoice_no,
        supplier_invoice_date, received_date, due_date, sub_total, discount, taxable, tax_total, taxes,
        tds_percentage, tds, round_off, total, payable, notes, created_by_user_id)
      values (${p.id}, ${p.tenantId}, ${p.purchaseNo}, ${p.sequence.toString()}, ${p.financialYear}, ${p.companyId},
        ${p.supplierId}, ${p.supplierName}, ${p.supplierGstNo}, ${p.supplierStateCode}, ${p.supplierInvoiceNo},
        ${p.supplierInvoiceDate}, ${p.receivedDate}, ${p.dueDate}, ${p.subTotal}, ${p.discount}, ${p.taxable},
        ${p.taxTotal}, ${JSON.stringify(p.taxes)}::jsonb, ${p.tdsPercentage}, ${p.tds}, ${p.roundOff}, ${p.total},
        ${p.payable}, ${p.notes}, ${p.createdByUserId})`),
  );
}

export async function updatePurchaseInvoiceValues(
  tx: Tx,
  id: string,
  p: PurchaseInvoiceValues,
): Promise<void> {
  await uniquely(() =>
    tx.execute(sql`update billing.purchase_invoices set company_id = ${p.companyId},
        supplier_gst_no = ${p.supplierGstNo}, supplier_state_code = ${p.supplierStateCode},
        supplier_invoice_no = ${p.supplierInvoiceNo}, supplier_invoice_date = ${p.supplierInvoiceDate},
        received_date = ${p.receivedDate}, due_date = ${p.dueDate}, sub_total = ${p.subTotal},
        discount = ${p.discount}, taxable = ${p.taxable}, tax_total = ${p.taxTotal},
        taxes = ${JSON.stringify(p.taxes)}::jsonb, tds_percentage = ${p.tdsPercentage}, tds = ${p.tds},
        round_off = ${p.roundOff}, total = ${p.total}, payable = ${p.payable}, notes = ${p.notes},
        version = version + 1, updated_at = now()
      where id = ${id}`),
  );
}

export async function setPurchaseInvoiceStatus(
  tx: Tx,
  id: string,
  change: { status: 'APPROVED'; byUserId: string | null } | { status: 'CANCELLED'; reason: string },
): Promise<void> {
  if (change.status === 'APPROVED') {
    await tx.execute(sql`update billing.purchase_invoices set status = 'APPROVED', approved_at = now(),
        approved_by_user_id = ${change.byUserId}, version = version + 1, updated_at = now() where id = ${id}`);
    return;
  }
  await tx.execute(sql`update billing.purchase_invoices set status = 'CANCELLED',
      cancellation_reason = ${change.reason}, version = version + 1, updated_at = now() where id = ${id}`);
}

export async function touchPurchaseInvoice(tx: Tx, id: string): Promise<void> {
  await tx.execute(
    sql`update billing.purchase_invoices set version = version + 1, updated_at = now() where id = ${id}`,
  );
}

export async function getPurchaseInvoice(
  tx: Tx,
  id: string,
  lock = false,
): Promise<PurchaseInvoiceRecord | undefined> {
  const [row] = await rows<PurchaseInvoiceRecord>(
    tx,
    sql`select ${COLUMNS} from billing.purchase_invoices p where p.id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** A live invoice of this supplier with this number (case aside), other than `exceptId`. */
export async function liveWithSupplierNumber(
  tx: Tx,
  supplierId: string,
  supplierInvoiceNo: string,
  exceptId: string | null,
): Promise<string | undefined> {
  const [row] = await rows<{ purchaseNo: string }>(
    tx,
    sql`select p.purchase_no as "purchaseNo" from billing.purchase_invoices p
        where p.supplier_id = ${supplierId} and lower(p.supplier_invoice_no) = ${supplierInvoiceNo.toLowerCase()}
          and p.status <> 'CANCELLED' ${exceptId ? sql`and p.id <> ${exceptId}` : sql``}
        limit 1`,
  );
  return row?.purchaseNo;
}

export interface PurchaseLine {
  type: 'CAR_HIRE_CHARGES' | 'BILLING_ITEM' | 'CUSTOM' | 'DISCOUNT_AMOUNT';
  bookingId: string | null;
  description: string;
  amount: string;
}

export async function replacePurchaseLines(
  tx: Tx,
  invoice: { tenantId: string; id: string },
  lines: readonly (PurchaseLine & { id: string })[],
): Promise<void> {
  await tx.execute(sql`delete from billing.purchase_invoice_lines where purchase_invoice_id = ${invoice.id}`);
  if (lines.length === 0) return;
  const values = lines.map((line, position) => ({ ...line, position }));
  await tx.execute(sql`insert into billing.purchase_invoice_lines (id, tenant_id, purchase_invoice_id, position, type,
      booking_id, description, amount)
    select l."id", ${invoice.tenantId}, ${invoice.id}, l."position", l."type", l."bookingId", l."description",
      l."amount"
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as l("id" uuid, "position" int, "type" text,
      "bookingId" uuid, "description" text, "amount" numeric)`);
}

export async function purchaseLinesOf(tx: Tx, id: string): Promise<PurchaseLine[]> {
  return rows<PurchaseLine>(
    tx,
    sql`select l.type, l.booking_id as "bookingId", l.description, l.amount::text as amount
        from billing.purchase_invoice_lines l where l.purchase_invoice_id = ${id} order by l.position`,
  );
}

export interface PurchaseActivityRow {
  at: string | Date;
  action: string;
  byUserId: string | null;
  detail: string;
}

export async function addPurchaseActivity(
  tx: Tx,
  entry: {
    id: string;
    tenantId: string;
    invoiceId: string;
    action: string;
    byUserId: string | null;
    detail: string;
  },
): Promise<void> {
  await tx.execute(sql`insert into billing.purchase_invoice_activity (id, tenant_id, purchase_invoice_id, action,
      by_user_id, detail)
    values (${entry.id}, ${entry.tenantId}, ${entry.invoiceId}, ${entry.action}, ${entry.byUserId}, ${entry.detail})`);
}

export async function purchaseActivityOf(tx: Tx, id: string): Promise<PurchaseActivityRow[]> {
  return rows<PurchaseActivityRow>(
    tx,
    sql`select a.at, a.action, a.by_user_id as "byUserId", a.detail from billing.purchase_invoice_activity a
        where a.purchase_invoice_id = ${id} order by a.at, a.id`,
  );
}

/** A duty a supplier ran, with its purchase side. */
export interface PurchaseDutyRecord {
  bookingId: string;
  bookingNo: string;
  startDate: string;
  status: string;
  supplierId: string | null;
  supplierName: string;
  customerName: string;
  vehicleNo: string;
  driverName: string;
  purchaseAmount: string | null;
  purchaseSlipStatus: 'NO_ACTION' | 'ACCEPTED' | 'REJECTED';
  purchaseInvoiceId: string | null;
  purchaseInvoiceNo: string | null;
  /** Bookings' DutyBillingItem JSON. */
  billingItems: { name?: string; amount?: string }[];
  /** Bookings' purchase DutyCharges JSON; null until priced. */
  purchaseCharges: { lines?: { label?: string; amount?: string }[] } | null;
}

const DUTY_COLUMNS = sql.raw(`d.booking_id as "bookingId", d.booking_no::text as "bookingNo",
  to_char(d.start_date, 'YYYY-MM-DD') as "startDate", d.status, d.supplier_id as "supplierId",
  d.supplier_name as "supplierName", d.customer_name as "customerName", d.vehicle_no as "vehicleNo",
  d.driver_name as "driverName", d.purchase_amount::text as "purchaseAmount",
  d.purchase_slip_status as "purchaseSlipStatus", d.purchase_invoice_id as "purchaseInvoiceId",
  (select p.purchase_no from billing.purchase_invoices p where p.id = d.purchase_invoice_id) as "purchaseInvoiceNo",
  d.billing_items as "billingItems", d.purchase_charges as "purchaseCharges"`);

/**
 * Duties by id, locked for a purchase invoice, then read in a statement of their own: a concurrent
 * invoice over the same duty holds the lock until it commits, and only a statement begun after the lock
 * was granted sees that invoice (its number included) holding the duty.
 */
export async function lockPurchaseDuties(tx: Tx, ids: readonly string[]): Promise<PurchaseDutyRecord[]> {
  if (ids.length === 0) return [];
  await tx.execute(sql`select d.booking_id from billing.duties d where d.booking_id = any(${idArray(ids)})
      order by d.booking_id for update of d`);
  return readPurchaseDuties(tx, ids);
}

/** Duties by id, as they are (not locked). */
export async function readPurchaseDuties(tx: Tx, ids: readonly string[]): Promise<PurchaseDutyRecord[]> {
  if (ids.length === 0) return [];
  return rows<PurchaseDutyRecord>(
    tx,
    sql`select ${DUTY_COLUMNS} from billing.duties d where d.booking_id = any(${idArray(ids)})
        order by d.start_date, d.booking_no`,
  );
}

export async function dutiesOfPurchaseInvoice(tx: Tx, invoiceId: string): Promise<PurchaseDutyRecord[]> {
  return rows<PurchaseDutyRecord>(
    tx,
    sql`select ${DUTY_COLUMNS} from billing.duties d where d.purchase_invoice_id = ${invoiceId}
        order by d.start_date, d.booking_no`,
  );
}

/** Puts duties on a live purchase invoice, or frees them (null). */
export async function holdPurchaseDuties(
  tx: Tx,
  ids: readonly string[],
  invoiceId: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update billing.duties set purchase_invoice_id = ${invoiceId}, updated_at = now()
      where booking_id = any(${idArray(ids)})`);
}

/** Frees every duty a purchase invoice holds; answers their ids. */
export async function releasePurchaseDuties(tx: Tx, invoiceId: string): Promise<string[]> {
  const freed = await rows<{ bookingId: string }>(
    tx,
    sql`update billing.duties set purchase_invoice_id = null, updated_at = now()
        where purchase_invoice_id = ${invoiceId} returning booking_id as "bookingId"`,
  );
  return freed.map((d) => d.bookingId);
}

/** At most this many of a supplier's duties are offered at once. */
export const BILLABLE_PURCHASE_DUTIES_SHOWN = 1000;

/**
 * A supplier's closed duties between two dates that no other live purchase invoice holds (those of
 * `invoiceId` included), on the supplier's index by date.
 */
export function supplierDutiesQuery(query: {
  supplierId: string;
  from: string;
  to: string;
  invoiceId?: string;
}): SQL {
  const held = query.invoiceId
    ? sql`(d.purchase_invoice_id is null or d.purchase_invoice_id = ${query.invoiceId})`
    : sql`d.purchase_invoice_id is null`;
  return sql`select ${DUTY_COLUMNS} from billing.duties d
      where d.supplier_id = ${query.supplierId} and d.start_date between ${query.from}::date and ${query.to}::date
        and d.status = 'CLOSED' and ${held}
      order by d.start_date, d.booking_no limit ${BILLABLE_PURCHASE_DUTIES_SHOWN}`;
}

export async function supplierDutiesFree(
  tx: Tx,
  query: { supplierId: string; from: string; to: string; invoiceId?: string },
): Promise<PurchaseDutyRecord[]> {
  return rows<PurchaseDutyRecord>(tx, supplierDutiesQuery(query));
}

export const PURCHASE_INVOICE_SORTS = ['created_at', 'supplier_invoice_date', 'received_date'] as const;
export type PurchaseInvoiceSort = (typeof PURCHASE_INVOICE_SORTS)[number];
const SORT_SHAPES: Record<PurchaseInvoiceSort, CursorShape> = {
  created_at: { sort: { type: 'timestamp', nullable: false } },
  supplier_invoice_date: { sort: { type: 'date', nullable: false } },
  received_date: { sort: { type: 'date', nullable: false } },
};

export interface PurchaseInvoiceFilters {
  search?: string;
  supplierIds: readonly string[];
  statuses: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  includeCancelled: boolean;
}

export function purchaseInvoiceConditions(filters: PurchaseInvoiceFilters): SQL[] {
  const where: SQL[] = [];
  const search = filters.search?.trim().toLowerCase();
  if (search) {
    // Leakproof `^@` on the generated keys only, so that row-level security lets them use their indexes.
    where.push(sql`(p.purchase_no_key ^@ ${search} or p.supplier_invoice_no_key ^@ ${search}
      or p.supplier_name_key ^@ ${search})`);
  }
  // One supplier by equality, so that its index by date gives the list's order without sorting.
  if (filters.supplierIds.length > 0) where.push(idIn(sql`p.supplier_id`, filters.supplierIds));
  if (filters.statuses.length > 0) {
    where.push(
      sql`p.status in (${sql.join(
        filters.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  } else if (!filters.includeCancelled) {
    where.push(sql`p.status <> 'CANCELLED'`);
  }
  if (filters.dateFrom) where.push(sql`p.supplier_invoice_date >= ${filters.dateFrom}::date`);
  if (filters.dateTo) where.push(sql`p.supplier_invoice_date <= ${filters.dateTo}::date`);
  return where;
}

export type PurchaseListRow = Omit<PurchaseInvoiceRecord, 'taxes'> & { sortKey: string };

export interface PurchaseListPage {
  sortBy: PurchaseInvoiceSort;
  direction: 'asc' | 'desc';
  cursor?: string;
  limit: number;
}

/** The list's query: up to `limit + 1` purchase invoices of a filter, keyset-paged. */
export function purchaseListQuery(filters: PurchaseInvoiceFilters, page: PurchaseListPage): SQL {
  const column = sql.raw(`p.${page.sortBy}`);
  const paging = keyset({
    sortKey: column,
    id: sql.raw('p.id'),
    direction: page.direction,
    cursor: page.cursor,
    shape: SORT_SHAPES[page.sortBy],
  });
  const where = purchaseInvoiceConditions(filters);
  if (paging.after) where.push(paging.after);
  return sql`select ${COLUMNS}, ${column}::text as "sortKey" from billing.purchase_invoices p
      ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
      order by ${paging.orderBy} limit ${page.limit + 1}`;
}

export async function listPurchaseInvoices(
  tx: Tx,
  filters: PurchaseInvoiceFilters,
  page: PurchaseListPage,
): Promise<PurchaseListRow[]> {
  return rows(tx, purchaseListQuery(filters, page));
}
