// The purchase side of the duties suppliers ran (billing.duties where supplier_id is set): the lists of
// the purchase duties screen, a duty with its purchase charges, and the review of suppliers' slips.
import { type CursorShape, idArray, idIn, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';

export const PURCHASE_SLIP_STATUSES = ['NO_ACTION', 'ACCEPTED', 'REJECTED'] as const;
export type PurchaseSlipStatus = (typeof PURCHASE_SLIP_STATUSES)[number];

export interface PurchaseDutyRow {
  bookingId: string;
  bookingNo: string;
  status: string;
  supplierId: string;
  supplierName: string;
  customerId: string;
  customerName: string;
  startDate: string;
  vehicleNo: string;
  driverName: string;
  purchaseAmount: string | null;
  salesAmount: string | null;
  slipStatus: PurchaseSlipStatus;
  slipReason: string;
  slipReviewedByUserId: string | null;
  slipReviewedAt: string | null;
  purchaseInvoiceId: string | null;
  purchaseNo: string | null;
  supplierInvoiceNo: string | null;
  version: number;
}

// A billed duty's purchase amount is what its purchase invoice bills for it (its car hire and billing
// items), not the supplier's rate card: the supplier is paid from the invoice.
const COLUMNS = sql.raw(`d.booking_id as "bookingId", d.booking_no::text as "bookingNo", d.status,
  d.supplier_id as "supplierId", d.supplier_name as "supplierName", d.customer_id as "customerId",
  d.customer_name as "customerName", to_char(d.start_date, 'YYYY-MM-DD') as "startDate",
  d.vehicle_no as "vehicleNo", d.driver_name as "driverName",
  coalesce((select sum(l.amount) from billing.purchase_invoice_lines l
    where l.purchase_invoice_id = d.purchase_invoice_id and l.booking_id = d.booking_id)::text,
    d.purchase_amount::text) as "purchaseAmount",
  d.car_hire::text as "salesAmount", d.purchase_slip_status as "slipStatus", d.purchase_slip_reason as "slipReason",
  d.purchase_slip_by_user_id as "slipReviewedByUserId", d.purchase_slip_at as "slipReviewedAt",
  d.purchase_invoice_id as "purchaseInvoiceId", p.purchase_no as "purchaseNo",
  p.supplier_invoice_no as "supplierInvoiceNo", d.version`);
const INVOICE = sql`left join billing.purchase_invoices p on p.id = d.purchase_invoice_id`;

const SORT_SHAPE: CursorShape = { sort: { type: 'date', nullable: false } };

export interface PurchaseDutyFilters {
  supplierIds: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  slipStatuses: readonly PurchaseSlipStatus[];
  billing?: 'BILLED' | 'UNBILLED';
  search?: string;
}

export function purchaseDutyConditions(filters: PurchaseDutyFilters): SQL[] {
  const where: SQL[] = [sql`d.supplier_id is not null`];
  if (filters.supplierIds.length > 0) where.push(idIn(sql`d.supplier_id`, filters.supplierIds));
  if (filters.dateFrom) where.push(sql`d.start_date >= ${filters.dateFrom}::date`);
  if (filters.dateTo) where.push(sql`d.start_date <= ${filters.dateTo}::date`);
  if (filters.slipStatuses.length > 0) {
    where.push(
      sql`d.purchase_slip_status in (${sql.join(
        filters.slipStatuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.billing === 'BILLED') where.push(sql`d.purchase_invoice_id is not null`);
  if (filters.billing === 'UNBILLED') where.push(sql`d.purchase_invoice_id is null`);
  const search = filters.search?.trim();
  if (search) {
    // Leakproof conditions only (`=`, `^@`), so that row-level security lets them use their indexes.
    where.push(
      /^\d{1,15}$/.test(search)
        ? sql`(d.booking_no = ${search}::int8 or d.vehicle_no_key ^@ ${search.toLowerCase()})`
        : sql`d.vehicle_no_key ^@ ${search.toLowerCase()}`,
    );
  }
  return where;
}

/** Up to `limit + 1` purchase duties of a filter, newest first by default, keyset-paged. */
export async function listPurchaseDuties(
  tx: Tx,
  filters: PurchaseDutyFilters,
  page: { direction: 'asc' | 'desc'; cursor?: string; limit: number },
): Promise<(PurchaseDutyRow & { sortKey: string })[]> {
  const paging = keyset({
    sortKey: sql.raw('d.start_date'),
    id: sql.raw('d.booking_id'),
    direction: page.direction,
    cursor: page.cursor,
    shape: SORT_SHAPE,
  });
  const where = purchaseDutyConditions(filters);
  if (paging.after) where.push(paging.after);
  return rows(
    tx,
    sql`select ${COLUMNS}, to_char(d.start_date, 'YYYY-MM-DD') as "sortKey" from billing.duties d ${INVOICE}
        where ${sql.join(where, sql` and `)}
        order by ${paging.orderBy} limit ${page.limit + 1}`,
  );
}

/** These suppliers' duties (others' duties and unknown ids are left out), locked when asked. */
export async function purchaseDutiesById(
  tx: Tx,
  ids: readonly string[],
  options: { lock?: boolean } = {},
): Promise<PurchaseDutyRow[]> {
  if (ids.length === 0) return [];
  if (options.lock) {
    await tx.execute(sql`select d.booking_id from billing.duties d
      where d.booking_id = any(${idArray(ids)}) and d.supplier_id is not null order by d.booking_id for update`);
  }
  return rows<PurchaseDutyRow>(
    tx,
    sql`select ${COLUMNS} from billing.duties d ${INVOICE}
        where d.booking_id = any(${idArray(ids)}) and d.supplier_id is not null order by d.booking_no`,
  );
}

/** A supplier's duty with its purchase charges (protobuf JSON). */
export async function purchaseDutyWithCharges(
  tx: Tx,
  id: string,
): Promise<(PurchaseDutyRow & { purchaseCharges: unknown }) | undefined> {
  const [row] = await rows<PurchaseDutyRow & { purchaseCharges: unknown }>(
    tx,
    sql`select ${COLUMNS}, d.purchase_charges as "purchaseCharges" from billing.duties d ${INVOICE}
        where d.booking_id = ${id} and d.supplier_id is not null`,
  );
  return row;
}

/** Records the review of these duties' slips (a reason with a rejection; none otherwise). */
export async function reviewPurchaseSlips(
  tx: Tx,
  ids: readonly string[],
  review: { status: PurchaseSlipStatus; reason: string; userId: string | null },
): Promise<void> {
  const reviewed = review.status !== 'NO_ACTION';
  await tx.execute(sql`update billing.duties set purchase_slip_status = ${review.status},
      purchase_slip_reason = ${review.reason},
      purchase_slip_by_user_id = ${reviewed ? review.userId : null},
      purchase_slip_at = ${reviewed ? sql`now()` : sql`null`}, updated_at = now()
    where booking_id = any(${idArray(ids)})`);
}
