// The driver app's side of a duty through the gRPC routes: a driver sees and runs only their own duties,
// every act applies once by the phone's id, the trip's events write the customer's slip, the passenger's
// codes are asked when the operator requires them, the checklist holds the start, and garage end closes
// the duty priced as staff closing it would (DOMAIN.md's worked example: ₹2,579.50).
import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { allPermissionIds, PERMISSION } from '@fleet/domain';
import { type Caller, callAs, rows } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-25T12:00:00Z');
let h: BookingsHarness;
const T = randomUUID();
let customerId: string;
let dutyTypeId: string;
let vehicleGroupId: string;
let vehicleId: string;
let otherVehicleId: string;
let driverId: string;
let otherDriverId: string;

async function master(kind: string, values: Record<string, unknown>) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(T)),
  );
  return record!.id;
}

const codesRequired = (start: boolean, end: boolean) =>
  h.masters.client.saveSettings(
    {
      kind: 'business_settings',
      valuesJson: JSON.stringify({
        business_name: 'Konkan Cabs',
        is_trip_start_otp_required: start,
        is_trip_end_otp_required: end,
      }),
    },
    callAs(h.masters.callerFor(T)),
  );

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
  customerId = await master('customer', { name: 'Acme Corp' });
  dutyTypeId = await master('duty_type', {
    name: '8 Hrs 80 Kms',
    type: 'HR_KM',
    max_km: 80,
    max_hr: 8,
    is_g2g: true,
  });
  vehicleGroupId = await master('vehicle_group', { name: 'Sedan' });
  driverId = await master('driver', { name: 'Ravi Kumar', phone: '+919811100001' });
  otherDriverId = await master('driver', { name: 'Sunil Patil', phone: '+919811100002' });
  const vehicle = (no: string, driver: string) => ({
    vehicle_no: no,
    vehicle_model: 'Dzire',
    vehicle_group_id: vehicleGroupId,
    vehicle_fuel_type: 'DIESEL',
    driver_id: driver,
  });
  vehicleId = await master('vehicle', vehicle('MH12AB1001', driverId));
  otherVehicleId = await master('vehicle', vehicle('MH12AB1002', otherDriverId));
  await master('rate_card', {
    name: 'Acme 2026-27',
    party: 'CUSTOMER',
    customer_id: customerId,
    duty_type_id: dutyTypeId,
    vehicle_group_id: vehicleGroupId,
    contract_start: '2026-04-01',
    contract_end: '2027-03-31',
    normal_rate: '2000',
    extra_km_rate: '14',
    extra_hour_rate: '150',
    no_show_rate: '500',
  });
});
afterAll(() => h?.close());
// Each test's duties end with it: a duty left running would hold its driver's and its car's next start.
afterEach(() =>
  h.database.db.withTenant(T, (tx) =>
    tx.execute(sql`update bookings.bookings set status = 'UNFULFILLED'
      where status in ('DRIVER_GARAGE_START', 'DRIVER_ARRIVED_AT_PICKUP', 'DRIVER_DUTY_START',
        'DRIVER_DUTY_START_PASSENGER_NO_SHOW', 'DRIVER_DUTY_END')`),
  ),
);

const staff = (permissions: string[] = allPermissionIds()) => callAs(h.callerFor(T, permissions));
const asDriver = (id: string, tenantId = T): Caller => ({
  ...h.callerFor(tenantId, []),
  role: 'DRIVER',
  driverId: id,
});
const ravi = () => callAs(asDriver(driverId));
const at = (local: string) => timestampFromDate(new Date(`${local}+05:30`));

async function allottedDuty(date: string, vehicle = vehicleId) {
  const draft = {
    customerId,
    passengers: [{ name: 'Asha Rao', phone: '+919800000101', email: 'asha@example.com' }],
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId,
    reportingDate: date,
    reportingTime: '08:30',
    reportingAddress: 'Aundh, Pune',
    operatorNotes: 'Customer pays late; do not tell the driver',
  };
  const { booking } = await h.client.createBooking({ draftJson: JSON.stringify(draft) }, staff());
  await h.client.allotDuty(
    { id: booking!.id, kind: 'OWN', vehicleId: vehicle, overrideReason: 'Back to back in the test' },
    staff(),
  );
  return booking!;
}

/** A 1×1 PNG, uploaded by the driver for a slip's photos. */
async function photo(caller: Caller) {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const { file } = await h.masters.client.uploadFile(
    { fileName: 'odometer.png', content: png, kind: 'booking', field: 'slip_photo' },
    callAs(caller),
  );
  return file!.id;
}

let acts = 0;
const event = (id: string, name: string, local: string, km: string, more: Record<string, unknown> = {}) => ({
  id,
  clientActionId: randomUUID(),
  event: name,
  at: at(local),
  km,
  latitude: 18.5598 + acts++ / 1000,
  longitude: 73.8073,
  location: 'Pune',
  ...more,
});

it('shows a driver only their own duties, with no trip codes, prices or office notes', async () => {
  const mine = await allottedDuty('2026-11-25');
  const later = await allottedDuty('2026-11-27');
  const theirs = await allottedDuty('2026-11-25', otherVehicleId);

  const today = await h.client.listDriverDuties({ when: 'TODAY', page: { limit: 50 } }, ravi());
  expect(today.duties.map((d) => d.id)).toContain(mine.id);
  expect(today.duties.map((d) => d.id)).not.toContain(theirs.id);
  expect(today.duties.map((d) => d.id)).not.toContain(later.id);
  const upcoming = await h.client.listDriverDuties({ when: 'UPCOMING', page: { limit: 50 } }, ravi());
  expect(upcoming.duties.map((d) => d.id)).toEqual([later.id]);

  const { duty } = await h.client.getDriverDuty({ id: mine.id }, ravi());
  expect(duty).toMatchObject({
    status: 'ALLOTED',
    customerName: 'Acme Corp',
    dutyTypeName: '8 Hrs 80 Kms',
    vehicleNo: 'MH12AB1001',
    reportingAddress: 'Aundh, Pune',
    mayAccept: true,
    mayReject: true,
    tripEvents: ['GARAGE_START', 'DRIVER_ARRIVED'],
  });
  expect(duty!.passengers.map((p) => [p.name, p.phone, p.email])).toEqual([
    ['Asha Rao', '+919800000101', ''],
  ]);
  const shown = JSON.stringify(duty, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
  expect(shown).not.toContain(mine.tripStartOtp);
  expect(shown).not.toContain('do not tell the driver');

  // Each call is made only when its turn comes: a refusal made early would arrive unawaited.
  for (const call of [
    () => h.client.getDriverDuty({ id: theirs.id }, ravi()),
    () =>
      h.client.answerDuty(
        { id: theirs.id, clientActionId: randomUUID(), answer: 'ACCEPT', at: at('2026-11-25T07:00') },
        ravi(),
      ),
    () => h.client.getDriverDuty({ id: mine.id }, callAs(asDriver(driverId, randomUUID()))),
  ]) {
    expect((await expectDomainError(call())).code).toBe('NOT_FOUND');
  }
  const staffAsking = await expectDomainError(h.client.getDriverDuty({ id: mine.id }, staff()));
  expect(staffAsking.code).toBe('PERMISSION_DENIED');
});

it('runs a duty from the phone, asking the passenger’s codes, and closes it priced at garage end', async () => {
  await codesRequired(true, true);
  try {
    const booking = await allottedDuty('2026-11-25');
    const { id } = booking;
    const accepted = await h.client.answerDuty(
      { id, clientActionId: randomUUID(), answer: 'ACCEPT', at: at('2026-11-25T07:00') },
      ravi(),
    );
    expect([accepted.applied, accepted.duty!.status]).toEqual([true, 'DRIVER_ACCEPTED']);

    const odometer = await photo(asDriver(driverId));
    await h.client.recordTripEvent(
      event(id, 'GARAGE_START', '2026-11-25T08:00', '5000', { photoFileId: odometer }),
      ravi(),
    );
    await h.client.recordTripEvent(event(id, 'DRIVER_ARRIVED', '2026-11-25T08:25', '5010'), ravi());
    const wrong = await expectDomainError(
      h.client.recordTripEvent(
        event(id, 'DUTY_START', '2026-11-25T08:40', '5012', {
          code: booking.tripStartOtp === '0000' ? '1111' : '0000',
        }),
        ravi(),
      ),
    );
    expect(wrong.fieldViolations.map((v) => v.field)).toEqual(['code']);
    const started = await h.client.recordTripEvent(
      event(id, 'DUTY_START', '2026-11-25T08:40', '5012', { code: booking.tripStartOtp }),
      ravi(),
    );
    expect(started.duty!.status).toBe('DRIVER_DUTY_START');
    expect(started.duty!.endCodeRequired).toBe(true);

    const noCode = await expectDomainError(
      h.client.recordTripEvent(event(id, 'DUTY_END', '2026-11-25T16:30', '5096'), ravi()),
    );
    expect(noCode.fieldViolations.map((v) => v.field)).toEqual(['code']);
    const signature = await photo(asDriver(driverId));
    const ended = await h.client.recordTripEvent(
      event(id, 'DUTY_END', '2026-11-25T16:30', '5096', { signatureFileId: signature }),
      ravi(),
    );
    expect([ended.duty!.status, ended.duty!.hasCustomerSignature]).toEqual(['DRIVER_DUTY_END', true]);

    const closed = await h.client.recordTripEvent(
      event(id, 'GARAGE_END', '2026-11-25T17:15', '5108'),
      ravi(),
    );
    expect(closed.duty!.status).toBe('CLOSED');
    expect(closed.duty!.slipPoints.map((p) => [p.point, p.km])).toEqual([
      ['GARAGE_START', '5000.0'],
      ['ARRIVAL', '5010.0'],
      ['DUTY_START', '5012.0'],
      ['DUTY_END', '5096.0'],
      ['GARAGE_END', '5108.0'],
    ]);
    const read = await h.client.getBooking({ id }, staff([PERMISSION.view_booking]));
    expect(read.charges?.total).toBe('2579.50');
    expect(read.booking!.slipMedium).toBe('DIGITAL_DUTY_SLIP');
    const activity = read.activity.map((a) => [a.actor, a.action, a.toStatus]);
    expect(activity).toEqual(
      expect.arrayContaining([
        ['DRIVER', 'driverAccept', 'DRIVER_ACCEPTED'],
        ['DRIVER', 'startDuty', 'DRIVER_DUTY_START'],
        ['DRIVER', 'completeDuty', 'CLOSED'],
      ]),
    );
  } finally {
    await codesRequired(false, false);
  }
});

it('applies an act once however often the phone sends it, and answers a retry with the duty as it is', async () => {
  const { id } = await allottedDuty('2026-11-25');
  const leave = event(id, 'GARAGE_START', '2026-11-25T08:00', '7000');
  const first = await h.client.recordTripEvent(leave, ravi());
  const arrive = event(id, 'DRIVER_ARRIVED', '2026-11-25T08:20', '7008');
  await h.client.recordTripEvent(arrive, ravi());
  // The network dropped the first answer; the queue replays both acts in order.
  const again = await h.client.recordTripEvent(leave, ravi());
  const againArrive = await h.client.recordTripEvent(arrive, ravi());
  expect([first.applied, again.applied, againArrive.applied]).toEqual([true, false, false]);
  expect(againArrive.duty!.status).toBe('DRIVER_ARRIVED_AT_PICKUP');
  const stored = await h.database.db.readAsSystem((tx) =>
    rows<{ action: string }>(tx, sql`select action from bookings.driver_actions where booking_id = ${id}`),
  );
  expect(stored.map((r) => r.action).sort()).toEqual(['DRIVER_ARRIVED', 'GARAGE_START']);
  const read = await h.client.getBooking({ id }, staff([PERMISSION.view_booking]));
  expect(read.activity.filter((a) => a.action === 'garageStart')).toHaveLength(1);
});

it('sends a rejected duty back to allotment with the driver’s reason, which it must have', async () => {
  const { id } = await allottedDuty('2026-11-26');
  const noReason = await expectDomainError(
    h.client.answerDuty(
      { id, clientActionId: randomUUID(), answer: 'REJECT', at: at('2026-11-25T09:00') },
      ravi(),
    ),
  );
  expect(noReason.fieldViolations.map((v) => v.field)).toEqual(['reason']);
  const rejected = await h.client.answerDuty(
    {
      id,
      clientActionId: randomUUID(),
      answer: 'REJECT',
      reason: 'Vehicle in service',
      at: at('2026-11-25T09:00'),
    },
    ravi(),
  );
  expect(rejected.duty!.status).toBe('DRIVER_REJECTED');
  const attention = await h.client.listBookings({ tab: 'needs-attention', page: { limit: 50 } }, staff());
  expect(attention.bookings.map((b) => b.id)).toContain(id);
});

it('names each bad field of an act and changes nothing', async () => {
  const { id } = await allottedDuty('2026-11-25');
  const cases: [Record<string, unknown>, string][] = [
    [{ km: 'lots' }, 'km'],
    [{ event: 'TELEPORT' }, 'event'],
    [{ at: timestampFromDate(new Date(NOW.getTime() + 3600_000)) }, 'at'],
    [{ latitude: 91 }, 'latitude'],
    [{ photoFileId: 'not-an-id' }, 'photoFileId'],
    [{ clientActionId: 'again' }, 'clientActionId'],
  ];
  for (const [change, field] of cases) {
    const refused = await expectDomainError(
      h.client.recordTripEvent(
        { ...event(id, 'GARAGE_START', '2026-11-25T08:00', '100'), ...change },
        ravi(),
      ),
    );
    expect(refused.fieldViolations.map((v) => v.field)).toContain(field);
  }
  await h.client.recordTripEvent(event(id, 'GARAGE_START', '2026-11-25T08:00', '100'), ravi());
  const backwards = await expectDomainError(
    h.client.recordTripEvent(event(id, 'DRIVER_ARRIVED', '2026-11-25T08:20', '90'), ravi()),
  );
  expect(backwards.fieldViolations.map((v) => v.field)).toEqual(['km']);
  const { duty } = await h.client.getDriverDuty({ id }, ravi());
  expect(duty!.status).toBe('DRIVER_GARAGE_START');
});

it('holds the start until the checklist’s billing items are filled, and takes only items drivers may add', async () => {
  const permit = await master('billing_item', {
    name: 'State permit',
    is_taxable: false,
    driver_can_add: true,
    required_before_start: true,
  });
  const gift = await master('billing_item', { name: 'Flowers', is_taxable: true });
  try {
    const { id } = await allottedDuty('2026-11-25');
    await h.client.recordTripEvent(event(id, 'DRIVER_ARRIVED', '2026-11-25T08:20', '300'), ravi());
    const held = await expectDomainError(
      h.client.recordTripEvent(event(id, 'DUTY_START', '2026-11-25T08:30', '301'), ravi()),
    );
    expect([held.code, held.reason]).toEqual(['FAILED_PRECONDITION', 'CHECKLIST_INCOMPLETE']);
    const { duty } = await h.client.getDriverDuty({ id }, ravi());
    expect(duty!.checklist).toEqual([expect.objectContaining({ billingItemId: permit, filled: false })]);

    const notForDrivers = await expectDomainError(
      h.client.addDriverBillingItem(
        { id, clientActionId: randomUUID(), billingItemId: gift, amount: '200', at: at('2026-11-25T08:25') },
        ravi(),
      ),
    );
    expect(notForDrivers.fieldViolations.map((v) => v.field)).toEqual(['billingItemId']);
    const receipt = await photo(asDriver(driverId));
    const added = await h.client.addDriverBillingItem(
      {
        id,
        clientActionId: randomUUID(),
        billingItemId: permit,
        amount: '450',
        receiptFileId: receipt,
        at: at('2026-11-25T08:25'),
      },
      ravi(),
    );
    expect(added.duty!.checklist).toEqual([expect.objectContaining({ filled: true })]);
    expect(added.duty!.billingItems.map((b) => [b.name, b.amount, b.receiptFileId])).toEqual([
      ['State permit', '450.00', receipt],
    ]);
    const started = await h.client.recordTripEvent(
      event(id, 'DUTY_START', '2026-11-25T08:30', '301'),
      ravi(),
    );
    expect(started.duty!.status).toBe('DRIVER_DUTY_START');
  } finally {
    await h.masters.client.setRecordActive(
      { kind: 'billing_item', id: permit, isActive: false },
      callAs(h.masters.callerFor(T)),
    );
  }
});

it('lets the driver accept a duty the office has dispatched already', async () => {
  const { id } = await allottedDuty('2026-11-26');
  await h.client.actOnBooking({ id, action: 'dispatch' }, staff());
  const { duty } = await h.client.getDriverDuty({ id }, ravi());
  expect([duty!.status, duty!.mayAccept, duty!.mayReject]).toEqual(['DISPATCHED', true, true]);
  const accepted = await h.client.answerDuty(
    { id, clientActionId: randomUUID(), answer: 'ACCEPT', at: at('2026-11-25T09:00') },
    ravi(),
  );
  expect(accepted.duty!.status).toBe('DRIVER_ACCEPTED');
  expect(accepted.duty!.tripEvents).toEqual(['GARAGE_START', 'DRIVER_ARRIVED']);
});

it('takes an expense only as money paid: a ₹0 amount (a reading typed as one) is refused', async () => {
  const parking = await master('billing_item', { name: 'Parking', driver_can_add: true });
  try {
    const { id } = await allottedDuty('2026-11-25');
    const refused = await expectDomainError(
      h.client.addDriverBillingItem(
        { id, clientActionId: randomUUID(), billingItemId: parking, amount: '0', at: at('2026-11-25T08:25') },
        ravi(),
      ),
    );
    expect(refused.fieldViolations.map((v) => v.field)).toEqual(['amount']);
    const { duty } = await h.client.getDriverDuty({ id }, ravi());
    expect(duty!.billingItems).toEqual([]);
  } finally {
    await h.masters.client.setRecordActive(
      { kind: 'billing_item', id: parking, isActive: false },
      callAs(h.masters.callerFor(T)),
    );
  }
});

it('locks a duty’s start after five wrong codes, even to the right one, until the office unlocks it', async () => {
  await codesRequired(true, false);
  try {
    const booking = await allottedDuty('2026-11-25');
    const { id } = booking;
    await h.client.recordTripEvent(event(id, 'DRIVER_ARRIVED', '2026-11-25T08:20', '900'), ravi());
    const wrongCode = String((Number(booking.tripStartOtp) + 1) % 10_000).padStart(4, '0');
    const start = (code: string) =>
      h.client.recordTripEvent(event(id, 'DUTY_START', '2026-11-25T08:30', '901', { code }), ravi());
    for (const left of [4, 3, 2, 1]) {
      const wrong = await expectDomainError(start(wrongCode));
      expect(wrong.fieldViolations).toEqual([
        expect.objectContaining({ field: 'code', message: expect.stringContaining(`${left} tr`) }),
      ]);
    }
    const locked = await expectDomainError(start(wrongCode));
    expect([locked.code, locked.reason]).toEqual(['FAILED_PRECONDITION', 'TRIP_START_LOCKED']);
    const stillLocked = await expectDomainError(start(booking.tripStartOtp));
    expect(stillLocked.reason).toBe('TRIP_START_LOCKED');
    expect(stillLocked.message).toContain('Call the office');

    const read = await h.client.getBooking({ id }, staff([PERMISSION.view_booking]));
    expect(read.booking!.tripStartWrongCodes).toBe(5);
    expect(read.booking!.tripStartLockedAt).toBeDefined();
    const logged = read.activity.map((a) => a.action);
    expect(logged.filter((a) => a === 'tripStartCodeWrong')).toHaveLength(5);
    expect(logged).toContain('tripStartLocked');
    const stored = await h.database.db.readAsSystem((tx) =>
      rows<{ action: string }>(tx, sql`select action from bookings.driver_actions where booking_id = ${id}`),
    );
    expect(stored.filter((r) => r.action === 'TRIP_START_CODE_WRONG')).toHaveLength(5);
    expect(stored.map((r) => r.action)).toContain('TRIP_START_LOCKED');

    const notAllowed = await expectDomainError(
      h.client.unlockTripStart({ id }, staff([PERMISSION.view_booking])),
    );
    expect(notAllowed.code).toBe('PERMISSION_DENIED');
    const unlocked = await h.client.unlockTripStart(
      { id },
      staff([PERMISSION.view_booking, PERMISSION.send_duty_info]),
    );
    expect([unlocked.booking!.tripStartWrongCodes, unlocked.booking!.tripStartLockedAt]).toEqual([
      0,
      undefined,
    ]);
    const started = await start(booking.tripStartOtp);
    expect(started.duty!.status).toBe('DRIVER_DUTY_START');
    const after = await h.client.getBooking({ id }, staff([PERMISSION.view_booking]));
    expect(after.activity.map((a) => a.action)).toContain('tripStartUnlocked');
  } finally {
    await codesRequired(false, false);
  }
});

it('keeps what the office did to a driver’s duty in its driver actions: cleared, unfulfilled, closed', async () => {
  const actionsOf = (id: string) =>
    h.database.db.readAsSystem((tx) =>
      rows<{ action: string; driverId: string; reason: string }>(
        tx,
        sql`select action, driver_id as "driverId", reason from bookings.driver_actions where booking_id = ${id}`,
      ),
    );
  const cleared = await allottedDuty('2026-11-26');
  await h.client.actOnBooking({ id: cleared.id, action: 'clearAllotment' }, staff());
  expect(await actionsOf(cleared.id)).toEqual([
    expect.objectContaining({ action: 'ALLOTMENT_CLEARED', driverId }),
  ]);

  const failed = await allottedDuty('2026-11-26');
  await h.client.actOnBooking(
    { id: failed.id, action: 'markUnfulfilled', reason: 'Car broke down' },
    staff(),
  );
  expect(await actionsOf(failed.id)).toEqual([
    expect.objectContaining({ action: 'DUTY_UNFULFILLED', driverId, reason: 'Car broke down' }),
  ]);

  const { id } = await allottedDuty('2026-11-25');
  await h.client.recordTripEvent(event(id, 'GARAGE_START', '2026-11-25T08:00', '2000'), ravi());
  await h.client.recordTripEvent(event(id, 'DRIVER_ARRIVED', '2026-11-25T08:25', '2010'), ravi());
  await h.client.recordTripEvent(event(id, 'DUTY_START', '2026-11-25T08:40', '2012'), ravi());
  await h.client.recordTripEvent(event(id, 'DUTY_END', '2026-11-25T16:30', '2096'), ravi());
  await h.client.closeDuty({ id }, staff());
  expect((await actionsOf(id)).map((a) => a.action)).toContain('CLOSED_BY_OPS');
});

it('keeps the driver opening navigation from the app in the duty’s driver actions, once', async () => {
  const { id } = await allottedDuty('2026-11-25');
  const open = { id, clientActionId: randomUUID(), to: 'PICKUP', at: at('2026-11-25T08:05') };
  const first = await h.client.recordNavigationStart(open, ravi());
  const again = await h.client.recordNavigationStart(open, ravi());
  expect([first.applied, again.applied, first.duty!.status]).toEqual([true, false, 'ALLOTED']);
  const stored = await h.database.db.readAsSystem((tx) =>
    rows<{ action: string; to: string }>(
      tx,
      sql`select action, details->>'to' as "to" from bookings.driver_actions where booking_id = ${id}`,
    ),
  );
  expect(stored).toEqual([{ action: 'NAVIGATION_START', to: 'PICKUP' }]);
  const wrongPlace = await expectDomainError(
    h.client.recordNavigationStart({ ...open, clientActionId: randomUUID(), to: 'MOON' }, ravi()),
  );
  expect(wrongPlace.fieldViolations.map((v) => v.field)).toEqual(['to']);
});

describe('one running duty per driver and vehicle, and no early start without the office', () => {
  it('refuses to start a duty while the same driver or the same vehicle is on another running duty', async () => {
    const running = await allottedDuty('2026-11-25');
    await h.client.recordTripEvent(event(running.id, 'GARAGE_START', '2026-11-25T08:00', '3000'), ravi());
    const next = await allottedDuty('2026-11-25');
    const sameDriver = await expectDomainError(
      h.client.recordTripEvent(event(next.id, 'GARAGE_START', '2026-11-25T08:05', '3001'), ravi()),
    );
    expect([sameDriver.code, sameDriver.reason]).toEqual(['FAILED_PRECONDITION', 'ANOTHER_DUTY_RUNNING']);
    // The same car with another driver at the wheel is refused too.
    const sameCar = await allottedDuty('2026-11-25');
    await h.client.allotDuty(
      { id: sameCar.id, kind: 'OWN', vehicleId, driverId: otherDriverId, overrideReason: 'Swap in the test' },
      staff(),
    );
    const sunil = callAs(asDriver(otherDriverId));
    const refused = await expectDomainError(
      h.client.recordTripEvent(event(sameCar.id, 'GARAGE_START', '2026-11-25T08:05', '3001'), sunil),
    );
    expect(refused.reason).toBe('ANOTHER_DUTY_RUNNING');
    expect(refused.message).toContain('MH12AB1001');
    // Once the running duty is over, the next one starts.
    await h.client.actOnBooking({ id: running.id, action: 'markUnfulfilled', reason: 'Stopped' }, staff());
    const started = await h.client.recordTripEvent(
      event(next.id, 'GARAGE_START', '2026-11-25T08:10', '3001'),
      ravi(),
    );
    expect(started.duty!.status).toBe('DRIVER_GARAGE_START');
    await h.client.actOnBooking({ id: next.id, action: 'markUnfulfilled', reason: 'Stopped' }, staff());
  });

  it('holds a start more than two hours before reporting for the office’s consent, which it sees and gives', async () => {
    // Reports 08:30 on the 26th; the driver tries at 17:00 the day before (the test's clock is 17:30).
    const { id } = await allottedDuty('2026-11-26');
    const early = await expectDomainError(
      h.client.recordTripEvent(event(id, 'GARAGE_START', '2026-11-25T17:00', '4000'), ravi()),
    );
    expect([early.code, early.reason]).toEqual(['FAILED_PRECONDITION', 'EARLY_START_NEEDS_CONSENT']);
    const seen = await h.client.getBooking({ id }, staff([PERMISSION.view_booking]));
    expect(seen.booking!.status).toBe('ALLOTED');
    expect(seen.booking!.earlyStartRequestedAt).toBeDefined();
    expect(seen.booking!.earlyStartConsentedAt).toBeUndefined();
    expect(seen.activity.map((a) => a.action)).toContain('earlyStartRequested');
    // The refused start wrote no point of the slip, so nothing (no early-start allowance) comes of it.
    const { duty } = await h.client.getDriverDuty({ id }, ravi());
    expect(duty!.slipPoints).toEqual([]);

    const notAllowed = await expectDomainError(
      h.client.consentEarlyStart({ id }, staff([PERMISSION.view_booking])),
    );
    expect(notAllowed.code).toBe('PERMISSION_DENIED');
    const consented = await h.client.consentEarlyStart(
      { id },
      staff([PERMISSION.view_booking, PERMISSION.send_duty_info]),
    );
    expect(consented.booking!.earlyStartConsentedAt).toBeDefined();
    const started = await h.client.recordTripEvent(
      event(id, 'GARAGE_START', '2026-11-25T17:05', '4000'),
      ravi(),
    );
    expect(started.duty!.status).toBe('DRIVER_GARAGE_START');
    const read = await h.client.getBooking({ id }, staff([PERMISSION.view_booking]));
    expect(read.activity.map((a) => a.action)).toContain('earlyStartConsented');
    await h.client.actOnBooking({ id, action: 'markUnfulfilled', reason: 'Test over' }, staff());
  });
});
