// A booking as one record: its row, its passengers and contacts, what can find it, and what happened
// to it. Row-level security keeps every statement to the transaction's operator.
import { randomInt } from 'node:crypto';
import type { BookingStatus, BookingType } from '@fleet/domain';
import { idArray, rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import type {
  ActivityRecord,
  BookingContactRecord,
  BookingDetail,
  DutyBillingItemRecord,
  PriceRecord,
} from '../domain/booking';

/** Takes `count` consecutive booking numbers from the operator's counter; returns the first. */
export async function takeBookingNumbers(tx: Tx, tenantId: string, count: number): Promise<bigint> {
  const [row] = await rows<{ first: string }>(
    tx,
    sql`insert into bookings.booking_numbers as counter (tenant_id, next_no) values (${tenantId}, ${count + 1})
        on conflict (tenant_id) do update set next_no = counter.next_no + ${count}
        returning (next_no - ${count})::text as first`,
  );
  return BigInt(row!.first);
}

/** What a new duty's row holds. */
export interface NewBookingRow {
  id: string;
  tenantId: string;
  bookingNo: bigint;
  type: BookingType;
  parentId: string | null;
  status: BookingStatus;
  customerId: string;
  customerName: string;
  customerGroupId: string | null;
  companyId: string | null;
  bookedBy: { name: string; phone: string; email: string };
  fromCityId: string;
  toCityId: string | null;
  vehicleGroupId: string;
  dutyTypeId: string;
  reportingAt: Date;
  startDate: string;
  endsAt: Date;
  reportingAddress: string;
  dropAddress: string;
  remark: string;
  operatorNotes: string;
  orderReferenceNumber: string;
  labelIds: string[];
  attachmentIds: string[];
  dutySupporterIds: string[];
  customFields: { customFieldId: string; value: string }[];
  sales: PriceRecord;
  purchase: PriceRecord;
  createdBy: string | null;
}

/** A trip code: 4 digits, each of the 10 000 equally likely, from the operating system's CSPRNG. */
export const drawTripOtp = () => randomInt(0, 10_000).toString().padStart(4, '0');

export async function insertBooking(tx: Tx, b: NewBookingRow): Promise<void> {
  await tx.execute(sql`
    insert into bookings.bookings (
      id, tenant_id, booking_no, type, parent_id, status, customer_id, customer_name, customer_group_id,
      company_id, booked_by_name, booked_by_phone, booked_by_email, from_city_id, to_city_id,
      vehicle_group_id, duty_type_id, reporting_at, start_date, ends_at, reporting_address, drop_address,
      remark, operator_notes, order_reference_number, label_ids, attachment_ids, duty_supporter_ids,
      custom_fields, rate_card_id, price, extra_km_rate, extra_hour_rate, purchase_rate_card_id,
      purchase_price, purchase_extra_km_rate, purchase_extra_hour_rate, created_by, trip_start_otp, trip_end_otp
    ) values (
      ${b.id}, ${b.tenantId}, ${b.bookingNo.toString()}::bigint, ${b.type}, ${b.parentId}, ${b.status},
      ${b.customerId}, ${b.customerName}, ${b.customerGroupId}, ${b.companyId}, ${b.bookedBy.name},
      ${b.bookedBy.phone}, ${b.bookedBy.email}, ${b.fromCityId}, ${b.toCityId}, ${b.vehicleGroupId},
      ${b.dutyTypeId}, ${b.reportingAt}, ${b.startDate}::date, ${b.endsAt}, ${b.reportingAddress},
      ${b.dropAddress}, ${b.remark}, ${b.operatorNotes}, ${b.orderReferenceNumber}, ${idArray(b.labelIds)},
      ${idArray(b.attachmentIds)}, ${idArray(b.dutySupporterIds)}, ${JSON.stringify(b.customFields)}::jsonb,
      ${b.sales.rateCardId}, ${b.sales.price}::numeric, ${b.sales.extraKmRate}::numeric,
      ${b.sales.extraHourRate}::numeric, ${b.purchase.rateCardId}, ${b.purchase.price}::numeric,
      ${b.purchase.extraKmRate}::numeric, ${b.purchase.extraHourRate}::numeric, ${b.createdBy}, ${drawTripOtp()},
      ${drawTripOtp()}
    )`);
}

export async function insertContacts(
  tx: Tx,
  tenantId: string,
  bookingId: string,
  role: 'PASSENGER' | 'ADDITIONAL_CONTACT',
  contacts: BookingContactRecord[],
): Promise<void> {
  if (contacts.length === 0) return;
  await tx.execute(sql`
    insert into bookings.booking_contacts (tenant_id, booking_id, role, position, name, phone, email, custom_field)
    select ${tenantId}, ${bookingId}, ${role}, c.position, c.name, c.phone, c.email, c."customField"
    from jsonb_to_recordset(${JSON.stringify(contacts.map((c, position) => ({ ...c, position })))}::jsonb)
      as c(position smallint, name text, phone text, email text, "customField" text)`);
}

export async function replaceSearchTerms(tx: Tx, tenantId: string, bookingId: string, terms: string[]) {
  await tx.execute(sql`delete from bookings.booking_search_terms where booking_id = ${bookingId}`);
  if (terms.length === 0) return;
  await tx.execute(sql`
    insert into bookings.booking_search_terms (tenant_id, term, booking_id)
    select ${tenantId}, t, ${bookingId} from jsonb_array_elements_text(${JSON.stringify(terms)}::jsonb) as t
    on conflict do nothing`);
}

export interface NewActivity {
  tenantId: string;
  bookingId: string;
  actor: 'STAFF' | 'DRIVER' | 'SUPPLIER' | 'CUSTOMER' | 'SYSTEM';
  userId: string | null;
  actorUserId: string | null;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string;
}

export async function insertActivity(tx: Tx, a: NewActivity & { id: string }): Promise<void> {
  await tx.execute(sql`
    insert into bookings.booking_activity
      (id, tenant_id, booking_id, actor, user_id, actor_user_id, action, from_status, to_status, reason)
    values (${a.id}, ${a.tenantId}, ${a.bookingId}, ${a.actor}, ${a.userId}, ${a.actorUserId}, ${a.action},
      ${a.fromStatus}, ${a.toStatus}, ${a.reason})`);
}

const DETAIL_COLUMNS = sql.raw(`
  b.id, b.booking_no::text as "bookingNo", b.type, b.status, b.customer_id as "customerId",
  b.from_city_id as "fromCityId", b.to_city_id as "toCityId", b.vehicle_group_id as "vehicleGroupId",
  b.duty_type_id as "dutyTypeId", b.reporting_at as "reportingAt", b.start_date::text as "startDate",
  b.alloted_vehicle_id as "allotedVehicleId", b.alloted_driver_id as "allotedDriverId",
  b.is_network_incoming as "isNetworkIncoming", b.network_request_status as "networkRequestStatus",
  b.is_billed as "isBilled", b.created_at as "createdAt", b.parent_id as "parentId",
  b.company_id as "companyId", b.customer_name as "customerName",
  jsonb_build_object('name', b.booked_by_name, 'phone', b.booked_by_phone, 'email', b.booked_by_email) as "bookedBy",
  b.reporting_address as "reportingAddress", b.drop_address as "dropAddress", b.ends_at as "endsAt",
  b.remark, b.operator_notes as "operatorNotes", b.order_reference_number as "orderReferenceNumber",
  b.label_ids::text[] as "labelIds", b.attachment_ids::text[] as "attachmentIds",
  b.duty_supporter_ids::text[] as "dutySupporterIds", b.custom_fields as "customFields",
  jsonb_build_object('rateCardId', b.rate_card_id, 'price', b.price::text, 'extraKmRate', b.extra_km_rate::text,
    'extraHourRate', b.extra_hour_rate::text) as sales,
  jsonb_build_object('rateCardId', b.purchase_rate_card_id, 'price', b.purchase_price::text,
    'extraKmRate', b.purchase_extra_km_rate::text, 'extraHourRate', b.purchase_extra_hour_rate::text) as purchase,
  b.vehicle_no as "vehicleNo", b.driver_name as "driverName", b.driver_phone as "driverPhone",
  b.supplier_id as "supplierId", b.supplier_name as "supplierName",
  coalesce(b.cancellation_reason, '') as "cancellationReason", b.unfulfilled_reason as "unfulfilledReason",
  b.slip_medium as "slipMedium", b.version, b.trip_start_otp as "tripStartOtp", b.trip_end_otp as "tripEndOtp",
  b.trip_start_wrong_codes as "tripStartWrongCodes", b.trip_start_locked_at as "tripStartLockedAt",
  b.early_start_requested_at as "earlyStartRequestedAt", b.early_start_consented_at as "earlyStartConsentedAt",
  b.early_start_consented_by as "earlyStartConsentedBy",
  b.customer_signature_file_id is not null as "hasCustomerSignature",
  coalesce((select jsonb_agg(jsonb_build_object('name', c.name, 'phone', c.phone, 'email', c.email,
      'customField', c.custom_field) order by c.position)
    from bookings.booking_contacts c where c.booking_id = b.id and c.role = 'PASSENGER'), '[]') as passengers,
  coalesce((select jsonb_agg(jsonb_build_object('name', c.name, 'phone', c.phone, 'email', c.email,
      'customField', c.custom_field) order by c.position)
    from bookings.booking_contacts c where c.booking_id = b.id and c.role = 'ADDITIONAL_CONTACT'), '[]')
    as "additionalContacts",
  coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'billingItemId', i.billing_item_id,
      'name', i.name, 'isTaxable', i.is_taxable, 'sacCode', i.sac_code, 'taxId', i.tax_id,
      'amount', i.amount::text, 'receiptFileId', i.receipt_file_id, 'note', i.note, 'addedBy', i.added_by,
      'addedAt', i.added_at) order by i.position, i.added_at, i.id)
    from bookings.booking_billing_items i where i.booking_id = b.id), '[]') as "billingItems",
  (select jsonb_build_object('policyNumber', t.policy_number, 'insurer', t.insurer,
      'premium', t.premium::text, 'sumInsured', t.sum_insured::text, 'note', t.note, 'setBy', t.set_by,
      'setAt', t.set_at)
    from bookings.booking_trip_insurance t where t.booking_id = b.id) as "tripInsurance"`);

export async function getBookingDetail(tx: Tx, id: string): Promise<BookingDetail | undefined> {
  const [found] = await rows<BookingDetail>(
    tx,
    sql`select ${DETAIL_COLUMNS} from bookings.bookings b where b.id = ${id} and b.deleted_at is null`,
  );
  return found;
}

/** A multi-day booking's later duties, in date order. */
export function getDuties(tx: Tx, parentId: string): Promise<BookingDetail[]> {
  return rows<BookingDetail>(
    tx,
    sql`select ${DETAIL_COLUMNS} from bookings.bookings b where b.parent_id = ${parentId}
          and b.deleted_at is null
        order by b.start_date, b.reporting_at`,
  );
}

export function listActivity(tx: Tx, bookingId: string): Promise<ActivityRecord[]> {
  return rows<ActivityRecord>(
    tx,
    sql`select id, at, actor, user_id as "userId", actor_user_id as "actorUserId", action,
          from_status as "fromStatus", to_status as "toStatus", reason
        from bookings.booking_activity where booking_id = ${bookingId} order by at, id`,
  );
}

/** What a status action finds a duty as, locked until its transaction ends (two staff acting wait in turn). */
export interface LockedDuty {
  id: string;
  status: BookingStatus;
  isBilled: boolean;
  type: BookingType;
  statusBeforeRequest: BookingStatus | null;
  version: number;
}

export async function lockDuty(tx: Tx, id: string): Promise<LockedDuty | undefined> {
  const [found] = await rows<LockedDuty>(
    tx,
    sql`select id, status, is_billed as "isBilled", type, status_before_request as "statusBeforeRequest",
          version
        from bookings.bookings where id = ${id} and deleted_at is null for update`,
  );
  return found;
}

/** What a status action changes besides the status. */
export interface StatusChange {
  status: BookingStatus;
  statusBeforeRequest?: BookingStatus | null;
  cancellationReason?: string;
  unfulfilledReason?: string;
  clearAllotment?: boolean;
}

export async function applyStatusChange(tx: Tx, id: string, change: StatusChange): Promise<void> {
  const sets = [sql`status = ${change.status}`, sql`version = version + 1`, sql`updated_at = now()`];
  if (change.statusBeforeRequest !== undefined)
    sets.push(sql`status_before_request = ${change.statusBeforeRequest}`);
  if (change.cancellationReason !== undefined)
    sets.push(sql`cancellation_reason = ${change.cancellationReason}`);
  if (change.unfulfilledReason !== undefined)
    sets.push(sql`unfulfilled_reason = ${change.unfulfilledReason}`);
  if (change.clearAllotment) {
    sets.push(
      sql`alloted_vehicle_id = null, alloted_driver_id = null, vehicle_no = '', driver_name = '',
          driver_phone = '', supplier_id = null, supplier_name = '', supplier_group_id = null`,
    );
  }
  await tx.execute(sql`update bookings.bookings set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** Statuses in which a duty no longer holds its vehicle and driver. */
const RELEASED = ['CANCELLED', 'CANCELLATION_NO_SHOW', 'UNFULFILLED', 'CLOSED'] as const;

/**
 * Holds, until the transaction ends, the right to allot these vehicles and drivers: two people
 * allotting the same driver at once take turns, so the second sees the first's duty as an overlap.
 * Resources are locked in one order, so two allotments never wait on each other.
 */
export async function lockAllotable(tx: Tx, tenantId: string, resourceIds: string[]): Promise<void> {
  for (const id of [...new Set(resourceIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`allot:${tenantId}:${id}`}, 0))`);
  }
}

export interface OverlappingDuty {
  id: string;
  bookingNo: string;
  allotedVehicleId: string | null;
  allotedDriverId: string | null;
  reportingAt: Date;
}

/** The live duties of a vehicle or a driver whose expected span overlaps [from, to), other than `except`. */
export function overlappingDuties(
  tx: Tx,
  query: { vehicleId: string | null; driverId: string | null; from: Date; to: Date; except: string[] },
): Promise<OverlappingDuty[]> {
  const holders = [
    ...(query.vehicleId ? [sql`alloted_vehicle_id = ${query.vehicleId}`] : []),
    ...(query.driverId ? [sql`alloted_driver_id = ${query.driverId}`] : []),
  ];
  if (holders.length === 0) return Promise.resolve([]);
  return rows<OverlappingDuty>(
    tx,
    sql`select id, booking_no::text as "bookingNo", alloted_vehicle_id as "allotedVehicleId",
          alloted_driver_id as "allotedDriverId", reporting_at as "reportingAt"
        from bookings.bookings
        where (${sql.join(holders, sql` or `)})
          and status not in (${sql.join(
            RELEASED.map((status) => sql`${status}`),
            sql`, `,
          )})
          and not (id = any(${idArray(query.except)}))
          and reporting_at < ${query.to}
          and reporting_at > ${new Date(query.from.getTime() - 62 * 86_400_000)}
          and coalesce(ends_at, reporting_at + interval '8 hours') > ${query.from}
        order by reporting_at`,
  );
}

/** The vehicle, driver and supplier a duty is allotted to, and its status after. */
export interface Allotment {
  status: BookingStatus;
  vehicleId: string | null;
  driverId: string | null;
  vehicleNo: string;
  driverName: string;
  driverPhone: string;
  supplierId: string | null;
  supplierName: string;
  supplierGroupId: string | null;
}

export async function applyAllotment(tx: Tx, id: string, a: Allotment): Promise<void> {
  await tx.execute(sql`
    update bookings.bookings set status = ${a.status}, alloted_vehicle_id = ${a.vehicleId},
      alloted_driver_id = ${a.driverId}, vehicle_no = ${a.vehicleNo}, driver_name = ${a.driverName},
      driver_phone = ${a.driverPhone}, supplier_id = ${a.supplierId}, supplier_name = ${a.supplierName},
      supplier_group_id = ${a.supplierGroupId}, driver_rejected = false, supplier_rejected = false,
      version = version + 1, updated_at = now()
    where id = ${id}`);
}

/** A duty and the later duties of its booking, in date order (what "every duty at once" allots). */
export function dutiesOfBooking(tx: Tx, id: string): Promise<{ id: string }[]> {
  return rows<{ id: string }>(
    tx,
    sql`select b.id from bookings.bookings b, bookings.bookings d
        where d.id = ${id} and (b.id = coalesce(d.parent_id, d.id) or b.parent_id = coalesce(d.parent_id, d.id))
          and b.deleted_at is null
        order by b.start_date, b.reporting_at`,
  );
}

/** A recorded point of a slip; km as decimal text. */
export interface SlipPointRecord {
  point: 'GARAGE_START' | 'ARRIVAL' | 'DUTY_START' | 'DUTY_END' | 'GARAGE_END';
  at: Date;
  km: string;
  location: string;
  /** A photo taken there, a file masters keeps; null for none. */
  fileId: string | null;
}

const POINT_ORDER = sql.raw(
  `array_position(array['GARAGE_START','ARRIVAL','DUTY_START','DUTY_END','GARAGE_END'], point)`,
);

/** Replaces what a slip variant holds, and records how the slip arrived. */
export async function replaceSlipPoints(
  tx: Tx,
  input: {
    tenantId: string;
    bookingId: string;
    variant: 'SALES' | 'PURCHASE';
    points: SlipPointRecord[];
    medium: string | null;
    recordedBy: string;
  },
): Promise<void> {
  await tx.execute(
    sql`delete from bookings.duty_slip_points where booking_id = ${input.bookingId} and variant = ${input.variant}`,
  );
  if (input.points.length > 0) {
    await tx.execute(sql`
      insert into bookings.duty_slip_points (tenant_id, booking_id, variant, point, at, km, location, file_id, source, recorded_by)
      select ${input.tenantId}, ${input.bookingId}, ${input.variant}, p.point, p.at, p.km, p.location, p."fileId", 'STAFF', ${input.recordedBy}
      from jsonb_to_recordset(${JSON.stringify(input.points)}::jsonb)
        as p(point text, at timestamptz, km numeric, location text, "fileId" uuid)`);
  }
  await tx.execute(sql`
    update bookings.bookings set slip_medium = coalesce(${input.medium}, slip_medium), version = version + 1,
      updated_at = now()
    where id = ${input.bookingId}`);
}

export function listSlipPoints(
  tx: Tx,
  bookingId: string,
  variant: 'SALES' | 'PURCHASE',
): Promise<SlipPointRecord[]> {
  return rows<SlipPointRecord>(
    tx,
    sql`select point, at, km::text as km, location, file_id::text as "fileId" from bookings.duty_slip_points
        where booking_id = ${bookingId} and variant = ${variant} order by ${POINT_ORDER}`,
  );
}

/** What closing priced, kept with the duty: lines and total as decimal text. */
export interface StoredCharges {
  rateCardId: string | null;
  /** The card's name when the duty closed; absent on charges kept before names were. */
  rateCardName?: string;
  /** The card the duty was booked on, when a slab switch moved it to another. */
  switchedFrom?: { id: string; name: string } | null;
  /** How the figures were reached, where it is worth saying. */
  note?: string;
  km: string;
  minutes: number;
  lines: { code: string; label: string; quantity: string; unit: string; rate: string; amount: string }[];
  total: string;
}

/** Whose price: charged to the customer, paid to the supplier, or paid to the operator's own driver. */
export type ChargesSide = 'CUSTOMER' | 'SUPPLIER' | 'DRIVER';

const CHARGE_COLUMNS: Record<ChargesSide, { lines: string; total: string }> = {
  CUSTOMER: { lines: 'charges', total: 'charges_total' },
  SUPPLIER: { lines: 'purchase_charges', total: 'purchase_charges_total' },
  DRIVER: { lines: 'driver_allowances', total: 'driver_allowances_total' },
};

export async function saveCharges(
  tx: Tx,
  id: string,
  charges: StoredCharges,
  side: ChargesSide = 'CUSTOMER',
): Promise<void> {
  const column = CHARGE_COLUMNS[side];
  await tx.execute(sql`
    update bookings.bookings set ${sql.raw(column.lines)} = ${JSON.stringify(charges)}::jsonb,
      ${sql.raw(column.total)} = ${charges.total}::numeric
    where id = ${id}`);
}

export async function getCharges(
  tx: Tx,
  id: string,
  side: ChargesSide = 'CUSTOMER',
): Promise<StoredCharges | undefined> {
  const [found] = await rows<{ charges: StoredCharges | null }>(
    tx,
    sql`select ${sql.raw(CHARGE_COLUMNS[side].lines)} as charges from bookings.bookings where id = ${id}`,
  );
  return found?.charges ?? undefined;
}

/** A closed duty's three prices; each absent when it was not priced. */
export async function getAllCharges(tx: Tx, id: string) {
  const [found] = await rows<{
    charges: StoredCharges | null;
    purchaseCharges: StoredCharges | null;
    driverAllowances: StoredCharges | null;
  }>(
    tx,
    sql`select charges, purchase_charges as "purchaseCharges", driver_allowances as "driverAllowances"
        from bookings.bookings where id = ${id}`,
  );
  return {
    charges: found?.charges ?? undefined,
    purchaseCharges: found?.purchaseCharges ?? undefined,
    driverAllowances: found?.driverAllowances ?? undefined,
  };
}

/**
 * Which of its vehicle's (or driver's) duties of the day a duty is, counting the live and closed duties
 * reported before it that day: 1 for the first. A duty with no vehicle (or driver) is its own first.
 */
export async function dutyOfDay(
  tx: Tx,
  id: string,
  by: 'alloted_vehicle_id' | 'alloted_driver_id',
): Promise<number> {
  const [found] = await rows<{ n: number }>(
    tx,
    sql`select 1 + count(o.id)::int as n
        from bookings.bookings d
        left join bookings.bookings o on o.${sql.raw(by)} = d.${sql.raw(by)} and o.start_date = d.start_date
          and o.id <> d.id and (o.reporting_at, o.id) < (d.reporting_at, d.id)
          and o.status not in ('CANCELLED', 'CANCELLATION_NO_SHOW', 'UNFULFILLED')
        where d.id = ${id}
        group by d.id`,
  );
  return found?.n ?? 1;
}

/** A duty's details as staff change them; the status, allotment and slip stay as they are. */
export async function updateBookingDetails(
  tx: Tx,
  id: string,
  b: Omit<NewBookingRow, 'id' | 'tenantId' | 'bookingNo' | 'type' | 'parentId' | 'createdBy' | 'status'>,
): Promise<void> {
  await tx.execute(sql`
    update bookings.bookings set
      customer_id = ${b.customerId}, customer_name = ${b.customerName}, customer_group_id = ${b.customerGroupId},
      company_id = ${b.companyId}, booked_by_name = ${b.bookedBy.name}, booked_by_phone = ${b.bookedBy.phone},
      booked_by_email = ${b.bookedBy.email}, from_city_id = ${b.fromCityId}, to_city_id = ${b.toCityId},
      vehicle_group_id = ${b.vehicleGroupId}, duty_type_id = ${b.dutyTypeId}, reporting_at = ${b.reportingAt},
      start_date = ${b.startDate}::date, ends_at = ${b.endsAt}, reporting_address = ${b.reportingAddress},
      drop_address = ${b.dropAddress}, remark = ${b.remark}, operator_notes = ${b.operatorNotes},
      order_reference_number = ${b.orderReferenceNumber}, label_ids = ${idArray(b.labelIds)},
      attachment_ids = ${idArray(b.attachmentIds)}, duty_supporter_ids = ${idArray(b.dutySupporterIds)},
      custom_fields = ${JSON.stringify(b.customFields)}::jsonb, rate_card_id = ${b.sales.rateCardId},
      price = ${b.sales.price}::numeric, extra_km_rate = ${b.sales.extraKmRate}::numeric,
      extra_hour_rate = ${b.sales.extraHourRate}::numeric, purchase_price = ${b.purchase.price}::numeric,
      purchase_extra_km_rate = ${b.purchase.extraKmRate}::numeric,
      purchase_extra_hour_rate = ${b.purchase.extraHourRate}::numeric,
      version = version + 1, updated_at = now()
    where id = ${id}`);
}

export async function replaceContacts(
  tx: Tx,
  tenantId: string,
  bookingId: string,
  role: 'PASSENGER' | 'ADDITIONAL_CONTACT',
  contacts: BookingContactRecord[],
): Promise<void> {
  await tx.execute(
    sql`delete from bookings.booking_contacts where booking_id = ${bookingId} and role = ${role}`,
  );
  await insertContacts(tx, tenantId, bookingId, role, contacts);
}

/** A billing item as it is written on a duty; amount as decimal text. */
export type NewDutyBillingItem = Omit<DutyBillingItemRecord, 'addedBy' | 'addedAt'>;

/**
 * Replaces a duty's billing items with `items`, in their order. A row kept from before (same id) keeps
 * who added it and when; a new row is added by `addedBy` now.
 */
export async function replaceBillingItems(
  tx: Tx,
  input: { tenantId: string; bookingId: string; items: NewDutyBillingItem[]; addedBy: string },
): Promise<void> {
  const items = input.items.map((item, position) => ({ ...item, position }));
  await tx.execute(sql`
    delete from bookings.booking_billing_items
    where booking_id = ${input.bookingId}
      and not (id = any(${idArray(items.map((item) => item.id))}))`);
  if (items.length > 0) {
    await tx.execute(sql`
      insert into bookings.booking_billing_items as kept (id, tenant_id, booking_id, billing_item_id, name,
        is_taxable, sac_code, tax_id, amount, receipt_file_id, note, position, added_by)
      select i.id, ${input.tenantId}, ${input.bookingId}, i."billingItemId", i.name, i."isTaxable", i."sacCode",
        i."taxId", i.amount, i."receiptFileId", i.note, i.position, ${input.addedBy}
      from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as i(id uuid, "billingItemId" uuid, name text,
        "isTaxable" boolean, "sacCode" text, "taxId" uuid, amount numeric, "receiptFileId" uuid, note text,
        position smallint)
      on conflict (id) do update set billing_item_id = excluded.billing_item_id, name = excluded.name,
        is_taxable = excluded.is_taxable, sac_code = excluded.sac_code, tax_id = excluded.tax_id,
        amount = excluded.amount, receipt_file_id = excluded.receipt_file_id, note = excluded.note,
        position = excluded.position
      where kept.booking_id = ${input.bookingId}`);
  }
  await tx.execute(
    sql`update bookings.bookings set version = version + 1, updated_at = now() where id = ${input.bookingId}`,
  );
}

export async function approveSlip(tx: Tx, id: string): Promise<void> {
  await tx.execute(
    sql`update bookings.bookings set slip_approved_at = now(), version = version + 1, updated_at = now() where id = ${id}`,
  );
}

/** Replaces a duty's labels or its duty supporters. */
export async function setDutyIds(
  tx: Tx,
  id: string,
  column: 'label_ids' | 'duty_supporter_ids',
  ids: string[],
): Promise<void> {
  await tx.execute(
    sql`update bookings.bookings set ${sql.raw(column)} = ${idArray(ids)}, version = version + 1, updated_at = now()
        where id = ${id}`,
  );
}

export async function slipApprovedAt(tx: Tx, id: string): Promise<Date | null> {
  const [row] = await rows<{ at: Date | null }>(
    tx,
    sql`select slip_approved_at as at from bookings.bookings where id = ${id}`,
  );
  return row?.at ?? null;
}

/** The actions of a duty's activity so far, oldest first (what deleting it looks at). */
export async function activityActions(tx: Tx, bookingId: string): Promise<string[]> {
  const found = await rows<{ action: string }>(
    tx,
    sql`select action from bookings.booking_activity where booking_id = ${bookingId} order by at, id`,
  );
  return found.map((row) => row.action);
}

/** Marks a duty deleted by `userId` at `at`: kept, and hidden from every list, count, search and read. */
export async function markDeleted(tx: Tx, id: string, deletion: { userId: string; at: Date }): Promise<void> {
  await tx.execute(sql`
    update bookings.bookings set deleted_at = ${deletion.at}, deleted_by = ${deletion.userId},
      version = version + 1, updated_at = now()
    where id = ${id} and deleted_at is null`);
}
