// The driver app through the gateway over HTTP: a driver master's phone signs in to the driver app only,
// sees and runs only its own duties, reaches nothing of the back-office, and staff reach none of the
// driver's procedures; a deactivated driver is out at once.
import { randomUUID } from 'node:crypto';
import { operatorDate } from '@fleet/domain';
import { listProcedures } from '@fleet/gateway';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bookingMasters, bootGateway, freshPhone, type GatewayHarness } from './support';

const driverProcedures = listProcedures()
  .filter(([, def]) => def.permission === 'driver')
  .map(([path, def]) => ({ path, type: def.type }));

let h: GatewayHarness;
let ownerToken: string;
let driverPhone: string;
let driverMasterId: string;
let bookingId: string;
let masters: Awaited<ReturnType<typeof bookingMasters>>;
let vehicleId: string;
/** The driver's session, signed in by the first test. */
let driverToken: string;
const today = operatorDate(new Date());
/** The operator's Firebase web app, whose push token the driver app asks for. */
const firebase = {
  apiKey: 'AIzaSyD-3xampleKey_0123456789abcdefghi',
  projectId: 'konkan-cabs',
  messagingSenderId: '123456789012',
  appId: '1:123456789012:web:0a1b2c3d4e5f6a7b',
  vapidKey: `B${'k'.repeat(86)}`,
};

beforeAll(async () => {
  h = await bootGateway({ env: { FIREBASE_WEB_CONFIG: JSON.stringify(firebase) } });
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Konkan Cabs' }));
  const owner = h.client(() => bearer(ownerToken));
  masters = await bookingMasters(owner);
  driverPhone = freshPhone();
  const driver = await owner.masters.driver.create.mutate({
    values: { name: 'Ravi Kumar', phone: driverPhone },
  });
  driverMasterId = driver.id;
  const vehicle = await owner.masters.vehicle.create.mutate({
    values: {
      vehicle_no: 'MH12AB1001',
      vehicle_model: 'Dzire',
      vehicle_group_id: masters.vehicleGroupId,
      vehicle_fuel_type: 'DIESEL',
      driver_id: driver.id,
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
  vehicleId = vehicle.id;
  await owner.booking.allot.mutate({ id: booking.id, kind: 'OWN', vehicleId: vehicle.id });
  // It reports at 23:30, hours after the trip below begins: the office lets the driver start early.
  await owner.booking.consentEarlyStart.mutate({ id: booking.id });
}, 120_000);
afterAll(() => h?.close());

it('lets a driver sign in to the driver app and run their own duty, and nothing of the back-office', async () => {
  driverToken = await h.signInDriver(driverPhone);
  const driver = h.client(() => bearer(driverToken));
  const { items } = await driver.driver.duties.query({ when: 'TODAY' });
  expect(items.map((d) => [d.id, d.status, d.customerName])).toEqual([[bookingId, 'ALLOTED', 'Acme Corp']]);

  const accepted = await driver.driver.answer.mutate({
    id: bookingId,
    clientActionId: randomUUID(),
    answer: 'ACCEPT',
    at: new Date(),
  });
  expect([accepted.applied, accepted.duty.status]).toEqual([true, 'DRIVER_ACCEPTED']);
  const leave = {
    id: bookingId,
    clientActionId: randomUUID(),
    event: 'GARAGE_START' as const,
    at: new Date(),
    km: '4500',
  };
  const left = await driver.driver.tripEvent.mutate(leave);
  const retried = await driver.driver.tripEvent.mutate(leave);
  expect([left.applied, retried.applied, retried.duty.status]).toEqual([true, false, 'DRIVER_GARAGE_START']);
  // The app asks the operator's Firebase project for this phone's push token, and the page may reach it.
  expect(await driver.driver.pushSettings.query()).toEqual({ firebase });
  const csp = (await fetch(`${h.baseUrl}/healthz`)).headers.get('content-security-policy') ?? '';
  expect(csp).toContain(
    "connect-src 'self' https://firebaseinstallations.googleapis.com https://fcmregistrations.googleapis.com",
  );
  const registered = await driver.driver.registerDevice.mutate({
    pushToken: 'fcm-token-1',
    appVersion: '1.0.0',
  });
  expect([registered.driverId, registered.hasPushToken, registered.verificationStatus]).toEqual([
    driverMasterId,
    true,
    'REGISTERED',
  ]);

  const owner = h.client(() => bearer(ownerToken));
  const { booking, salesSlip } = await owner.booking.get.query({ id: bookingId });
  expect(booking.status).toBe('DRIVER_GARAGE_START');
  expect(salesSlip.map((p) => [p.point, p.km.toFixed(1)])).toEqual([['GARAGE_START', '4500.0']]);

  for (const call of [
    driver.booking.list.query({ tab: 'upcoming' }),
    driver.booking.get.query({ id: bookingId }),
    driver.masters.vehicle.list.query({}),
    driver.employee.list.query({}),
  ]) {
    expect((await expectTrpcError(call)).data?.code).toBe('FORBIDDEN');
  }
  const profile = await expectTrpcError(
    driver.user.updateProfile.mutate({ name: 'Someone else', phone: driverPhone }),
  );
  expect(profile.data?.code).toBe('PRECONDITION_FAILED');
});

it('pushes each change to the board’s stream and to the driver’s own, and the driver’s to no one else', async () => {
  const owner = h.client(() => bearer(ownerToken));
  const board = await h.stream('booking.changes', undefined, bearer(ownerToken));
  const mine = await h.stream('driver.changes', undefined, bearer(driverToken));
  const { booking } = await owner.booking.create.mutate({
    ...masters,
    fromCityId: 'mh-pune',
    reportingDate: today,
    reportingTime: '23:45',
    reportingAddress: 'Baner, Pune',
    passengers: [{ name: 'Kabir Malhotra' }],
  });
  const created = await board.next();
  expect(created).toEqual({
    kind: 'data',
    value: expect.objectContaining({ id: booking.id, status: 'BOOKED' }),
  });
  await owner.booking.allot.mutate({
    id: booking.id,
    kind: 'OWN',
    vehicleId,
    overrideReason: 'Two duties tonight',
  });
  expect(await board.next()).toEqual({
    kind: 'data',
    value: expect.objectContaining({ id: booking.id, action: 'allot', allotedDriverId: driverMasterId }),
  });
  // The driver hears only the duty now theirs, not its creation.
  expect(await mine.next()).toEqual({
    kind: 'data',
    value: expect.objectContaining({ id: booking.id, status: 'ALLOTED' }),
  });
  board.close();
  mine.close();
});

it('finds the driver procedures on the router, and refuses every one of them to staff', async () => {
  expect(driverProcedures.map((p) => p.path).sort()).toEqual([
    'driver.addBillingItem',
    'driver.answer',
    'driver.changes',
    'driver.duties',
    'driver.duty',
    'driver.navigationStart',
    'driver.pushSettings',
    'driver.registerDevice',
    'driver.tripEvent',
    'tracking.record',
  ]);
  for (const { path, type } of driverProcedures) {
    if (type === 'subscription') {
      const stream = await h.stream(path, undefined, bearer(ownerToken));
      const first = await stream.next();
      stream.close();
      expect([path, first.kind === 'error' && first.error.data.code]).toEqual([path, 'FORBIDDEN']);
      continue;
    }
    const call = type === 'query' ? h.query : h.mutate;
    const answer = await call(path, { id: bookingId, when: 'TODAY' }, bearer(ownerToken));
    expect([path, answer.status]).toEqual([path, 403]);
  }
});

it('keeps each app to its own people, and signs up no operator from the driver app', async () => {
  const staffPhone = freshPhone();
  await h.signIn(staffPhone);
  for (const phone of [staffPhone, freshPhone()]) {
    const refused = await h.mutate('auth.requestOtp', { phone, app: 'DRIVER' });
    expect([refused.status, refused.body.error?.message]).toEqual([
      412,
      'This phone number is not a driver’s. Ask your operator to add it to your driver record.',
    ]);
  }
  const backOffice = await h.mutate('auth.requestOtp', { phone: driverPhone });
  expect(backOffice.body.error?.message).toBe(
    'This phone number is a driver’s: sign in in the driver app, at /driver.',
  );
});

it('shows another operator’s driver nothing of this duty', async () => {
  const { token: otherOwner } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' });
  const phone = freshPhone();
  await h
    .client(() => bearer(otherOwner))
    .masters.driver.create.mutate({ values: { name: 'Stranger', phone } });
  const token = await h.signInDriver(phone);
  const other = h.client(() => bearer(token));
  expect((await expectTrpcError(other.driver.duty.query({ id: bookingId }))).data?.code).toBe('NOT_FOUND');
  expect((await other.driver.duties.query({ when: 'TODAY' })).items).toEqual([]);
});

it('shuts a deactivated driver out as soon as identity hears of it', async () => {
  const token = driverToken;
  const owner = h.client(() => bearer(ownerToken));
  await owner.masters.driver.setActive.mutate({ id: driverMasterId, isActive: false });
  const deadline = Date.now() + 5_000;
  let status = 200;
  while (status !== 401 && Date.now() < deadline) {
    status = (await h.query('driver.duties', { when: 'TODAY' }, bearer(token))).status;
    if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(status).toBe(401);
});
