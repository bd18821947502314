// Allotting duties through the gRPC routes with masters beside bookings: the operator's own vehicle with
// its driver, a vehicle alone, a company supplier and a DCO, every duty of a booking at once; and what is
// refused — an overlapping duty, a lapsed document — unless overridden with a reason, and the same driver
// allotted to overlapping duties by two people at once.
import { randomUUID } from 'node:crypto';
import { allPermissionIds, type BookingDraftInput, PERMISSION, withoutPermission } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-24T04:30:00Z');
let h: BookingsHarness;
const T = randomUUID();
let draft: BookingDraftInput;
let ravi: string;
let sunil: string;
let withRavi: string;
let alone: string;
let uninsured: string;
let spare: string;
let saiTravels: string;
let mahesh: string;

async function master(kind: string, values: Record<string, unknown>) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(T)),
  );
  return record!.id;
}

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
  const sedan = await master('vehicle_group', { name: 'Sedan' });
  const vehicle = (no: string, more: Record<string, unknown> = {}) =>
    master('vehicle', {
      vehicle_no: no,
      vehicle_model: 'Dzire',
      vehicle_group_id: sedan,
      vehicle_fuel_type: 'DIESEL',
      ...more,
    });
  ravi = await master('driver', { name: 'Ravi Kumar', phone: '+919811100001' });
  sunil = await master('driver', { name: 'Sunil Patil', phone: '+919811100002' });
  withRavi = await vehicle('MH12AB1001', { driver_id: ravi });
  alone = await vehicle('MH12AB1002');
  uninsured = await vehicle('MH12AB1003', { insurance_expiry: '2026-10-31' });
  spare = await vehicle('MH12AB1004');
  saiTravels = await master('supplier', { name: 'Sai Travels', supplier_type: 'COMPANY' });
  mahesh = await master('supplier', {
    name: 'Mahesh Jadhav',
    phone: '+919822200003',
    supplier_type: 'DCO',
    dco_vehicle_no: 'MH14CD4321',
  });
  draft = {
    customerId: await master('customer', { name: 'Acme Corp' }),
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    fromCityId: 'mh-pune',
    vehicleGroupId: sedan,
    dutyTypeId: await master('duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 }),
    reportingDate: '2026-11-27',
    reportingTime: '08:00',
    reportingAddress: 'Aundh, Pune',
    sales: { price: '2000' },
  };
});
afterAll(() => h?.close());

const staff = (permissions: string[] = allPermissionIds()) => callAs(h.callerFor(T, permissions));
const withoutOverride = () =>
  staff(withoutPermission(allPermissionIds(), PERMISSION.allot_despite_conflicts));
const take = async (more: Partial<BookingDraftInput> = {}) =>
  (await h.client.createBooking({ draftJson: JSON.stringify({ ...draft, ...more }) }, staff())).booking!;
const allot = (id: string, more: Record<string, unknown>, as = staff()) =>
  h.client.allotDuty({ id, kind: 'OWN', ...more }, as);

it('allots the operator’s vehicle with its own driver, and the duty is found by them', async () => {
  const booking = await take({ reportingDate: '2026-12-10' });
  const [duty] = (await allot(booking.id, { vehicleId: withRavi })).duties;
  expect([duty!.status, duty!.vehicleNo, duty!.driverName, duty!.allotedDriverId]).toEqual([
    'ALLOTED',
    'MH12AB1001',
    'Ravi Kumar',
    ravi,
  ]);
  const found = await h.database.db.read(T, (tx) =>
    rows<{ term: string }>(
      tx,
      sql`select term from bookings.booking_search_terms where booking_id = ${booking.id}`,
    ),
  );
  expect(found.map((f) => f.term)).toEqual(expect.arrayContaining(['mh12ab1001', 'ravi', '9811100001']));
});

it('waits for a driver when the vehicle has none', async () => {
  const booking = await take({ reportingDate: '2026-12-11' });
  const [duty] = (await allot(booking.id, { vehicleId: alone })).duties;
  expect([duty!.status, duty!.driverName]).toEqual(['DRIVER_NEEDED', '']);
  const [driven] = (await allot(booking.id, { vehicleId: alone, driverId: sunil })).duties;
  expect([driven!.status, driven!.driverName]).toEqual(['ALLOTED', 'Sunil Patil']);
});

it('refuses a driver already on an overlapping duty unless overridden, with the reason logged', async () => {
  const first = await take({ reportingDate: '2026-12-12', reportingTime: '08:00' });
  await allot(first.id, { vehicleId: spare, driverId: sunil });
  const second = await take({ reportingDate: '2026-12-12', reportingTime: '12:00' });
  const refused = await expectDomainError(
    allot(second.id, { vehicleId: alone, driverId: sunil }, withoutOverride()),
  );
  expect([refused.code, refused.reason]).toEqual(['FAILED_PRECONDITION', 'ALLOTMENT_CONFLICT']);
  expect(refused.message).toContain(`Sunil Patil is on duty #${first.bookingNo} then`);
  const noReason = await expectDomainError(allot(second.id, { vehicleId: alone, driverId: sunil }));
  expect(noReason.fieldViolations.map((v) => v.field)).toEqual(['overrideReason']);
  const [overridden] = (
    await allot(second.id, { vehicleId: alone, driverId: sunil, overrideReason: 'Short airport drop before' })
  ).duties;
  expect(overridden!.status).toBe('ALLOTED');
  const { activity } = await h.client.getBooking({ id: second.id }, staff());
  expect(activity.at(-1)!.reason).toMatch(
    /^Short airport drop before \(despite: Sunil Patil is on duty #\d+ then\)$/,
  );
  // A later duty that does not overlap is allotted as usual.
  const evening = await take({ reportingDate: '2026-12-12', reportingTime: '20:00' });
  expect(
    (await allot(evening.id, { vehicleId: spare, driverId: sunil }, withoutOverride())).duties[0]!.status,
  ).toBe('ALLOTED');
});

it('refuses a vehicle whose insurance has lapsed by the duty’s date', async () => {
  const booking = await take({ reportingDate: '2026-12-13' });
  const refused = await expectDomainError(
    allot(booking.id, { vehicleId: uninsured, driverId: ravi }, withoutOverride()),
  );
  expect(refused.message).toContain("MH12AB1003's insurance (expired 31/10/2026)");
});

it('lets exactly one of two people allotting the same driver to overlapping duties at once succeed', async () => {
  const a = await take({ reportingDate: '2026-12-14', reportingTime: '09:00' });
  const b = await take({ reportingDate: '2026-12-14', reportingTime: '10:00' });
  const outcomes = await Promise.allSettled([
    allot(a.id, { vehicleId: alone, driverId: ravi }, withoutOverride()),
    allot(b.id, { vehicleId: spare, driverId: ravi }, withoutOverride()),
  ]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
});

it('allots a company supplier’s vehicle typed in, and a DCO with its own vehicle', async () => {
  const booking = await take({ reportingDate: '2026-12-15' });
  const [typed] = (
    await h.client.allotDuty(
      {
        id: booking.id,
        kind: 'COMPANY_SUPPLIER',
        supplierId: saiTravels,
        vehicleNo: 'mh 12 xy-9876',
        driverName: 'Imran Shaikh',
        driverPhone: '+919833300004',
      },
      staff(),
    )
  ).duties;
  expect([typed!.status, typed!.supplierName, typed!.vehicleNo, typed!.driverName]).toEqual([
    'ALLOTED',
    'Sai Travels',
    'MH12XY9876',
    'Imran Shaikh',
  ]);
  const other = await take({ reportingDate: '2026-12-15' });
  const [dco] = (await h.client.allotDuty({ id: other.id, kind: 'DCO', supplierId: mahesh }, staff())).duties;
  expect([dco!.status, dco!.vehicleNo, dco!.driverName, dco!.driverPhone]).toEqual([
    'ALLOTED',
    'MH14CD4321',
    'Mahesh Jadhav',
    '+919822200003',
  ]);
  const notDco = await expectDomainError(
    h.client.allotDuty({ id: other.id, kind: 'DCO', supplierId: saiTravels }, staff()),
  );
  expect(notDco.fieldViolations.map((v) => v.field)).toEqual(['supplierId']);
});

it('allots every duty of a multi-day booking at once', async () => {
  const booking = await take({ reportingDate: '2026-12-20', lastDate: '2026-12-22' });
  const { duties } = await h.client.allotDuty(
    { id: booking.id, kind: 'OWN', vehicleId: withRavi, allDuties: true },
    staff(),
  );
  expect(duties.map((d) => [d.startDate, d.status, d.vehicleNo])).toEqual([
    ['2026-12-20', 'ALLOTED', 'MH12AB1001'],
    ['2026-12-21', 'ALLOTED', 'MH12AB1001'],
    ['2026-12-22', 'ALLOTED', 'MH12AB1001'],
  ]);
});

it('refuses to allot a cancelled duty, and without the permission', async () => {
  const booking = await take({ reportingDate: '2026-12-16' });
  const viewer = await expectDomainError(
    allot(booking.id, { vehicleId: spare }, staff([PERMISSION.view_booking])),
  );
  expect(viewer.code).toBe('PERMISSION_DENIED');
  await h.client.actOnBooking({ id: booking.id, action: 'cancel', reason: 'Plans changed' }, staff());
  const cancelled = await expectDomainError(allot(booking.id, { vehicleId: spare }));
  expect(cancelled.message).toBe('This duty is Cancelled; you cannot allot a vehicle to it now.');
});
