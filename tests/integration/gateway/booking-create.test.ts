// Taking a booking through the gateway as the web app does: a tRPC mutation checked by the domain's
// draft schema and the Manage Bookings permission, the price arriving as a Decimal from the customer's
// rate card, and the booking read back with booking.get.
import { addCalendarDays, operatorDate } from '@fleet/domain';
import Decimal from 'decimal.js';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bookingMasters, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let viewer: ReturnType<GatewayHarness['client']>;
let ownerToken: string;
let viewerToken: string;
let other: ReturnType<GatewayHarness['client']>;
let customerId: string;
let dutyTypeId: string;
let vehicleGroupId: string;

beforeAll(async () => {
  h = await bootGateway();
  const { token } = await h.signIn(freshPhone(), { operatorName: 'Booking Cabs' });
  ownerToken = token;
  owner = h.client(() => bearer(token));
  const { token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' });
  other = h.client(() => bearer(otherToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Board watcher',
    permissions: ['view_booking'],
  });
  const viewerPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Vee Watcher',
    phone: viewerPhone,
    permissionProfileId: profile.id,
  });
  ({ token: viewerToken } = await h.signIn(viewerPhone));
  viewer = h.client(() => bearer(viewerToken));

  ({ customerId, dutyTypeId, vehicleGroupId } = await bookingMasters(owner));
  await owner.masters.rate_card.create.mutate({
    values: {
      name: 'Acme 2040',
      party: 'CUSTOMER',
      customer_id: customerId,
      duty_type_id: dutyTypeId,
      vehicle_group_id: vehicleGroupId,
      contract_start: '2040-01-01',
      contract_end: '2040-12-31',
      normal_rate: '2450.50',
      extra_km_rate: '14',
      extra_hour_rate: '150',
    },
  });
}, 120_000);
afterAll(() => h?.close());

const draft = () => ({
  customerId,
  passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
  fromCityId: 'mh-pune',
  vehicleGroupId,
  dutyTypeId,
  reportingDate: '2040-03-02',
  reportingTime: '09:15',
  reportingAddress: 'Koregaon Park, Pune',
});

it('takes a booking priced from the rate card, and reads it back', async () => {
  const { booking } = await owner.booking.create.mutate(draft());
  expect(booking).toMatchObject({ status: 'BOOKED', customerName: 'Acme Corp', startDate: '2040-03-02' });
  expect(booking.sales.price).toBeInstanceOf(Decimal);
  expect(booking.sales.price?.toFixed(2)).toBe('2450.50');
  expect(booking.reportingAt?.toISOString()).toBe('2040-03-02T03:45:00.000Z');

  const read = await viewer.booking.get.query({ id: booking.id });
  expect(read.booking.passengers).toEqual([
    { name: 'Asha Rao', phone: '+919800000101', email: '', customField: '' },
  ]);
  expect(read.activity.map((a) => a.action)).toEqual(['created']);
});

it('answers 403 to someone without Manage Bookings, 400 naming the fields, 404 to another operator', async () => {
  const forbidden = await expectTrpcError(viewer.booking.create.mutate(draft()));
  expect(forbidden.data?.code).toBe('FORBIDDEN');
  const bad = await expectTrpcError(
    owner.booking.create.mutate({ ...draft(), reportingTime: '09:10', passengers: [] }),
  );
  expect([bad.data?.code, Object.keys(bad.data?.fieldErrors ?? {}).sort()]).toEqual([
    'BAD_REQUEST',
    ['passengers', 'reportingTime'],
  ]);
  const { booking } = await owner.booking.create.mutate(draft());
  const elsewhere = await expectTrpcError(other.booking.get.query({ id: booking.id }));
  expect(elsewhere.data?.code).toBe('NOT_FOUND');
});

it('moves a duty by its actions, each under its own permission, refusing what its status does not allow', async () => {
  const { booking } = await owner.booking.create.mutate(draft());
  const early = await expectTrpcError(owner.booking.dispatch.mutate({ id: booking.id }));
  expect([early.data?.code, early.message]).toEqual([
    'PRECONDITION_FAILED',
    'This duty is Booked; you cannot dispatch it now.',
  ]);
  const forbidden = await expectTrpcError(viewer.booking.cancel.mutate({ id: booking.id, reason: 'No car' }));
  expect(forbidden.data?.code).toBe('FORBIDDEN');
  const cancelled = await owner.booking.cancel.mutate({
    id: booking.id,
    reason: 'Meeting moved',
    version: booking.version,
  });
  expect([cancelled.status, cancelled.cancellationReason]).toEqual(['CANCELLED', 'Meeting moved']);
  const read = await viewer.booking.get.query({ id: booking.id });
  expect(read.activity.map((a) => [a.action, a.toStatus])).toEqual([
    ['created', 'BOOKED'],
    ['cancel', 'CANCELLED'],
  ]);
});

it('allots a vehicle with its driver and then dispatches the duty', async () => {
  const driverId = (
    await owner.masters.driver.create.mutate({ values: { name: 'Ravi Kumar', phone: '+919811100001' } })
  ).id;
  const vehicleId = (
    await owner.masters.vehicle.create.mutate({
      values: {
        vehicle_no: 'MH12AB1001',
        vehicle_model: 'Dzire',
        vehicle_group_id: vehicleGroupId,
        vehicle_fuel_type: 'DIESEL',
        driver_id: driverId,
      },
    })
  ).id;
  const { booking } = await owner.booking.create.mutate({ ...draft(), reportingDate: '2040-03-05' });
  const [allotted] = await owner.booking.allot.mutate({ id: booking.id, kind: 'OWN', vehicleId });
  expect([allotted?.status, allotted?.vehicleNo, allotted?.driverName]).toEqual([
    'ALLOTED',
    'MH12AB1001',
    'Ravi Kumar',
  ]);
  const forbidden = await expectTrpcError(
    viewer.booking.allot.mutate({ id: booking.id, kind: 'OWN', vehicleId }),
  );
  expect(forbidden.data?.code).toBe('FORBIDDEN');
  expect((await owner.booking.dispatch.mutate({ id: booking.id })).status).toBe('DISPATCHED');
});

it('records the slip and closes the duty, its charges arriving as Decimal, and finds it in bill-pending', async () => {
  const vehicleId = (
    await owner.masters.vehicle.create.mutate({
      values: {
        vehicle_no: 'MH12AB1002',
        vehicle_model: 'Etios',
        vehicle_group_id: vehicleGroupId,
        vehicle_fuel_type: 'DIESEL',
      },
    })
  ).id;
  const driverId = (
    await owner.masters.driver.create.mutate({ values: { name: 'Sunil Patil', phone: '+919811100002' } })
  ).id;
  // A slip records what happened: the duty ran yesterday, on a card in force then.
  const day = addCalendarDays(operatorDate(new Date()), -1);
  await owner.masters.rate_card.create.mutate({
    values: {
      name: 'Acme this month',
      party: 'CUSTOMER',
      customer_id: customerId,
      duty_type_id: dutyTypeId,
      vehicle_group_id: vehicleGroupId,
      contract_start: addCalendarDays(day, -30),
      contract_end: addCalendarDays(day, 30),
      normal_rate: '2450.50',
      extra_km_rate: '14',
      extra_hour_rate: '150',
    },
  });
  const { booking } = await owner.booking.create.mutate({ ...draft(), reportingDate: day });
  await owner.booking.allot.mutate({ id: booking.id, kind: 'OWN', vehicleId, driverId });
  await owner.booking.recordSlip.mutate({
    id: booking.id,
    variant: 'SALES',
    medium: 'HARD_COPY',
    points: [
      { point: 'DUTY_START', at: new Date(`${day}T09:15:00+05:30`), km: '100' },
      { point: 'DUTY_END', at: new Date(`${day}T17:15:00+05:30`), km: '180' },
    ],
  });
  const { charges } = await owner.booking.close.mutate({ id: booking.id });
  expect(charges.total).toBeInstanceOf(Decimal);
  expect([charges.total.toFixed(2), charges.km.toString(), charges.minutes]).toEqual(['2450.50', '80', 480]);
  const billPending = await viewer.booking.list.query({ tab: 'bill-pending' });
  expect(billPending.bookings.map((b) => b.id)).toContain(booking.id);

  const slip = `${h.baseUrl}/api/bookings/${booking.id}/duty-slip.pdf`;
  const printed = await fetch(slip, { headers: bearer(ownerToken) });
  expect([printed.status, printed.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  expect(
    Buffer.from(await printed.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  expect(printed.headers.get('content-disposition')).toMatch(
    /^inline; filename\*=UTF-8''duty-slip-\d{8}\.pdf$/,
  );
  // The app's own preview pages frame the product's PDFs; no other site may, and no other answer is framed.
  const csp = printed.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).not.toContain("frame-ancestors 'none'");
  expect(printed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect((await fetch(slip, { headers: bearer(viewerToken) })).status).toBe(403);
  expect((await fetch(slip)).status).toBe(401);
});

it('changes a duty under Edit Duty, and copies a booking to another date', async () => {
  const { booking } = await owner.booking.create.mutate(draft());
  const changed = await owner.booking.update.mutate({
    id: booking.id,
    draft: { ...draft(), reportingAddress: 'Pune Station', reportingTime: '10:30' },
    version: booking.version,
  });
  expect([changed.reportingAddress, changed.reportingAt?.toISOString()]).toEqual([
    'Pune Station',
    '2040-03-02T05:00:00.000Z',
  ]);
  const forbidden = await expectTrpcError(viewer.booking.update.mutate({ id: booking.id, draft: draft() }));
  expect(forbidden.data?.code).toBe('FORBIDDEN');
  const copy = await owner.booking.copy.mutate({ id: booking.id, reportingDate: '2040-03-09' });
  expect([copy.booking.startDate, copy.booking.reportingAddress]).toEqual(['2040-03-09', 'Pune Station']);
});

it('shows who acted on a duty by name, and the person really acting while masquerading', async () => {
  const ownerName = (await owner.user.me.query()).user.name;
  const dispatcherPhone = freshPhone();
  const dispatcher = await owner.employee.create.mutate({
    name: 'Dee Dispatcher',
    phone: dispatcherPhone,
    grantedPermissions: ['manage_booking', 'view_booking', 'cancel_duty'],
  });
  const { booking } = await owner.booking.create.mutate({ ...draft(), reportingDate: '2040-04-01' });
  const { token } = await owner.masquerade.start.mutate({ userId: dispatcher.id });
  const asDispatcher = h.client(() => bearer(token));
  await asDispatcher.booking.cancel.mutate({ id: booking.id, reason: 'Flight moved' });
  // Renamed later: the activity names the person as they are called now.
  await owner.employee.update.mutate({
    userId: dispatcher.id,
    name: 'Deepa Dispatcher',
    phone: dispatcherPhone,
    grantedPermissions: ['manage_booking', 'view_booking', 'cancel_duty'],
  });
  const read = await viewer.booking.get.query({ id: booking.id });
  expect(read.activity.map((a) => [a.action, a.userName, a.actorName])).toEqual([
    ['created', ownerName, ownerName],
    ['cancel', 'Deepa Dispatcher', ownerName],
  ]);
});
