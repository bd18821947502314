// Location tracking through the gateway over HTTP, as the driver app and the back-office call it: a
// driver signed in to the driver app posts batches of points (Dates through superjson) for the duty
// allotted to them, kept once; staff holding view_location_tracking see the driver on the live map and
// the duty's route with its GPS kilometres; inputs are checked before they reach bookings; and the map
// is closed to staff without the permission, to drivers, and to another operator. The map hears by
// server push that drivers moved.
import { EARTH_RADIUS_KM, operatorDate } from '@fleet/domain';
import { DriverPositionChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { publishEvent } from '@fleet/testing';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bookingMasters, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let ownerToken: string;
let driverToken: string;
let clerkToken: string;
/** Dispatchers with location tracking limited to the driver's branch, and to another. */
let sameBranchToken: string;
let otherBranchToken: string;
let bookingId: string;
let driverId: string;
let branchId: string;
const today = operatorDate(new Date());

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Tracked Cabs' }));
  const owner = h.client(() => bearer(ownerToken));
  const masters = await bookingMasters(owner);
  branchId = (
    await owner.masters.branch.create.mutate({
      values: { name: 'Pune', type: 'DISPATCH', city_id: 'mh-pune' },
    })
  ).id;
  const driverPhone = freshPhone();
  driverId = (
    await owner.masters.driver.create.mutate({
      values: { name: 'Ravi Kumar', phone: driverPhone, branch_id: branchId },
    })
  ).id;
  const vehicle = await owner.masters.vehicle.create.mutate({
    values: {
      vehicle_no: 'MH12AB1001',
      vehicle_model: 'Dzire',
      vehicle_group_id: masters.vehicleGroupId,
      vehicle_fuel_type: 'DIESEL',
      driver_id: driverId,
    },
  });
  const { booking } = await owner.booking.create.mutate({
    ...masters,
    fromCityId: 'mh-pune',
    reportingDate: today,
    reportingTime: '23:30',
    reportingAddress: 'Koregaon Park, Pune',
    passengers: [{ name: 'Asha Rao', phone: '+919800000001' }],
  });
  bookingId = booking.id;
  await owner.booking.allot.mutate({ id: booking.id, kind: 'OWN', vehicleId: vehicle.id });
  driverToken = await h.signInDriver(driverPhone);
  // Staff with a real job elsewhere, and no location tracking.
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Fleet clerk',
    permissions: ['view_vehicle', 'manage_vehicle'],
  });
  const clerkPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Cal Clerk',
    phone: clerkPhone,
    permissionProfileId: profile.id,
  });
  ({ token: clerkToken } = await h.signIn(clerkPhone));
  const dispatch = await owner.permissionProfile.create.mutate({
    name: 'Dispatcher',
    permissions: ['view_location_tracking'],
  });
  const mumbai = (
    await owner.masters.branch.create.mutate({
      values: { name: 'Mumbai', type: 'DISPATCH', city_id: 'mh-mumbai' },
    })
  ).id;
  const dispatcher = async (name: string, branch: string) => {
    const phone = freshPhone();
    await owner.employee.create.mutate({
      name,
      phone,
      permissionProfileId: dispatch.id,
      branchIds: [branch],
    });
    return (await h.signIn(phone)).token;
  };
  sameBranchToken = await dispatcher('Pune Dispatcher', branchId);
  otherBranchToken = await dispatcher('Mumbai Dispatcher', mumbai);
}, 120_000);
afterAll(() => h?.close());

/** `n` points a few seconds apart ending about now, heading north 100 m each (30 to 90 km/h). */
function drive(n: number, seconds = 6) {
  const start = Date.now() - n * seconds * 1000;
  return Array.from({ length: n }, (_, i) => ({
    bookingId,
    at: new Date(start + i * seconds * 1000),
    latitude: 18.5 + (i * 0.1 * 180) / (Math.PI * EARTH_RADIUS_KM),
    longitude: 73.85,
    accuracyM: 5,
    speedKmh: 60,
    headingDeg: null,
  }));
}

it('keeps the driver app’s batch once, and shows the driver on the live map and the duty’s route', async () => {
  const driver = h.client(() => bearer(driverToken));
  const points = drive(11);
  expect(await driver.tracking.record.mutate({ points })).toEqual({ newPoints: 11 });
  expect(await driver.tracking.record.mutate({ points })).toEqual({ newPoints: 0 });

  const owner = h.client(() => bearer(ownerToken));
  const { positions } = await owner.tracking.live.query({});
  expect(positions).toHaveLength(1);
  const [ravi] = positions;
  expect(ravi).toMatchObject({
    driverId,
    driverName: 'Ravi Kumar',
    branchId,
    vehicleNo: 'MH12AB1001',
    bookingId,
    bookingStatus: 'ALLOTED',
    latitude: points.at(-1)!.latitude,
    accuracyM: 5,
    headingDeg: null,
  });
  expect(ravi!.at).toBeInstanceOf(Date);
  expect(ravi!.at.getTime()).toBe(points.at(-1)!.at.getTime());
  expect((await owner.tracking.live.query({ branchIds: [branchId] })).positions).toHaveLength(1);
  expect(await owner.tracking.live.query()).toEqual({ positions, mapTileUrl: null });

  // A dispatcher limited to the driver's branch sees the driver; one limited to another branch sees none
  // of this branch's drivers, whatever they ask for.
  const here = h.client(() => bearer(sameBranchToken));
  expect((await here.tracking.live.query({})).positions.map((p) => p.driverId)).toEqual([driverId]);
  const elsewhere = h.client(() => bearer(otherBranchToken));
  expect((await elsewhere.tracking.live.query({})).positions).toEqual([]);
  expect((await elsewhere.tracking.live.query({ branchIds: [branchId] })).positions).toEqual([]);

  const route = await owner.tracking.route.query({ bookingId });
  expect([route.bookingId, route.storedPoints, route.points.length]).toEqual([bookingId, 11, 11]);
  expect(route.distanceKm).toBeCloseTo(1, 6);
  expect(route.points.map((p) => p.at.getTime())).toEqual(points.map((p) => p.at.getTime()));

  // The route is fenced like the map: the driver's branch sees it, another branch finds no such duty.
  expect((await here.tracking.route.query({ bookingId })).storedPoints).toBe(11);
  expect((await expectTrpcError(elsewhere.tracking.route.query({ bookingId }))).data?.code).toBe('NOT_FOUND');
});

it('checks a batch before it reaches bookings, naming each bad field', async () => {
  const fields = async (input: unknown) => {
    const answer = await h.mutate('tracking.record', input, bearer(driverToken));
    return [
      answer.status,
      Object.keys((answer.body.error?.data.fieldErrors as Record<string, string> | null) ?? {}),
    ];
  };
  const [one] = drive(1);
  expect(await fields({ points: [] })).toEqual([400, ['points']]);
  expect(await fields({ points: Array.from({ length: 501 }, () => one) })).toEqual([400, ['points']]);
  expect(await fields({ points: [{ ...one, latitude: Number.NaN }] })).toEqual([400, ['points.0.latitude']]);
  expect(await fields({ points: [one, { ...one, longitude: Number.POSITIVE_INFINITY }] })).toEqual([
    400,
    ['points.1.longitude'],
  ]);
  expect(await fields({ points: [{ ...one, at: one!.at.toISOString() }] })).toEqual([400, ['points.0.at']]);
  expect(await fields({ points: [{ ...one, bookingId: `${bookingId}\u0000` }] })).toEqual([
    400,
    ['points.0.bookingId'],
  ]);
  // Well formed, but refused by bookings: a point from last week.
  expect(await fields({ points: [{ ...one, at: new Date(Date.now() - 8 * 86_400_000) }] })).toEqual([
    400,
    ['points.0.at'],
  ]);
});

it('closes the map and routes to staff without the permission and to drivers, and posting to staff', async () => {
  const clerk = h.client(() => bearer(clerkToken));
  const driver = h.client(() => bearer(driverToken));
  const owner = h.client(() => bearer(ownerToken));
  for (const call of [
    () => clerk.tracking.live.query({}),
    () => clerk.tracking.route.query({ bookingId }),
    () => driver.tracking.live.query({}),
    () => driver.tracking.route.query({ bookingId }),
    () => owner.tracking.record.mutate({ points: drive(1) }),
  ]) {
    expect((await expectTrpcError(call())).data?.code).toBe('FORBIDDEN');
  }
});

it('shows another operator none of these drivers or routes, and lets its driver post to none of these duties', async () => {
  const { token: otherOwner } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' });
  const other = h.client(() => bearer(otherOwner));
  expect((await other.tracking.live.query({})).positions).toEqual([]);
  expect((await expectTrpcError(other.tracking.route.query({ bookingId }))).data?.code).toBe('NOT_FOUND');
  const phone = freshPhone();
  await other.masters.driver.create.mutate({ values: { name: 'Stranger', phone } });
  const strangerToken = await h.signInDriver(phone);
  const stranger = h.client(() => bearer(strangerToken));
  expect((await expectTrpcError(stranger.tracking.record.mutate({ points: drive(1) }))).data?.code).toBe(
    'NOT_FOUND',
  );
});

it('pushes that drivers moved to the live map’s stream, and to no one without the permission', async () => {
  const ownerTenantId = (await h.client(() => bearer(ownerToken)).user.me.query()).tenant.id;
  const map = await h.stream('tracking.changes', undefined, bearer(ownerToken));
  await publishEvent(
    h.testBus.bus,
    'fleet.bookings.driver_position.changed',
    DriverPositionChangedSchema,
    { tenantId: ownerTenantId, driverId, bookingId },
    ownerTenantId,
  );
  expect(await map.next()).toEqual({ kind: 'data', value: { at: expect.any(Date) } });
  map.close();
  const clerk = await h.stream('tracking.changes', undefined, bearer(clerkToken));
  const refused = await clerk.next();
  clerk.close();
  expect(refused.kind === 'error' && refused.error.data.code).toBe('FORBIDDEN');
});
