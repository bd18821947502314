// Location tracking through the gRPC routes, with masters beside bookings: the driver app's batches kept
// once however often they are sent, only for the driver's own duties while they run (and an hour after),
// the live map moving only forward and fenced by operator, permission and branch, a duty's route in time
// order with the kilometres its phone measured, and a month's partition made when a batch first needs it.
import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { type Timestamp, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { allPermissionIds, EARTH_RADIUS_KM, PERMISSION, withoutPermission } from '@fleet/domain';
import { type Caller, callAs, rows } from '@fleet/platform';
import { type LocationPoint, LocationPointSchema } from '@fleet/proto/fleet/bookings/v1/location_pb';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-25T12:00:00Z');
let now = NOW;
let h: BookingsHarness;
const T = randomUUID();
const OTHER = randomUUID();
let draft: Record<string, unknown>;
let ravi: string;
let sunil: string;
let raviVehicle: string;
let sunilVehicle: string;
let pune: string;
let mumbai: string;

async function master(kind: string, values: Record<string, unknown>, tenantId = T) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(tenantId)),
  );
  return record!.id;
}

beforeAll(async () => {
  h = await bootBookings({ clock: () => now });
  pune = await master('branch', { name: 'Pune', type: 'DISPATCH', city_id: 'mh-pune' });
  mumbai = await master('branch', { name: 'Mumbai', type: 'DISPATCH', city_id: 'mh-mumbai' });
  const sedan = await master('vehicle_group', { name: 'Sedan' });
  ravi = await master('driver', { name: 'Ravi Kumar', phone: '+919811100001', branch_id: pune });
  sunil = await master('driver', { name: 'Sunil Patil', phone: '+919811100002', branch_id: mumbai });
  const vehicle = (no: string, driver: string) =>
    master('vehicle', {
      vehicle_no: no,
      vehicle_model: 'Dzire',
      vehicle_group_id: sedan,
      vehicle_fuel_type: 'DIESEL',
      driver_id: driver,
    });
  raviVehicle = await vehicle('MH12AB1001', ravi);
  sunilVehicle = await vehicle('MH12AB1002', sunil);
  draft = {
    customerId: await master('customer', { name: 'Acme Corp' }),
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    fromCityId: 'mh-pune',
    vehicleGroupId: sedan,
    dutyTypeId: await master('duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 }),
    reportingDate: '2026-11-25',
    reportingTime: '08:00',
    reportingAddress: 'Aundh, Pune',
  };
});
afterAll(() => h?.close());

const staff = (permissions: string[] = allPermissionIds(), tenantId = T) =>
  callAs(h.callerFor(tenantId, permissions));
const driver = (driverId: string, tenantId = T): Caller => ({
  ...h.callerFor(tenantId, []),
  role: 'DRIVER',
  driverId,
});

/** A duty allotted to the vehicle's own driver (overlaps allowed: the tests run many on one day). */
async function duty(vehicleId = raviVehicle, tenantId = T): Promise<{ id: string; bookingNo: bigint }> {
  const { booking } = await h.client.createBooking(
    { draftJson: JSON.stringify(draft) },
    staff(undefined, tenantId),
  );
  await h.client.allotDuty(
    { id: booking!.id, kind: 'OWN', vehicleId, overrideReason: 'Several duties in one test day' },
    staff(undefined, tenantId),
  );
  return booking!;
}

const stamp = (iso: string): Timestamp => timestampFromDate(new Date(iso));
/** `n` points a minute apart from `from`, heading north 1 km a minute (60 km/h) from Pune. */
function drive(
  bookingId: string,
  from: string,
  n: number,
  more: Partial<LocationPoint> = {},
): LocationPoint[] {
  const start = Date.parse(from);
  return Array.from({ length: n }, (_, i) =>
    create(LocationPointSchema, {
      bookingId,
      at: timestampFromDate(new Date(start + i * 60_000)),
      latitude: 18.5 + (i * 180) / (Math.PI * EARTH_RADIUS_KM),
      longitude: 73.85,
      accuracyM: 6,
      speedKmh: 60,
      headingDeg: 0,
      ...more,
    }),
  );
}
const record = (points: LocationPoint[], as = driver(ravi)) =>
  h.client.recordLocation({ points }, callAs(as));
const storedOf = async (bookingId: string) => {
  const [found] = await h.database.db.read(T, (tx) =>
    rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from bookings.location_points where booking_id = ${bookingId}`,
    ),
  );
  return found!.n;
};
const live = (as = staff(), branches?: string[]) =>
  h.client.listLivePositions(branches ? { branches: { branchIds: branches } } : {}, as);

it('keeps a batch once however often the phone sends it, and of an overlapping batch only what is new', async () => {
  const { id } = await duty();
  const points = drive(id, '2026-11-25T11:00:00Z', 15);
  expect((await record(points.slice(0, 10))).newPoints).toBe(10);
  expect((await record(points.slice(0, 10))).newPoints).toBe(0);
  expect((await record(points.slice(5, 15))).newPoints).toBe(5);
  expect(await storedOf(id)).toBe(15);
});

it('tells the live maps a driver moved at most once in 10 seconds, whatever the rate of batches', async () => {
  const { id } = await duty();
  const told = async () => {
    const [found] = await h.database.db.readAsSystem((tx) =>
      rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from bookings.outbox
            where subject = 'fleet.bookings.driver_position.changed'
              and position(convert_to(${id}, 'UTF8') in payload) > 0`,
      ),
    );
    return found!.n;
  };
  // As if the driver had not been announced for a while (earlier tests posted for them just now).
  await h.database.db.asSystem((tx) =>
    tx.execute(sql`update bookings.driver_positions set announced_at = null where driver_id = ${ravi}`),
  );
  const before = await told();
  await record(drive(id, '2026-11-25T11:20:00Z', 3));
  await record(drive(id, '2026-11-25T11:21:00Z', 3));
  await record(drive(id, '2026-11-25T11:22:00Z', 3));
  expect((await told()) - before).toBe(1);
});

it('shows each driver’s latest position on the live map, moved only by a later point', async () => {
  const first = await duty();
  const second = await duty(sunilVehicle);
  await record(drive(first.id, '2026-11-25T11:30:00Z', 3));
  await record(
    drive(second.id, '2026-11-25T11:31:00Z', 1, { latitude: 19.07, longitude: 72.87 }),
    driver(sunil),
  );
  const seen = (await live()).positions;
  expect(
    seen.map((p) => [p.driverName, p.driverPhone, p.vehicleNo, p.bookingId, p.bookingNo, p.bookingStatus]),
  ).toEqual([
    ['Ravi Kumar', '+919811100001', 'MH12AB1001', first.id, first.bookingNo, 'ALLOTED'],
    ['Sunil Patil', '+919811100002', 'MH12AB1002', second.id, second.bookingNo, 'ALLOTED'],
  ]);
  const raviAt = seen[0]!;
  expect([raviAt.branchId, raviAt.at, raviAt.accuracyM, raviAt.speedKmh]).toEqual([
    pune,
    stamp('2026-11-25T11:32:00Z'),
    6,
    60,
  ]);
  // The phone's queue sends an older batch late: kept, and the map does not go back.
  expect((await record(drive(first.id, '2026-11-25T10:00:00Z', 2))).newPoints).toBe(2);
  expect((await live()).positions[0]!.at).toEqual(stamp('2026-11-25T11:32:00Z'));
  // Not seen for longer than asked about: off the map.
  now = new Date('2026-11-25T23:00:00Z');
  expect((await h.client.listLivePositions({ seenWithinHours: 12 }, staff())).positions).toHaveLength(2);
  expect((await h.client.listLivePositions({ seenWithinHours: 1 }, staff())).positions).toHaveLength(0);
  now = NOW;
});

it('limits the live map to the drivers of the branches given', async () => {
  const names = async (branches?: string[]) =>
    (await live(staff(), branches)).positions.map((p) => p.driverName);
  expect(await names()).toEqual(['Ravi Kumar', 'Sunil Patil']);
  expect(await names([pune])).toEqual(['Ravi Kumar']);
  expect(await names([mumbai, pune])).toEqual(['Ravi Kumar', 'Sunil Patil']);
  expect(await names([])).toEqual([]);
  const bad = await expectDomainError(live(staff(), ['pune']));
  expect(bad.fieldViolations.map((v) => v.field)).toEqual(['branchIds.0']);
});

it('keeps a driver to their own duties: another’s is not found, naming the point, and nothing of the batch is kept', async () => {
  const mine = await duty();
  const sunils = await duty(sunilVehicle);
  const refused = await expectDomainError(
    record([...drive(mine.id, '2026-11-25T11:40:00Z', 2), ...drive(sunils.id, '2026-11-25T11:45:00Z', 1)]),
  );
  expect(refused.code).toBe('NOT_FOUND');
  expect(refused.message).not.toContain('Sunil');
  expect(refused.fieldViolations.map((v) => v.field)).toEqual(['points.2.bookingId']);
  expect(await storedOf(mine.id)).toBe(0);
  // Staff do not post points, even with every permission.
  const asStaff = await expectDomainError(
    record(drive(mine.id, '2026-11-25T11:40:00Z', 1), h.callerFor(T, allPermissionIds())),
  );
  expect(asStaff.code).toBe('PERMISSION_DENIED');
});

it('fences operators: a duty of another operator is not found, and its staff never see these drivers or routes', async () => {
  // Another operator's duty, allotted to a driver of the same id: still not this driver's.
  const foreign = randomUUID();
  await h.database.db.withTenant(OTHER, (tx) =>
    tx.execute(sql`insert into bookings.bookings (id, tenant_id, booking_no, status, customer_id, from_city_id,
        vehicle_group_id, duty_type_id, reporting_at, start_date, alloted_driver_id)
      values (${foreign}, ${OTHER}, 1, 'ALLOTED', gen_random_uuid(), 'mh-pune', gen_random_uuid(), gen_random_uuid(),
        '2026-11-25T02:30:00Z', '2026-11-25', ${ravi})`),
  );
  const refused = await expectDomainError(record(drive(foreign, '2026-11-25T11:40:00Z', 1), driver(ravi)));
  expect(refused.code).toBe('NOT_FOUND');
  const mine = await duty();
  await record(drive(mine.id, '2026-11-25T11:50:00Z', 2));
  // The positive case first: this operator's staff see their drivers and the route.
  expect((await live()).positions.length).toBeGreaterThan(0);
  expect((await h.client.getDutyRoute({ bookingId: mine.id }, staff())).points).toHaveLength(2);
  const otherStaff = staff(allPermissionIds(), OTHER);
  expect((await live(otherStaff)).positions).toEqual([]);
  expect((await expectDomainError(h.client.getDutyRoute({ bookingId: mine.id }, otherStaff))).code).toBe(
    'NOT_FOUND',
  );
  // A driver signed in for the other operator cannot post to this operator's duty.
  const crossed = await expectDomainError(
    record(drive(mine.id, '2026-11-25T11:55:00Z', 1), driver(ravi, OTHER)),
  );
  expect(crossed.code).toBe('NOT_FOUND');
  expect(await storedOf(mine.id)).toBe(2);
});

it('refuses the live map and routes to staff without the location tracking permission', async () => {
  const without = staff(withoutPermission(allPermissionIds(), PERMISSION.view_location_tracking));
  expect((await expectDomainError(live(without))).code).toBe('PERMISSION_DENIED');
  expect((await expectDomainError(h.client.getDutyRoute({ bookingId: randomUUID() }, without))).code).toBe(
    'PERMISSION_DENIED',
  );
  expect((await expectDomainError(live(callAs(driver(ravi))))).code).toBe('PERMISSION_DENIED');
});

it('names every bad field of a batch, and points too old or timed too far ahead, keeping none', async () => {
  const { id } = await duty();
  const [good, ...rest] = drive(id, '2026-11-25T11:00:00Z', 5);
  const bad = await expectDomainError(
    record([
      good!,
      { ...rest[0]!, latitude: 95 },
      { ...rest[1]!, bookingId: 'not-a-duty' },
      { ...rest[2]!, at: undefined },
      { ...rest[3]!, headingDeg: 400, speedKmh: Number.NaN },
    ]),
  );
  expect(bad.code).toBe('INVALID_ARGUMENT');
  expect(bad.fieldViolations.map((v) => v.field).sort()).toEqual(
    [
      'points.1.latitude',
      'points.2.bookingId',
      'points.3.at',
      'points.4.headingDeg',
      'points.4.speedKmh',
    ].sort(),
  );
  const badTimes = await expectDomainError(
    record([
      ...drive(id, '2026-11-18T11:59:00Z', 1),
      ...drive(id, '2026-11-25T11:00:00Z', 1),
      ...drive(id, '2026-11-25T12:11:00Z', 1),
    ]),
  );
  expect(badTimes.fieldViolations).toEqual([
    { field: 'points.0.at', message: expect.stringMatching(/more than 7 days ago/) },
    { field: 'points.2.at', message: expect.stringMatching(/more than 10 minutes ahead/) },
  ]);
  expect((await expectDomainError(record([]))).fieldViolations.map((v) => v.field)).toEqual(['points']);
  expect(await storedOf(id)).toBe(0);
});

it('keeps an ended duty’s points taken up to an hour after it ended, and none of a duty the driver rejected', async () => {
  const cancelled = await duty();
  await h.client.actOnBooking(
    { id: cancelled.id, action: 'cancel', reason: 'Customer called it off' },
    staff(),
  );
  await h.database.db.asOwner((tx) =>
    tx.execute(sql`update bookings.booking_activity set at = '2026-11-25T10:00:00Z'
      where booking_id = ${cancelled.id} and to_status = 'CANCELLED'`),
  );
  expect((await record(drive(cancelled.id, '2026-11-25T10:59:00Z', 1))).newPoints).toBe(1);
  const late = await expectDomainError(record(drive(cancelled.id, '2026-11-25T11:01:00Z', 1)));
  expect([late.code, late.reason, late.fieldViolations[0]?.field]).toEqual([
    'FAILED_PRECONDITION',
    'DUTY_ENDED',
    'points.0.at',
  ]);
  const rejected = await duty();
  await h.client.answerDuty(
    {
      id: rejected.id,
      clientActionId: randomUUID(),
      answer: 'REJECT',
      reason: 'Unwell',
      at: stamp('2026-11-25T11:58:00Z'),
    },
    callAs(driver(ravi)),
  );
  const notDriven = await expectDomainError(record(drive(rejected.id, '2026-11-25T11:59:00Z', 1)));
  expect([notDriven.code, notDriven.reason, notDriven.fieldViolations[0]?.field]).toEqual([
    'FAILED_PRECONDITION',
    'DUTY_NOT_TRACKED',
    'points.0.bookingId',
  ]);
});

it('draws a duty’s route in time order with the kilometres its phone measured, leaving out jumps and vague fixes', async () => {
  const { id, bookingNo } = await duty();
  const points = drive(id, '2026-11-25T09:00:00Z', 11); // 10 km north
  const jump = create(LocationPointSchema, {
    ...points[5]!,
    at: stamp('2026-11-25T09:05:30Z'),
    latitude: 19.5,
  });
  const vague = create(LocationPointSchema, {
    ...points[6]!,
    at: stamp('2026-11-25T09:06:30Z'),
    longitude: 73.9,
    accuracyM: 900,
  });
  // Sent out of order, in two batches, one of them twice.
  await record([...points.slice(6), jump]);
  await record([vague, ...points.slice(0, 6)]);
  await record([vague, ...points.slice(0, 6)]);
  const route = await h.client.getDutyRoute({ bookingId: id }, staff());
  expect([route.bookingId, route.bookingNo, route.storedPoints]).toEqual([id, bookingNo, 13n]);
  expect(route.distanceKm).toBeCloseTo(10, 3);
  const times = route.points.map((p) => p.at!.seconds);
  expect(times).toEqual([...times].sort((a, b) => Number(a - b)));
  expect(route.points[0]).toMatchObject({
    latitude: 18.5,
    longitude: 73.85,
    accuracyM: 6,
    speedKmh: 60,
    headingDeg: 0,
  });
  // A duty with no points yet has an empty route; an unknown one is not found.
  const quiet = await duty();
  expect(await h.client.getDutyRoute({ bookingId: quiet.id }, staff())).toMatchObject({
    points: [],
    distanceKm: 0,
  });
  expect((await expectDomainError(h.client.getDutyRoute({ bookingId: randomUUID() }, staff()))).code).toBe(
    'NOT_FOUND',
  );
  expect(
    (await expectDomainError(h.client.getDutyRoute({ bookingId: 'x' }, staff()))).fieldViolations[0]?.field,
  ).toBe('bookingId');
});

it('thins a very long route evenly to 20,000 points, keeping its ends', async () => {
  const { id } = await duty();
  // A day at a point every 4 s (21,600 points), written straight into storage.
  await h.database.db.withTenant(T, (tx) =>
    tx.execute(sql`
      with written as (
        insert into bookings.location_points (tenant_id, driver_id, booking_id, recorded_at, latitude, longitude)
        select ${T}::uuid, ${ravi}::uuid, ${id}::uuid, '2026-11-24T00:00:00Z'::timestamptz + s * interval '4 seconds',
          18.5 + s * 0.0001, 73.85
        from generate_series(0, 21599) s
        returning recorded_at
      )
      insert into bookings.duty_tracks (tenant_id, booking_id, first_at, last_at, points)
      select ${T}::uuid, ${id}::uuid, min(recorded_at), max(recorded_at), count(*) from written`),
  );
  const route = await h.client.getDutyRoute({ bookingId: id }, staff());
  expect([route.points.length, route.storedPoints]).toEqual([20_000, 21_600n]);
  expect(route.points[0]!.at).toEqual(stamp('2026-11-24T00:00:00Z'));
  expect(route.points.at(-1)!.at).toEqual(stamp('2026-11-24T23:59:56Z'));
  // 21,599 steps of 0.0001° of latitude (11 m), measured on every stored point, not the thinned ones.
  expect(route.distanceKm).toBeCloseTo((21_599 * 0.0001 * Math.PI * EARTH_RADIUS_KM) / 180, 2);
});

it('makes the partition of a month no partition was made for yet when a batch first needs it', async () => {
  const { id } = await duty();
  const partitions = async () =>
    (
      await h.database.db.asOwner((tx) =>
        rows<{ name: string }>(
          tx,
          sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
              where i.inhparent = 'bookings.location_points'::regclass order by 1`,
        ),
      )
    ).map((p) => p.name);
  expect(await partitions()).toEqual([
    'location_points_2026_10',
    'location_points_2026_11',
    'location_points_2026_12',
  ]);
  now = new Date('2027-01-01T00:05:00Z');
  try {
    expect((await record(drive(id, '2026-12-31T23:59:00Z', 3))).newPoints).toBe(3);
    expect(await partitions()).toContain('location_points_2027_01');
    const [january] = await h.database.db.asOwner((tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from bookings.location_points_2027_01`),
    );
    expect(january!.n).toBe(2);
  } finally {
    now = NOW;
  }
});
