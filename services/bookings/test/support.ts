import { allPermissionIds } from '@fleet/domain';
import { createMastersModule, type MastersModule } from '@fleet/masters';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { bootService, connectorTo, type ServiceHarness } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsModule, createBookingsModule, TAB_COUNT_PERMISSION, type TabFacts } from '../src';

export type BookingsHarness = ServiceHarness<BookingsModule, typeof BookingsService> & {
  /** The masters service bookings reads, booted beside it. */
  masters: ServiceHarness<MastersModule, typeof MastersService>;
};

/**
 * Bookings on a real PostgreSQL database and a real JetStream namespace, called through its gRPC routes,
 * with the masters service it needs booted beside it; `clock` fixes the time the module reads (the
 * upcoming tab's "today"). Callers hold, by default, the permission the counts need.
 */
export async function bootBookings(options: { clock?: () => Date } = {}): Promise<BookingsHarness> {
  const masters = await bootService({
    name: 'masters',
    grpcService: MastersService,
    defaultPermissions: allPermissionIds(),
    create: (deps) => createMastersModule({ ...deps, clock: options.clock }),
  });
  const bookings = await bootService({
    name: 'bookings',
    grpcService: BookingsService,
    defaultPermissions: [TAB_COUNT_PERMISSION],
    create: (deps) => createBookingsModule({ ...deps, clock: options.clock }),
    connect: connectorTo(masters),
    testBus: masters.testBus,
  }).catch(async (error) => {
    await masters.close();
    throw error;
  });
  return {
    ...bookings,
    masters,
    async close() {
      await bookings.close();
      await masters.close();
    },
  };
}

/** A booking to write: what the tabs look at, and optionally its id and the other sort keys. */
export type BookingSeed = TabFacts & {
  id?: string;
  /** Timestamps as ISO text (microseconds allowed); created_at defaults to now(). */
  createdAt?: string;
  /** Defaults to 09:30 in Kolkata on the start date. */
  reportingAt?: string;
};

/**
 * Writes bookings for an operator as the app role under its row-level security, numbering them from
 * the operator's counter in bookings.booking_numbers, in the order given.
 */
export async function insertBookings(
  h: BookingsHarness,
  tenantId: string,
  bookings: BookingSeed[],
): Promise<void> {
  const n = bookings.length;
  await h.database.db.withTenant(tenantId, (tx) =>
    tx.execute(sql`
      with block as (
        insert into bookings.booking_numbers as counter (tenant_id, next_no) values (${tenantId}, ${n + 1})
        on conflict (tenant_id) do update set next_no = counter.next_no + ${n}
        returning next_no - ${n} as first_no
      )
      insert into bookings.bookings (
        id, tenant_id, booking_no, type, status, customer_id, from_city_id, vehicle_group_id, duty_type_id,
        reporting_at, start_date, is_network_incoming, network_request_status, has_pending_associate_request,
        driver_rejected, supplier_rejected, is_billed, cancellation_reason, created_at
      )
      select coalesce(b.id, gen_random_uuid()), ${tenantId}, block.first_no + b.n - 1, 'PARENT', b.status,
        gen_random_uuid(), 'mumbai', gen_random_uuid(), gen_random_uuid(),
        coalesce(b."reportingAt", (b."startDate" + time '09:30') at time zone 'Asia/Kolkata'), b."startDate",
        b."isNetworkIncoming", b."networkRequestStatus", b."hasPendingAssociateRequest", b."driverRejected",
        b."supplierRejected", b."isBilled",
        case when b.status in ('CANCELLED', 'CANCELLATION_NO_SHOW') then 'customer called it off' end,
        coalesce(b."createdAt", now())
      from block, jsonb_to_recordset(${JSON.stringify(bookings.map((b, i) => ({ ...b, n: i + 1 })))}::jsonb) as b(
        n int, id uuid, status text, "networkRequestStatus" text, "isNetworkIncoming" boolean,
        "hasPendingAssociateRequest" boolean, "driverRejected" boolean, "supplierRejected" boolean,
        "isBilled" boolean, "startDate" date, "reportingAt" timestamptz, "createdAt" timestamptz
      )`),
  );
}
