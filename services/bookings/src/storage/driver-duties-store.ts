// What the driver app reads and writes: a driver's own duties by day, the acts the app sends (each once,
// by the id the phone gave it), the slip points the trip's events write, and the billing items a driver
// adds. Row-level security keeps every query to the operator; the driver's own fence is written here.
import { type CursorShape, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import type { NewDutyBillingItem, SlipPointRecord } from './booking-record-store';
import { BOOKING_COLUMNS, type BookingRow } from './bookings-store';

/** The statuses in which a duty is still the driver's to run (allotted, and not over). */
export const DRIVER_ACTIVE_STATUSES = [
  'ALLOTED',
  'DRIVER_ACCEPTED',
  'DISPATCHED',
  'DRIVER_GARAGE_START',
  'DRIVER_ARRIVED_AT_PICKUP',
  'DRIVER_DUTY_START',
  'DRIVER_DUTY_START_PASSENGER_NO_SHOW',
  'DRIVER_DUTY_END',
] as const;
const ACTIVE = sql.raw(DRIVER_ACTIVE_STATUSES.map((s) => `'${s}'`).join(', '));

/** Today's (and any earlier duty still open), the days ahead, or what is over. */
export type DriverDutyWhen = 'TODAY' | 'UPCOMING' | 'PAST';

const REPORTING: CursorShape = { sort: { type: 'timestamp', nullable: false } };

/** Up to `limit + 1` of the driver's duties after the cursor: today's and upcoming by reporting time, past latest first. */
export function listDriverDuties(
  tx: Tx,
  query: { driverId: string; when: DriverDutyWhen; today: string; cursor?: string; limit: number },
): Promise<BookingRow[]> {
  const page = keyset({
    sortKey: sql.raw('reporting_at'),
    id: sql.raw('id'),
    direction: query.when === 'PAST' ? 'desc' : 'asc',
    cursor: query.cursor,
    shape: REPORTING,
  });
  const conditions: SQL[] = [sql`alloted_driver_id = ${query.driverId}`];
  if (query.when === 'TODAY')
    conditions.push(sql`status in (${ACTIVE}) and start_date <= ${query.today}::date`);
  if (query.when === 'UPCOMING')
    conditions.push(sql`status in (${ACTIVE}) and start_date > ${query.today}::date`);
  if (query.when === 'PAST') conditions.push(sql`status not in (${ACTIVE})`);
  if (page.after) conditions.push(page.after);
  return rows<BookingRow>(
    tx,
    sql`select ${BOOKING_COLUMNS}, reporting_at::text as "sortKey" from bookings.bookings
        where ${sql.join(conditions, sql` and `)} order by ${page.orderBy} limit ${query.limit + 1}`,
  );
}

export interface DriverActionRecord {
  clientActionId: string;
  bookingId: string;
  action: string;
  at: Date;
}

/**
 * Records an act of the app by the id the phone gave it; false when that id was recorded before (a
 * retry or a replay), in which case nothing is written.
 */
export async function recordDriverAction(
  tx: Tx,
  act: {
    tenantId: string;
    clientActionId: string;
    bookingId: string;
    driverId: string;
    action: string;
    at: Date;
    km?: string | null;
    latitude?: number | null;
    longitude?: number | null;
    location?: string;
    fileId?: string | null;
    reason?: string;
    details?: Record<string, unknown>;
  },
): Promise<boolean> {
  const fresh = await rows<{ id: string }>(
    tx,
    sql`insert into bookings.driver_actions (tenant_id, client_action_id, booking_id, driver_id, action, at, km,
          latitude, longitude, location, file_id, reason, details)
        values (${act.tenantId}, ${act.clientActionId}, ${act.bookingId}, ${act.driverId}, ${act.action}, ${act.at},
          ${act.km ?? null}, ${act.latitude ?? null}, ${act.longitude ?? null}, ${act.location ?? ''},
          ${act.fileId ?? null}, ${act.reason ?? ''}, ${JSON.stringify(act.details ?? {})}::jsonb)
        on conflict (tenant_id, client_action_id) do nothing
        returning client_action_id as id`,
  );
  return fresh.length === 1;
}

/** The act recorded under the phone's id, if any: a retry answers what the first attempt did. */
export async function findDriverAction(
  tx: Tx,
  clientActionId: string,
): Promise<DriverActionRecord | undefined> {
  const [found] = await rows<DriverActionRecord>(
    tx,
    sql`select client_action_id as "clientActionId", booking_id as "bookingId", action, at
        from bookings.driver_actions where client_action_id = ${clientActionId}`,
  );
  return found;
}

/** Writes one point of the customer's slip as the driver app recorded it (replacing that point). */
export async function saveDriverSlipPoint(
  tx: Tx,
  input: {
    tenantId: string;
    bookingId: string;
    point: SlipPointRecord['point'];
    at: Date;
    km: string;
    latitude: number | null;
    longitude: number | null;
    location: string;
    fileId: string | null;
    recordedBy: string;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into bookings.duty_slip_points (tenant_id, booking_id, variant, point, at, km, latitude, longitude,
      location, file_id, source, recorded_by)
    values (${input.tenantId}, ${input.bookingId}, 'SALES', ${input.point}, ${input.at}, ${input.km},
      ${input.latitude}, ${input.longitude}, ${input.location}, ${input.fileId}, 'DRIVER_APP', ${input.recordedBy})
    on conflict (booking_id, variant, point) do update set at = excluded.at, km = excluded.km,
      latitude = excluded.latitude, longitude = excluded.longitude, location = excluded.location,
      file_id = excluded.file_id, source = excluded.source, recorded_by = excluded.recorded_by,
      recorded_at = now()`);
  await tx.execute(sql`
    update bookings.bookings set slip_medium = coalesce(slip_medium, 'DIGITAL_DUTY_SLIP'), version = version + 1,
      updated_at = now()
    where id = ${input.bookingId}`);
}

export async function saveCustomerSignature(tx: Tx, bookingId: string, fileId: string): Promise<void> {
  await tx.execute(
    sql`update bookings.bookings set customer_signature_file_id = ${fileId} where id = ${bookingId}`,
  );
}

/** Adds a billing item the driver entered after the duty's others. */
export async function appendBillingItem(
  tx: Tx,
  input: { tenantId: string; bookingId: string; item: NewDutyBillingItem; addedBy: string },
): Promise<void> {
  const { item } = input;
  await tx.execute(sql`
    insert into bookings.booking_billing_items (id, tenant_id, booking_id, billing_item_id, name, is_taxable,
      sac_code, tax_id, amount, receipt_file_id, note, position, added_by)
    values (${item.id}, ${input.tenantId}, ${input.bookingId}, ${item.billingItemId}, ${item.name}, ${item.isTaxable},
      ${item.sacCode}, ${item.taxId}, ${item.amount}, ${item.receiptFileId}, ${item.note},
      (select coalesce(max(position) + 1, 0) from bookings.booking_billing_items where booking_id = ${input.bookingId}),
      ${input.addedBy})`);
  await tx.execute(
    sql`update bookings.bookings set version = version + 1, updated_at = now() where id = ${input.bookingId}`,
  );
}
