// Billing's read model of duties (billing.duties), fed by bookings' booking events, and the reads the
// invoicing screens and use cases make of it.
import { toJson } from '@bufbuild/protobuf';
import { type CursorShape, idArray, idIn, keyset, rows, type Tx } from '@fleet/platform';
import { DutyBillingItemSchema, TripInsuranceSchema } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import { DutyChargesSchema } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import type { BookingChanged } from '@fleet/proto/fleet/bookings/v1/events_pb';
import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { DutyRecord } from '../domain/duty';

/** The bookings actions that close a duty: the closing is when it became billable. */
const CLOSING_FROM_ELSEWHERE = (event: BookingChanged) =>
  event.toStatus === 'CLOSED' && event.fromStatus !== 'CLOSED';

const sum = (amounts: string[]) => amounts.reduce((total, a) => total.plus(a || 0), new Decimal(0));

/**
 * Keeps a duty as the event says it now is. Only closed duties are billed, so a duty is first written
 * when it closes; after that every newer version updates it. The charges are those of the last event
 * that carried them (the closing, an adjustment): other events leave them as they were.
 */
export async function saveDutyFromEvent(
  tx: Tx,
  tenantId: string,
  event: BookingChanged,
  occurredAt: Date,
): Promise<void> {
  const booking = event.booking;
  if (!booking) return;
  if (booking.status !== 'CLOSED') {
    await tx.execute(sql`update billing.duties set status = ${booking.status}, version = ${booking.version},
        updated_at = now() where booking_id = ${booking.id} and version < ${booking.version}`);
    return;
  }
  const charges = event.charges ? JSON.stringify(toJson(DutyChargesSchema, event.charges)) : null;
  const carHire = event.charges ? new Decimal(event.charges.total || 0).toFixed(2) : null;
  const purchase = event.purchaseCharges;
  const purchaseCharges = purchase ? JSON.stringify(toJson(DutyChargesSchema, purchase)) : null;
  const purchaseAmount = purchase ? new Decimal(purchase.total || 0).toFixed(2) : null;
  const items = booking.billingItems.map((item) => toJson(DutyBillingItemSchema, item));
  const insurance = booking.tripInsurance
    ? JSON.stringify(toJson(TripInsuranceSchema, booking.tripInsurance))
    : null;
  const passengers = booking.passengers
    .map((p) => p.name)
    .filter(Boolean)
    .join(', ');
  const search = [String(booking.bookingNo), booking.vehicleNo, booking.driverName, passengers]
    .join(' ')
    .toLowerCase();
  const closedAt = CLOSING_FROM_ELSEWHERE(event) ? occurredAt : null;
  await tx.execute(sql`
    insert into billing.duties as d (booking_id, tenant_id, booking_no, version, status, customer_id, customer_name,
      company_id, from_city_id, vehicle_group_id, duty_type_id, start_date, reporting_at, vehicle_no, driver_name,
      passenger_names, charges, car_hire, rate_card_name, billing_items, billing_items_total, slip_approved,
      closed_at, search, supplier_id, supplier_name, purchase_charges, purchase_amount, trip_insurance)
    values (${booking.id}, ${tenantId}, ${booking.bookingNo}, ${booking.version}, ${booking.status},
      ${booking.customerId}, ${booking.customerName}, ${booking.companyId || null}, ${booking.fromCityId},
      ${booking.vehicleGroupId || null}, ${booking.dutyTypeId || null}, ${booking.startDate},
      ${booking.reportingAt ? new Date(Number(booking.reportingAt.seconds) * 1000) : null}, ${booking.vehicleNo},
      ${booking.driverName}, ${passengers}, ${charges}::jsonb, ${carHire}, ${event.charges?.rateCardName ?? ''},
      ${JSON.stringify(items)}::jsonb, ${sum(booking.billingItems.map((i) => i.amount)).toFixed(2)},
      ${event.action === 'slipApproved'}, ${closedAt ?? occurredAt}, ${search}, ${booking.supplierId || null},
      ${booking.supplierName}, ${purchaseCharges}::jsonb, ${purchaseAmount}, ${insurance}::jsonb)
    on conflict (booking_id) do update set
      version = excluded.version, status = excluded.status, customer_id = excluded.customer_id,
      customer_name = excluded.customer_name, company_id = excluded.company_id, from_city_id = excluded.from_city_id,
      vehicle_group_id = excluded.vehicle_group_id, duty_type_id = excluded.duty_type_id,
      start_date = excluded.start_date, reporting_at = excluded.reporting_at, vehicle_no = excluded.vehicle_no,
      driver_name = excluded.driver_name, passenger_names = excluded.passenger_names,
      charges = coalesce(excluded.charges, d.charges), car_hire = coalesce(excluded.car_hire, d.car_hire),
      rate_card_name = case when excluded.charges is null then d.rate_card_name else excluded.rate_card_name end,
      billing_items = excluded.billing_items, billing_items_total = excluded.billing_items_total,
      trip_insurance = excluded.trip_insurance, slip_approved = d.slip_approved or excluded.slip_approved,
      closed_at = ${closedAt ? sql`excluded.closed_at` : sql`d.closed_at`},
      search = excluded.search, supplier_id = excluded.supplier_id, supplier_name = excluded.supplier_name,
      purchase_charges = case when excluded.supplier_id is distinct from d.supplier_id then excluded.purchase_charges
        else coalesce(excluded.purchase_charges, d.purchase_charges) end,
      purchase_amount = case when excluded.supplier_id is distinct from d.supplier_id then excluded.purchase_amount
        else coalesce(excluded.purchase_amount, d.purchase_amount) end,
      updated_at = now()
    where d.version < excluded.version`);
}

const DUTY_COLUMNS = sql.raw(`d.booking_id as "bookingId", d.booking_no::int8 as "bookingNo", d.status,
  d.customer_id as "customerId", d.customer_name as "customerName", d.company_id as "companyId",
  d.from_city_id as "fromCityId", d.vehicle_group_id as "vehicleGroupId", d.duty_type_id as "dutyTypeId",
  to_char(d.start_date, 'YYYY-MM-DD') as "startDate", d.vehicle_no as "vehicleNo", d.driver_name as "driverName",
  d.passenger_names as "passengerNames", d.charges, d.car_hire::text as "carHire", d.rate_card_name as "rateCardName",
  d.billing_items as "billingItems", d.billing_items_total::text as "billingItemsTotal",
  d.trip_insurance as "tripInsurance", d.slip_approved as "slipApproved", d.closed_at as "closedAt", d.invoice_id as "invoiceId",
  (select i.invoice_no from billing.invoices i where i.id = d.invoice_id) as "invoiceNo"`);
// The invoice's number by its primary key, duty by duty: a join would let the planner hash every invoice
// of the operator to number a few duties (most of them bill-pending, with none).
const FROM_DUTIES = sql.raw('billing.duties d');

/** Closed, priced duties by id, locked for invoicing (in the order asked); absent ids are left out. */
export async function lockDuties(tx: Tx, ids: readonly string[]): Promise<DutyRecord[]> {
  return rows<DutyRecord>(
    tx,
    sql`select ${DUTY_COLUMNS} from ${FROM_DUTIES}
        where d.booking_id = any(${idArray(ids)}) order by d.start_date, d.booking_no for update of d`,
  );
}

/** Duties by id, as they are (not locked). */
export async function readDuties(tx: Tx, ids: readonly string[]): Promise<DutyRecord[]> {
  return rows<DutyRecord>(
    tx,
    sql`select ${DUTY_COLUMNS} from ${FROM_DUTIES}
        where d.booking_id = any(${idArray(ids)}) order by d.start_date, d.booking_no`,
  );
}

export async function dutiesOfInvoice(tx: Tx, invoiceId: string): Promise<DutyRecord[]> {
  return rows<DutyRecord>(
    tx,
    sql`select ${DUTY_COLUMNS} from billing.invoice_duties x join billing.duties d on d.booking_id = x.booking_id
        where x.invoice_id = ${invoiceId} order by d.start_date, d.booking_no`,
  );
}

/** Puts duties on a live invoice (null: bill-pending again). */
export async function holdDuties(tx: Tx, ids: readonly string[], invoiceId: string | null): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update billing.duties set invoice_id = ${invoiceId}, updated_at = now()
      where booking_id = any(${idArray(ids)})`);
}

/** Puts each invoice's duties on it, in one statement for them all. */
export async function holdDutiesOn(
  tx: Tx,
  invoices: readonly { invoiceId: string; bookingIds: readonly string[] }[],
): Promise<void> {
  const pairs = invoices.flatMap(({ invoiceId, bookingIds }) =>
    bookingIds.map((bookingId) => ({ invoiceId, bookingId })),
  );
  if (pairs.length === 0) return;
  // The ids as an array too, so the duties are found by their primary key, not by scanning the operator's.
  await tx.execute(sql`update billing.duties d set invoice_id = h."invoiceId", updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as h("invoiceId" uuid, "bookingId" uuid)
      where d.booking_id = any(${idArray(pairs.map((p) => p.bookingId))}) and d.booking_id = h."bookingId"`);
}

export type BillingStatusFilter = 'UNBILLED' | 'BILLED' | 'ALL';
export const DUTY_SORTS = ['start_date', 'booking_no'] as const;
export type DutySort = (typeof DUTY_SORTS)[number];
const DUTY_SORT_SHAPES: Record<DutySort, CursorShape> = {
  start_date: { sort: { type: 'date', nullable: false } },
  booking_no: { sort: { type: 'decimal', nullable: false } },
};

export interface DutyFilters {
  customerIds: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  billingStatus: BillingStatusFilter;
  search?: string;
}

/** The conditions of the workspace's filters on billing.duties as `d`: closed, priced duties only. */
export function dutyConditions(filters: DutyFilters): SQL[] {
  const where: SQL[] = [sql`d.status = 'CLOSED'`, sql`d.charges is not null`];
  if (filters.billingStatus === 'UNBILLED') where.push(sql`d.invoice_id is null`);
  if (filters.billingStatus === 'BILLED') where.push(sql`d.invoice_id is not null`);
  if (filters.customerIds.length > 0) where.push(idIn(sql`d.customer_id`, filters.customerIds));
  if (filters.dateFrom) where.push(sql`d.start_date >= ${filters.dateFrom}::date`);
  if (filters.dateTo) where.push(sql`d.start_date <= ${filters.dateTo}::date`);
  if (filters.search) where.push(sql`d.search like ${`%${likeEscaped(filters.search.toLowerCase())}%`}`);
  return where;
}

/** Up to `limit + 1` closed, priced duties of a filter, keyset-paged. */
export async function listDuties(
  tx: Tx,
  filters: DutyFilters,
  page: { sortBy: DutySort; direction: 'asc' | 'desc'; cursor?: string; limit: number },
): Promise<(DutyRecord & { sortKey: string })[]> {
  const column = sql.raw(page.sortBy === 'start_date' ? 'd.start_date' : 'd.booking_no');
  const paging = keyset({
    sortKey: column,
    id: sql.raw('d.booking_id'),
    direction: page.direction,
    cursor: page.cursor,
    shape: DUTY_SORT_SHAPES[page.sortBy],
  });
  const where = dutyConditions(filters);
  if (paging.after) where.push(paging.after);
  return rows(
    tx,
    sql`select ${DUTY_COLUMNS}, ${column}::text as "sortKey" from ${FROM_DUTIES}
        where ${sql.join(where, sql` and `)} order by ${paging.orderBy} limit ${page.limit + 1}`,
  );
}

export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
