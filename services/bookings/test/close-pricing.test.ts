// Closing a duty prices three things through the gRPC routes, on a real PostgreSQL with masters beside
// it: what the customer is charged (switching slabs up the customer's ladder — DOMAIN.md's worked
// example, 4 h/40 km ₹1,000 switching after 5 h or 60 km to 8 h/80 km ₹1,800: a 6 h/55 km duty bills
// ₹1,800), what a supplier who ran it is paid (its card for this customer, from the purchase slip or
// else the sales slip, with the supplier's own allowances) and what the operator's own driver is paid
// (the driver master's allowances and overtime, the extra duty allowance on the driver's second duty of
// the day). Each side's allowances are adjusted by its own permission, logged, and nothing else moves.
// The closed duty's event carries all three.
import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import type { DutyCharges } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-24T04:30:00Z');
/** The module's clock: NOW while duties are taken; a slip is recorded once its duty has happened. */
let now = NOW;
let h: BookingsHarness;
const T = randomUUID();
const ids: Record<string, string> = {};

async function master(kind: string, values: Record<string, unknown>) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(T)),
  );
  return record!.id;
}

const FY = { contract_start: '2026-04-01', contract_end: '2027-03-31' };

beforeAll(async () => {
  h = await bootBookings({ clock: () => now });
  ids.globex = await master('customer', { name: 'Globex' });
  ids.sedan = await master('vehicle_group', { name: 'Sedan' });
  ids.dt4 = await master('duty_type', {
    name: '4 Hrs 40 Kms',
    type: 'HR_KM',
    max_km: 40,
    max_hr: 4,
    is_p2p: true,
  });
  ids.dt8 = await master('duty_type', {
    name: '8 Hrs 80 Kms',
    type: 'HR_KM',
    max_km: 80,
    max_hr: 8,
    is_p2p: true,
  });
  const customerCard = { party: 'CUSTOMER', customer_id: ids.globex, vehicle_group_id: ids.sedan, ...FY };
  ids.globex4h = await master('rate_card', {
    ...customerCard,
    name: 'Globex 4h',
    duty_type_id: ids.dt4,
    normal_rate: '1000',
    extra_km_rate: '12',
    extra_hour_rate: '120',
    switch_path_group: 'TIME_KM1',
    km_cross_slab: 60,
    hour_cross_slab: 5,
  });
  ids.globex8h = await master('rate_card', {
    ...customerCard,
    name: 'Globex 8h',
    duty_type_id: ids.dt8,
    normal_rate: '1800',
    extra_km_rate: '14',
    extra_hour_rate: '150',
    switch_path_group: 'TIME_KM2',
    km_cross_slab: 120,
    hour_cross_slab: 10,
  });
  ids.sai = await master('supplier', {
    name: 'Sai Travels',
    supplier_type: 'COMPANY',
    sunday_allowance: '250',
  });
  const supplierCard = {
    party: 'SUPPLIER',
    supplier_id: ids.sai,
    vehicle_group_id: ids.sedan,
    duty_type_id: ids.dt4,
    ...FY,
  };
  await master('rate_card', {
    ...supplierCard,
    name: 'Sai general 4h',
    normal_rate: '700',
    extra_km_rate: '9',
  });
  ids.saiGlobex = await master('rate_card', {
    ...supplierCard,
    name: 'Sai for Globex 4h',
    customer_id: ids.globex,
    normal_rate: '800',
    extra_km_rate: '10',
  });
  const driver = await master('driver', {
    name: 'Ravi Kumar',
    phone: '+919811100001',
    daily_allowance: '200',
    ot_per_hour: '100',
    sunday_allowance: '150',
    extra_duty_allowance: '75',
  });
  ids.vehicle = await master('vehicle', {
    vehicle_no: 'MH12AB2001',
    vehicle_model: 'Dzire',
    vehicle_group_id: ids.sedan,
    vehicle_fuel_type: 'DIESEL',
    driver_id: driver,
  });
});
afterAll(() => h?.close());

const staff = (permissions: string[]) => callAs(h.callerFor(T, permissions));
const ops = () =>
  staff([
    PERMISSION.manage_booking,
    PERMISSION.view_booking,
    PERMISSION.allot_vehicle_driver_to_duty,
    PERMISSION.generate_duty_slip,
  ]);
const at = (local: string) => timestampFromDate(new Date(`${local}+05:30`));

async function booked(date: string, time: string) {
  now = NOW;
  const draft = {
    customerId: ids.globex,
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    fromCityId: 'mh-pune',
    vehicleGroupId: ids.sedan,
    dutyTypeId: ids.dt4,
    reportingDate: date,
    reportingTime: time,
    reportingAddress: 'Aundh, Pune',
  };
  const { booking } = await h.client.createBooking({ draftJson: JSON.stringify(draft) }, ops());
  return booking!.id;
}

async function ownDuty(date: string, time: string) {
  const id = await booked(date, time);
  await h.client.allotDuty({ id, kind: 'OWN', vehicleId: ids.vehicle }, ops());
  return id;
}

async function supplierDuty(date: string, time: string) {
  const id = await booked(date, time);
  await h.client.allotDuty(
    {
      id,
      kind: 'COMPANY_SUPPLIER',
      supplierId: ids.sai,
      vehicleNo: 'MH12XY9876',
      driverName: 'Imran Shaikh',
      driverPhone: '+919833300004',
    },
    ops(),
  );
  return id;
}

/** A slip from duty start to duty end: `from` and `to` local times on `date`, km from 1000. */
async function slip(
  id: string,
  variant: 'SALES' | 'PURCHASE',
  date: string,
  from: string,
  to: string,
  km: number,
) {
  const after = new Date(`${date}T23:30:00+05:30`);
  if (after > now) now = after;
  await h.client.recordDutySlip(
    {
      id,
      variant,
      medium: 'HARD_COPY',
      points: [
        { point: 'DUTY_START', at: at(`${date}T${from}`), km: '1000', location: 'Aundh' },
        { point: 'DUTY_END', at: at(`${date}T${to}`), km: String(1000 + km), location: 'Hinjewadi' },
      ],
    },
    ops(),
  );
}

const lines = (c: DutyCharges | undefined) => c?.lines.map((l) => [l.code, l.quantity, l.rate, l.amount]);

async function eventsOf(id: string, subject: string) {
  const found = await h.database.db.asSystem((tx) =>
    rows<{ payload: Buffer }>(
      tx,
      sql`select payload from bookings.outbox where tenant_id = ${T} and subject = ${subject} order by seq`,
    ),
  );
  return found
    .map((row) => fromBinary(BookingChangedSchema, new Uint8Array(row.payload)))
    .filter((event) => event.booking?.id === id);
}

const closedEvent = async (id: string) =>
  (await eventsOf(id, 'fleet.bookings.booking.status_changed')).find((event) => event.toStatus === 'CLOSED');

describe('slab switching', () => {
  it('bills a 6 h / 55 km duty booked on the 4 h/40 km card at the 8 h/80 km card’s ₹1,800 (the worked example)', async () => {
    const id = await ownDuty('2026-12-01', '09:00');
    await slip(id, 'SALES', '2026-12-01', '09:00', '15:00', 55);
    const { charges } = await h.client.closeDuty({ id }, ops());
    expect(charges).toMatchObject({
      km: '55',
      minutes: 360,
      total: '1800.00',
      rateCardId: ids.globex8h,
      rateCardName: 'Globex 8h',
      switchedFromRateCardId: ids.globex4h,
      switchedFromRateCardName: 'Globex 4h',
    });
    expect(lines(charges)).toEqual([['BASE', '1', '1800.00', '1800.00']]);
    const read = await h.client.getBooking({ id }, staff([PERMISSION.view_booking]));
    expect(read.charges?.switchedFromRateCardName).toBe('Globex 4h');
  });

  it('keeps a duty within its card’s thresholds on the card it was booked on, with its extras', async () => {
    const id = await ownDuty('2026-12-02', '09:00');
    await slip(id, 'SALES', '2026-12-02', '09:00', '13:30', 50);
    const { charges } = await h.client.closeDuty({ id }, ops());
    expect([charges!.rateCardName, charges!.switchedFromRateCardId, charges!.total]).toEqual([
      'Globex 4h',
      '',
      '1180.00',
    ]);
    expect(lines(charges)).toEqual([
      ['BASE', '1', '1000.00', '1000.00'],
      ['EXTRA_KM', '10', '12.00', '120.00'],
      ['EXTRA_HOURS', '0.5', '120.00', '60.00'],
    ]);
  });
});

describe('the driver’s allowances', () => {
  it('pays the operator’s driver the driver master’s daily allowance and overtime beyond the duty’s hours', async () => {
    const id = await ownDuty('2026-12-03', '09:00');
    await slip(id, 'SALES', '2026-12-03', '09:00', '15:00', 55);
    const closed = await h.client.closeDuty({ id }, ops());
    expect(closed.purchaseCharges).toBeUndefined();
    expect(lines(closed.driverAllowances)).toEqual([
      ['EXTRA_HOURS', '2', '100.00', '200.00'],
      ['DRIVER_DAILY_ALLOWANCE', '1', '200.00', '200.00'],
    ]);
    expect(closed.driverAllowances!.total).toBe('400.00');

    const event = await closedEvent(id);
    expect([event?.charges?.total, event?.driverAllowances?.total, event?.purchaseCharges]).toEqual([
      '1800.00',
      '400.00',
      undefined,
    ]);
  });

  it('adds the Sunday and the extra duty allowance on the driver’s second duty of a Sunday', async () => {
    const first = await ownDuty('2026-12-06', '06:00');
    const second = await ownDuty('2026-12-06', '15:00');
    await slip(first, 'SALES', '2026-12-06', '06:00', '09:00', 30);
    await slip(second, 'SALES', '2026-12-06', '15:00', '18:00', 30);
    const earlier = await h.client.closeDuty({ id: first }, ops());
    expect(lines(earlier.driverAllowances)?.map(([code]) => code)).toEqual([
      'SUNDAY_ALLOWANCE',
      'DRIVER_DAILY_ALLOWANCE',
    ]);
    const later = await h.client.closeDuty({ id: second }, ops());
    expect(lines(later.driverAllowances)).toEqual([
      ['SUNDAY_ALLOWANCE', '1', '150.00', '150.00'],
      ['EXTRA_DUTY_ALLOWANCE', '1', '75.00', '75.00'],
      ['DRIVER_DAILY_ALLOWANCE', '1', '200.00', '200.00'],
    ]);
    expect(later.driverAllowances!.total).toBe('425.00');
  });
});

describe('the supplier’s purchase charges', () => {
  it('pays a supplier on its card for this customer, from the purchase slip, with its own allowances', async () => {
    const id = await supplierDuty('2026-12-13', '10:00');
    await slip(id, 'SALES', '2026-12-13', '10:00', '13:00', 50);
    await slip(id, 'PURCHASE', '2026-12-13', '10:00', '13:00', 46);
    const closed = await h.client.closeDuty({ id }, ops());
    expect(closed.driverAllowances).toBeUndefined();
    expect(closed.charges!.total).toBe('1120.00');
    expect(closed.purchaseCharges).toMatchObject({
      km: '46',
      rateCardId: ids.saiGlobex,
      rateCardName: 'Sai for Globex 4h',
      note: '',
      total: '1110.00',
    });
    expect(lines(closed.purchaseCharges)).toEqual([
      ['BASE', '1', '800.00', '800.00'],
      ['EXTRA_KM', '6', '10.00', '60.00'],
      ['SUNDAY_ALLOWANCE', '1', '250.00', '250.00'],
    ]);
    const event = await closedEvent(id);
    expect([event?.charges?.total, event?.purchaseCharges?.total, event?.driverAllowances]).toEqual([
      '1120.00',
      '1110.00',
      undefined,
    ]);
  });

  it('pays a supplier without a card its revenue share of what the customer is charged', async () => {
    const shareCabs = await master('supplier', {
      name: 'Share Cabs',
      supplier_type: 'COMPANY',
      revenue_share_percentage: '80.00',
    });
    const id = await booked('2026-12-09', '10:00');
    await h.client.allotDuty(
      {
        id,
        kind: 'COMPANY_SUPPLIER',
        supplierId: shareCabs,
        vehicleNo: 'MH12XY1111',
        driverName: 'Imran Shaikh',
        driverPhone: '+919833300004',
      },
      ops(),
    );
    await slip(id, 'SALES', '2026-12-09', '10:00', '13:00', 50);
    const { charges, purchaseCharges } = await h.client.closeDuty({ id }, ops());
    // The customer's ₹1,120 (Globex 4h: ₹1,000 + 10 km × ₹12), of which 80% is the supplier's.
    expect(charges!.total).toBe('1120.00');
    expect(lines(purchaseCharges)).toEqual([['REVENUE_SHARE', '80', '1120.00', '896.00']]);
    expect(purchaseCharges!.total).toBe('896.00');
    expect(purchaseCharges!.note).toContain('paid its revenue share');
  });

  it('measures from the sales slip when no purchase slip was recorded, and says so', async () => {
    const id = await supplierDuty('2026-12-08', '10:00');
    await slip(id, 'SALES', '2026-12-08', '10:00', '13:00', 50);
    const { purchaseCharges } = await h.client.closeDuty({ id }, ops());
    expect([purchaseCharges!.km, purchaseCharges!.total, purchaseCharges!.note]).toEqual([
      '50',
      '900.00',
      'No purchase slip was recorded; measured from the sales slip.',
    ]);
  });
});

describe('adjusting each side’s allowances', () => {
  let own: string;
  let bySupplier: string;

  beforeAll(async () => {
    own = await ownDuty('2026-12-09', '09:00');
    await slip(own, 'SALES', '2026-12-09', '09:00', '15:00', 55);
    await h.client.closeDuty({ id: own }, ops());
    bySupplier = await supplierDuty('2026-12-20', '10:00');
    await slip(bySupplier, 'SALES', '2026-12-20', '10:00', '13:00', 50);
    await slip(bySupplier, 'PURCHASE', '2026-12-20', '10:00', '13:00', 46);
    await h.client.closeDuty({ id: bySupplier }, ops());
  });

  const totals = async (id: string) => {
    const r = await h.client.getBooking({ id }, staff([PERMISSION.view_booking]));
    return [r.charges?.total, r.purchaseCharges?.total, r.driverAllowances?.total];
  };

  it('changes the driver’s allowances with the driver permission only, logged with the reason', async () => {
    const before = await totals(own);
    expect(before).toEqual(['1800.00', undefined, '400.00']);
    const adjust = {
      id: own,
      side: 'DRIVER',
      allowances: [{ code: 'NIGHT_ALLOWANCE', amount: '120' }],
      reason: 'Late drop',
    };
    const refused = await expectDomainError(
      h.client.adjustDutyCharges(adjust, staff([PERMISSION.adjust_duty_slip_customer_allowance])),
    );
    expect(refused.code).toBe('PERMISSION_DENIED');
    expect(await totals(own)).toEqual(before);

    const done = await h.client.adjustDutyCharges(
      adjust,
      staff([PERMISSION.adjust_duty_slip_driver_allowance]),
    );
    expect(done.charges!.total).toBe('520.00');
    expect(await totals(own)).toEqual(['1800.00', undefined, '520.00']);
    const { activity } = await h.client.getBooking({ id: own }, staff([PERMISSION.view_booking]));
    expect(activity.at(-1)).toMatchObject({
      action: 'driverAllowancesAdjusted',
      reason: 'Late drop (total 400.00 → 520.00)',
    });
    // Billing hears of it: the update carries the driver's allowances as adjusted, and only those.
    const [published] = (await eventsOf(own, 'fleet.bookings.booking.updated')).filter(
      (event) => event.action === 'driverAllowancesAdjusted',
    );
    expect(published?.driverAllowances?.total).toBe('520.00');
    expect(published?.charges).toBeUndefined();
    expect(published?.reason).toBe('Late drop (total 400.00 → 520.00)');
  });

  it('changes the supplier’s allowances with the supplier permission only; a side the duty has none of is refused', async () => {
    const adjust = {
      id: bySupplier,
      side: 'SUPPLIER',
      allowances: [{ code: 'SUNDAY_ALLOWANCE', amount: '300' }],
      reason: 'Agreed with Sai',
    };
    const refused = await expectDomainError(
      h.client.adjustDutyCharges(adjust, staff([PERMISSION.adjust_duty_slip_driver_allowance])),
    );
    expect(refused.code).toBe('PERMISSION_DENIED');
    const done = await h.client.adjustDutyCharges(
      adjust,
      staff([PERMISSION.adjust_duty_slip_supplier_allowance]),
    );
    expect(lines(done.charges)?.at(-1)).toEqual(['SUNDAY_ALLOWANCE', '1', '300.00', '300.00']);
    expect(await totals(bySupplier)).toEqual(['1120.00', '1160.00', undefined]);

    const noDriver = await expectDomainError(
      h.client.adjustDutyCharges(
        { ...adjust, side: 'DRIVER' },
        staff([PERMISSION.adjust_duty_slip_driver_allowance]),
      ),
    );
    expect(noDriver.reason).toBe('NOT_PRICED');
    const { activity } = await h.client.getBooking({ id: bySupplier }, staff([PERMISSION.view_booking]));
    expect(activity.at(-1)?.action).toBe('supplierAllowancesAdjusted');
  });

  it('refuses an unknown side or a repeated allowance, naming the field, and changes nothing', async () => {
    const before = await totals(bySupplier);
    const everything = staff([
      PERMISSION.adjust_duty_slip_customer_allowance,
      PERMISSION.adjust_duty_slip_driver_allowance,
      PERMISSION.adjust_duty_slip_supplier_allowance,
    ]);
    const side = await expectDomainError(
      h.client.adjustDutyCharges(
        { id: bySupplier, side: 'BOSS', allowances: [{ code: 'NIGHT_ALLOWANCE', amount: '1' }], reason: 'x' },
        everything,
      ),
    );
    expect(side.fieldViolations.map((v) => v.field)).toEqual(['side']);
    const twice = await expectDomainError(
      h.client.adjustDutyCharges(
        {
          id: bySupplier,
          side: 'SUPPLIER',
          allowances: [
            { code: 'NIGHT_ALLOWANCE', amount: '1' },
            { code: 'NIGHT_ALLOWANCE', amount: '2' },
          ],
          reason: 'x',
        },
        everything,
      ),
    );
    expect(twice.fieldViolations.map((v) => v.field)).toEqual(['allowances.1.code']);
    expect(await totals(bySupplier)).toEqual(before);
  });
});
