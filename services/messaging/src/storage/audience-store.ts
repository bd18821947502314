// Messaging's read models of other services' records (migration 0003): the operator, its customers and
// suppliers, and the latest facts of each booking. Written by the consumers from events, each row only
// by a newer record than the one it holds; read under the operator's row-level security.
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import { type Audience, type BookingFacts, DEFAULT_AUDIENCE, type Person } from '../domain/booking-texts';
import { SCHEMA } from './migrations';

const operators = sql.raw(`${SCHEMA}.operators`);
const customers = sql.raw(`${SCHEMA}.customers`);
const suppliers = sql.raw(`${SCHEMA}.suppliers`);
const bookings = sql.raw(`${SCHEMA}.bookings`);

/** The operator as identity announced it when it was created: its name and time zone. */
export async function saveOperator(tx: Tx, tenantId: string, o: { companyName: string; timeZone: string }) {
  await tx.execute(sql`
    insert into ${operators} (tenant_id, company_name, time_zone) values (${tenantId}, ${o.companyName}, ${o.timeZone})
    on conflict (tenant_id) do update
      set company_name = excluded.company_name, time_zone = excluded.time_zone, updated_at = now()`);
}

/** The owner account's messaging flags, unless the row already holds a newer account. */
export async function saveOperatorFlags(
  tx: Tx,
  tenantId: string,
  f: { autoSendPassengerSms: boolean; autoSendPassengerEmail: boolean; updatedAt: Date },
) {
  await tx.execute(sql`
    insert into ${operators} (tenant_id, auto_send_passenger_sms, auto_send_passenger_email, flags_updated_at)
    values (${tenantId}, ${f.autoSendPassengerSms}, ${f.autoSendPassengerEmail}, ${f.updatedAt})
    on conflict (tenant_id) do update
      set auto_send_passenger_sms = excluded.auto_send_passenger_sms,
          auto_send_passenger_email = excluded.auto_send_passenger_email,
          flags_updated_at = excluded.flags_updated_at, updated_at = now()
      where ${operators}.flags_updated_at is null or ${operators}.flags_updated_at <= excluded.flags_updated_at`);
}

export interface CustomerCopy {
  id: string;
  name: string;
  email: string;
  sendPassengerMessages: boolean;
  sendBookerMessages: boolean;
  updatedAt: Date;
}

export async function saveCustomer(tx: Tx, tenantId: string, c: CustomerCopy) {
  await tx.execute(sql`
    insert into ${customers} (tenant_id, id, name, email, send_passenger_messages, send_booker_messages, updated_at)
    values (${tenantId}, ${c.id}, ${c.name}, ${c.email}, ${c.sendPassengerMessages}, ${c.sendBookerMessages}, ${c.updatedAt})
    on conflict (tenant_id, id) do update
      set name = excluded.name, email = excluded.email, send_passenger_messages = excluded.send_passenger_messages,
          send_booker_messages = excluded.send_booker_messages, updated_at = excluded.updated_at
      where ${customers}.updated_at <= excluded.updated_at`);
}

export interface SupplierCopy {
  id: string;
  name: string;
  phone: string;
  email: string;
  supplierType: string;
  updatedAt: Date;
}

export async function saveSupplier(tx: Tx, tenantId: string, s: SupplierCopy) {
  await tx.execute(sql`
    insert into ${suppliers} (tenant_id, id, name, phone, email, supplier_type, updated_at)
    values (${tenantId}, ${s.id}, ${s.name}, ${s.phone}, ${s.email}, ${s.supplierType}, ${s.updatedAt})
    on conflict (tenant_id, id) do update
      set name = excluded.name, phone = excluded.phone, email = excluded.email,
          supplier_type = excluded.supplier_type, updated_at = excluded.updated_at
      where ${suppliers}.updated_at <= excluded.updated_at`);
}

const nullableId = (id: string) => (id === '' ? null : id);

/** The booking's latest facts: kept unless the row already holds a newer version. */
export async function saveBooking(tx: Tx, tenantId: string, b: BookingFacts) {
  await tx.execute(sql`
    insert into ${bookings} (tenant_id, id, booking_no, version, status, customer_id, customer_name, supplier_id,
      reporting_at, pickup, drop_address, vehicle_no, driver_name, driver_phone, trip_otp, booked_by, passengers,
      alloted_driver_id)
    values (${tenantId}, ${b.id}, ${b.bookingNo}::bigint, ${b.version}, ${b.status}, ${nullableId(b.customerId)},
      ${b.customerName}, ${nullableId(b.supplierId)}, ${b.reportingAt ?? null}, ${b.pickup}, ${b.drop}, ${b.vehicleNo},
      ${b.driverName}, ${b.driverPhone}, ${b.tripOtp}, ${b.bookedBy ? JSON.stringify(b.bookedBy) : null}::jsonb,
      ${JSON.stringify(b.passengers)}::jsonb, ${nullableId(b.allotedDriverId)}::uuid)
    on conflict (tenant_id, id) do update
      set booking_no = excluded.booking_no, version = excluded.version, status = excluded.status,
          customer_id = excluded.customer_id, customer_name = excluded.customer_name,
          supplier_id = excluded.supplier_id, reporting_at = excluded.reporting_at, pickup = excluded.pickup,
          drop_address = excluded.drop_address, vehicle_no = excluded.vehicle_no,
          driver_name = excluded.driver_name, driver_phone = excluded.driver_phone,
          trip_otp = excluded.trip_otp, booked_by = excluded.booked_by, passengers = excluded.passengers,
          alloted_driver_id = excluded.alloted_driver_id, updated_at = now()
      where ${bookings}.version <= excluded.version`);
}

interface BookingRow {
  id: string;
  bookingNo: string;
  version: number;
  status: string;
  customerId: string;
  customerName: string;
  supplierId: string;
  reportingAt: Date | null;
  pickup: string;
  drop: string;
  vehicleNo: string;
  driverName: string;
  driverPhone: string;
  tripOtp: string;
  bookedBy: Person | null;
  passengers: Person[];
  allotedDriverId: string;
}

const BOOKING_COLUMNS = sql.raw(`
  id, booking_no::text as "bookingNo", version, status, coalesce(customer_id::text, '') as "customerId",
  customer_name as "customerName", coalesce(supplier_id::text, '') as "supplierId", reporting_at as "reportingAt",
  pickup, drop_address as "drop", vehicle_no as "vehicleNo", driver_name as "driverName",
  driver_phone as "driverPhone", trip_otp as "tripOtp", booked_by as "bookedBy", passengers,
  coalesce(alloted_driver_id::text, '') as "allotedDriverId"`);

const toFacts = (row: BookingRow): BookingFacts => ({
  ...row,
  reportingAt: row.reportingAt ? new Date(row.reportingAt) : undefined,
  bookedBy: row.bookedBy ?? undefined,
});

/** A booking of the operator by id (the caller's row-level security applies); none once deleted. */
export async function findBooking(tx: Tx, id: string): Promise<BookingFacts | undefined> {
  const [row] = await rows<BookingRow>(
    tx,
    sql`select ${BOOKING_COLUMNS} from ${bookings} where id = ${id} and deleted_at is null`,
  );
  return row ? toFacts(row) : undefined;
}

/** A booking of the operator by the number staff know it by; none once deleted. */
export async function findBookingByNo(tx: Tx, bookingNo: string): Promise<BookingFacts | undefined> {
  const [row] = await rows<BookingRow>(
    tx,
    sql`select ${BOOKING_COLUMNS} from ${bookings}
        where booking_no = ${bookingNo}::bigint and deleted_at is null limit 1`,
  );
  return row ? toFacts(row) : undefined;
}

/** Marks a booking bookings deleted as entered by mistake: it is found no more, and sent nothing. */
export async function markBookingDeleted(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.execute(
    sql`update ${bookings} set deleted_at = coalesce(deleted_at, now())
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}

/** Who held a duty as messaging last knew it, and the version of the booking that said so. */
export interface DutyHolding {
  version: number;
  /** Empty when no driver master held it. */
  driverId: string;
  driverName: string;
  driverPhone: string;
}

/**
 * Who holds the duty before a change is applied, locked so another replica handling the same booking's
 * next event waits and then reads this change's holder; undefined for a booking not yet seen.
 */
export async function dutyHolding(
  tx: Tx,
  tenantId: string,
  bookingId: string,
): Promise<DutyHolding | undefined> {
  const [row] = await rows<DutyHolding>(
    tx,
    sql`select version, coalesce(alloted_driver_id::text, '') as "driverId", driver_name as "driverName",
          driver_phone as "driverPhone"
        from ${bookings} where tenant_id = ${tenantId} and id = ${bookingId} for update`,
  );
  return row;
}

/** What messaging knows of the operator besides its flags. */
export interface OperatorFacts {
  companyName: string;
  timeZone: string;
}

/**
 * Who may be messaged about a booking, and the operator's name and clock: each row missing reads as
 * DEFAULT_AUDIENCE says (booking-texts.ts explains why).
 */
export async function audienceOf(
  tx: Tx,
  tenantId: string,
  booking: Pick<BookingFacts, 'customerId' | 'supplierId'>,
): Promise<{ audience: Audience; operator: OperatorFacts }> {
  const [operator] = await rows<{
    companyName: string;
    timeZone: string;
    autoSendPassengerSms: boolean | null;
    autoSendPassengerEmail: boolean | null;
  }>(
    tx,
    sql`select company_name as "companyName", time_zone as "timeZone", auto_send_passenger_sms as "autoSendPassengerSms",
          auto_send_passenger_email as "autoSendPassengerEmail"
        from ${operators} where tenant_id = ${tenantId}`,
  );
  const [customer] = booking.customerId
    ? await rows<Omit<CustomerCopy, 'id' | 'updatedAt'>>(
        tx,
        sql`select name, email, send_passenger_messages as "sendPassengerMessages",
              send_booker_messages as "sendBookerMessages"
            from ${customers} where tenant_id = ${tenantId} and id = ${booking.customerId}`,
      )
    : [];
  const [supplier] = booking.supplierId
    ? await rows<{ name: string; phone: string; email: string }>(
        tx,
        sql`select name, phone, email from ${suppliers} where tenant_id = ${tenantId} and id = ${booking.supplierId}`,
      )
    : [];
  return {
    audience: {
      autoSendPassengerSms: operator?.autoSendPassengerSms ?? DEFAULT_AUDIENCE.autoSendPassengerSms,
      autoSendPassengerEmail: operator?.autoSendPassengerEmail ?? DEFAULT_AUDIENCE.autoSendPassengerEmail,
      sendPassengerMessages: customer?.sendPassengerMessages ?? DEFAULT_AUDIENCE.sendPassengerMessages,
      sendBookerMessages: customer?.sendBookerMessages ?? DEFAULT_AUDIENCE.sendBookerMessages,
      customerEmail: customer?.email ?? '',
      customerName: customer?.name ?? '',
      supplier,
    },
    operator: { companyName: operator?.companyName ?? '', timeZone: operator?.timeZone ?? '' },
  };
}
