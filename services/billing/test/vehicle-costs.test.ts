// Vehicle fuel and expenses against a real PostgreSQL and JetStream through billing's gRPC routes: the
// full-to-full mileage of worked examples, the stored stretches held to the domain's arithmetic by
// property through records, edits and deletes, the odometer kept in order, the low-mileage flag, a
// vehicle's cost per km, the events, row-level security and each procedure without its permission.
import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { amountOf, type Fill, fullToFull, PERMISSION, quantityOf } from '@fleet/domain';
import { type BusMessage, callAs, type Subscription } from '@fleet/platform';
import { FuelLogChangedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import type { FuelLogInput } from '@fleet/proto/fleet/billing/v1/vehicle_costs_pb';
import { expectDomainError } from '@fleet/testing';
import fc from 'fast-check';
import { type BillingHarness, bootBilling, type OperatorMasters, operatorMasters } from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;
let station: string;
let creditStation: string;
let subscription: Subscription;
const heard: BusMessage[] = [];

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
  station = await m.create('fuel_station', { name: 'HP Baner Road', brand: 'HP', city_id: 'mh-pune' });
  creditStation = await m.create('fuel_station', {
    name: 'IOCL Wakad',
    brand: 'Indian Oil',
    city_id: 'mh-pune',
    has_credit_account: true,
  });
  subscription = await h.testBus.bus.subscribe({
    durable: 'billing-vehicle-costs-test',
    subjects: ['fleet.billing.fuel_log.>', 'fleet.billing.vehicle_expense.>'],
    async deliver(message) {
      heard.push(message);
    },
  });
}, 60_000);
afterAll(async () => {
  await subscription?.stop();
  await h?.close();
});

const staff = () => callAs(h.callerFor(T, Object.values(PERMISSION)));
const without = (permission: string) =>
  callAs(
    h.callerFor(
      T,
      Object.values(PERMISSION).filter((p) => p !== permission),
    ),
  );

async function failsWith(call: Promise<unknown>, code: string, field?: string) {
  const error = await expectDomainError(call);
  expect([error.code, error.message]).toEqual([code, expect.any(String)]);
  if (field) expect(error.fieldViolations.map((v) => v.field)).toEqual([field]);
}

let vehicles = 0;
/** A vehicle of its own for a test, so fills of one test never meet another's. */
async function newVehicle(fuelType = 'DIESEL') {
  vehicles += 1;
  return m.create('vehicle', {
    vehicle_no: `MH12CD${String(2000 + vehicles)}`,
    vehicle_model: 'Innova Crysta',
    vehicle_group_id: m.sedan,
    vehicle_fuel_type: fuelType,
  });
}

type FillInput = Omit<FuelLogInput, '$typeName' | '$unknown'>;
const fillOf = (vehicleId: string, fill: Partial<FillInput>): Partial<FillInput> => ({
  vehicleId,
  fillDate: '2026-11-10',
  fillTime: '09:00',
  quantity: '40',
  amount: '3600',
  odometerKm: 10_000,
  fuelStationId: station,
  isFullTank: true,
  paymentMode: 'CASH',
  ...fill,
});
const record = async (vehicleId: string, fill: Partial<FillInput>) =>
  (await h.client.recordFuelLog({ fuelLog: fillOf(vehicleId, fill) }, staff())).fuelLog!;

const fillsOf = async (vehicleId: string) =>
  (await h.client.listFuelLogs({ vehicleIds: [vehicleId], page: { limit: 100, direction: 1 } }, staff()))
    .fuelLogs;

it('measures a vehicle’s mileage full to full, partial fills counting in the stretch they fall in', async () => {
  const vehicle = await newVehicle();
  await record(vehicle, { fillDate: '2026-11-02', odometerKm: 20_000, quantity: '45', amount: '4050' });
  const partial = await record(vehicle, {
    fillDate: '2026-11-05',
    odometerKm: 20_300,
    quantity: '20.500',
    amount: '1845',
    isFullTank: false,
  });
  const full = await record(vehicle, {
    fillDate: '2026-11-08',
    odometerKm: 20_700,
    quantity: '16',
    amount: '1440',
  });
  expect([partial.stretchKm, partial.kmPerUnit, partial.rate]).toEqual([0, '', '90.00']);
  // 20,000 → 20,700 took 20.5 + 16 litres: 700 ÷ 36.5 = 19.18 km/l, ₹3,285 ÷ 700 km.
  expect(full).toMatchObject({
    stretchKm: 700,
    stretchQuantity: '36.500',
    stretchAmount: '3285.00',
    kmPerUnit: '19.18',
    vehicleNo: 'MH12CD2001',
    fuelType: 'DIESEL',
    stationName: 'HP Baner Road',
  });
  const report = await h.client.getMileageReport(
    { dateFrom: '2026-11-01', dateTo: '2026-11-24', vehicleIds: [vehicle] },
    staff(),
  );
  expect(report.vehicles).toEqual([
    expect.objectContaining({
      vehicleNo: 'MH12CD2001',
      fills: 3,
      quantity: '81.500',
      amount: '7335.00',
      km: 700,
      measuredQuantity: '36.500',
      measuredAmount: '3285.00',
      kmPerUnit: '19.18',
      costPerKm: '4.69',
      isLow: false,
    }),
  ]);
  expect(report.lowRule).toContain('85%');
  const events = await heardFor(full.id, 1);
  expect(events.map((e) => e.subject)).toEqual(['fleet.billing.fuel_log.recorded']);
});

async function heardFor(fuelLogId: string, count: number) {
  const deadline = Date.now() + 10_000;
  const matching = () =>
    heard.filter(
      (e) =>
        e.subject.startsWith('fleet.billing.fuel_log.') &&
        fromBinary(FuelLogChangedSchema, e.data).fuelLog?.id === fuelLogId,
    );
  while (matching().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return matching();
}

it('keeps the odometer in order with the fills before and after, naming odometerKm and changing nothing', async () => {
  const vehicle = await newVehicle();
  await record(vehicle, { fillDate: '2026-11-01', odometerKm: 10_000 });
  const later = await record(vehicle, { fillDate: '2026-11-03', odometerKm: 10_600 });
  await failsWith(
    h.client.recordFuelLog(
      { fuelLog: fillOf(vehicle, { fillDate: '2026-11-02', odometerKm: 10_700 }) },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'odometerKm',
  );
  await failsWith(
    h.client.recordFuelLog(
      { fuelLog: fillOf(vehicle, { fillDate: '2026-11-02', odometerKm: 9_999 }) },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'odometerKm',
  );
  await failsWith(
    h.client.updateFuelLog(
      {
        id: later.id,
        version: later.version,
        fuelLog: fillOf(vehicle, { fillDate: '2026-11-03', odometerKm: 9_000 }),
      },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'odometerKm',
  );
  expect((await fillsOf(vehicle)).map((f) => f.odometerKm)).toEqual([10_000, 10_600]);
  await record(vehicle, { fillDate: '2026-11-02', odometerKm: 10_300, isFullTank: false });
  expect((await fillsOf(vehicle)).map((f) => f.odometerKm)).toEqual([10_000, 10_300, 10_600]);
});

it('holds the stored stretches to the domain’s full-to-full arithmetic through records, edits and deletes', async () => {
  const step = fc.record({
    action: fc.constantFrom('record', 'record', 'record', 'edit', 'delete'),
    km: fc.integer({ min: 0, max: 600 }),
    litres: fc.integer({ min: 1, max: 60_000 }),
    full: fc.boolean(),
    pick: fc.nat(),
  });
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 10 }), async (steps) => {
      const vehicle = await newVehicle();
      let odometer = 50_000;
      let day = 0;
      for (const s of steps) {
        const fills = await fillsOf(vehicle);
        const target = fills[s.pick % Math.max(fills.length, 1)];
        if (s.action === 'delete' && target) {
          await h.client.deleteFuelLog({ id: target.id, version: target.version }, staff());
        } else if (s.action === 'edit' && target) {
          await h.client.updateFuelLog(
            {
              id: target.id,
              version: target.version,
              fuelLog: fillOf(vehicle, {
                fillDate: target.fillDate,
                fillTime: target.fillTime,
                odometerKm: target.odometerKm,
                quantity: (s.litres / 1000).toFixed(3),
                amount: '1000',
                isFullTank: s.full,
              }),
            },
            staff(),
          );
        } else {
          odometer += s.km;
          day += 1;
          await record(vehicle, {
            fillDate: `2026-10-${String(day).padStart(2, '0')}`,
            odometerKm: odometer,
            quantity: (s.litres / 1000).toFixed(3),
            amount: String(100 + s.km),
            isFullTank: s.full,
          });
        }
      }
      const stored = await fillsOf(vehicle);
      const oracle = fullToFull(
        stored.map(
          (f): Fill => ({
            odometerKm: f.odometerKm,
            units: quantityOf(f.quantity, 'quantity'),
            amountPaise: amountOf(f.amount, 'amount'),
            isFullTank: f.isFullTank,
          }),
        ),
      );
      const expected = stored.map((_, i) => {
        const stretch = oracle.find((o) => o.endsAt === i);
        return stretch ? [stretch.km, (Number(stretch.units) / 1000).toFixed(3)] : [0, ''];
      });
      expect(stored.map((f) => [f.stretchKm, f.stretchQuantity])).toEqual(expected);
    }),
    { numRuns: 8 },
  );
}, 120_000);

it('flags a vehicle whose mileage fell below 85% of its own over the 90 days before', async () => {
  const poor = await newVehicle();
  const good = await newVehicle();
  for (const [vehicle, periodKm] of [
    [poor, 440], // 11 km/l in November
    [good, 580], // 14.5 km/l
  ] as const) {
    // 15 km/l in September and October: 600 km on 40 litres.
    await record(vehicle, { fillDate: '2026-09-01', odometerKm: 1_000 });
    await record(vehicle, { fillDate: '2026-09-15', odometerKm: 1_600 });
    await record(vehicle, { fillDate: '2026-10-15', odometerKm: 2_200 });
    await record(vehicle, { fillDate: '2026-11-15', odometerKm: 2_200 + periodKm });
  }
  const report = await h.client.getMileageReport(
    { dateFrom: '2026-11-01', dateTo: '2026-11-24', vehicleIds: [poor, good] },
    staff(),
  );
  const byId = new Map(report.vehicles.map((v) => [v.vehicleId, v]));
  expect([byId.get(poor)?.kmPerUnit, byId.get(poor)?.baselineKmPerUnit, byId.get(poor)?.isLow]).toEqual([
    '11.00',
    '15.00',
    true,
  ]);
  expect([byId.get(good)?.kmPerUnit, byId.get(good)?.isLow]).toEqual(['14.50', false]);
  expect(report.baselineFrom).toBe('2026-08-03');
});

it('refuses what cannot be a fill, naming the field', async () => {
  const vehicle = await newVehicle();
  const bad = (fill: Partial<FillInput>, field: string) =>
    failsWith(h.client.recordFuelLog({ fuelLog: fillOf(vehicle, fill) }, staff()), 'INVALID_ARGUMENT', field);
  await bad({ quantity: 'forty' }, 'quantity');
  await bad({ quantity: '40.1234' }, 'quantity');
  await bad({ amount: '0' }, 'amount');
  await bad({ fillDate: '2026-11-25' }, 'fillDate');
  await bad({ fillTime: '25:00' }, 'fillTime');
  await bad({ odometerKm: -5 }, 'odometerKm');
  await bad({ fuelStationId: '', stationName: '' }, 'stationName');
  await bad({ paymentMode: 'STATION_CREDIT' }, 'paymentMode');
  await bad({ paymentMode: 'BARTER' }, 'paymentMode');
  // NUL is refused before billing reads the message, by the field's path in it.
  await bad({ notes: 'a\0b' }, 'fuelLog.notes');
  await bad({ vehicleId: randomUUID() }, 'vehicleId');
  await bad({ vehicleId: 'not-an-id' }, 'vehicleId');
  await bad({ driverId: randomUUID() }, 'driverId');
  expect(await fillsOf(vehicle)).toEqual([]);
  // A station typed by name, and credit at a station that gives it.
  const typed = await record(vehicle, { fuelStationId: '', stationName: 'Highway pump near Lonavala' });
  const credit = await record(vehicle, {
    fillDate: '2026-11-11',
    odometerKm: 10_400,
    fuelStationId: creditStation,
    paymentMode: 'STATION_CREDIT',
  });
  expect([typed.stationName, typed.fuelStationId, credit.stationName]).toEqual([
    'Highway pump near Lonavala',
    '',
    'IOCL Wakad',
  ]);
  await failsWith(
    h.client.updateFuelLog(
      { id: typed.id, version: typed.version + 1, fuelLog: fillOf(vehicle, {}) },
      staff(),
    ),
    'CONFLICT',
  );
});

it('totals a vehicle’s fuel and expenses and what it cost per km', async () => {
  const vehicle = await newVehicle();
  await record(vehicle, { fillDate: '2026-10-30', odometerKm: 30_000, amount: '3000' });
  await record(vehicle, { fillDate: '2026-11-05', odometerKm: 30_500, amount: '3500' });
  await record(vehicle, { fillDate: '2026-11-20', odometerKm: 31_000, amount: '3600' });
  const expense = (
    await h.client.recordVehicleExpense(
      {
        expense: {
          expenseDate: '2026-11-12',
          vehicleId: vehicle,
          category: 'SERVICE',
          amount: '2000',
          gstAmount: '360',
          odometerKm: '30700',
          vendor: 'Sai Service Baner',
          billNo: 'SS/2211',
          paymentMode: 'NEFT',
        },
      },
      staff(),
    )
  ).expense!;
  expect([expense.total, expense.vehicleNo, expense.hasOdometer]).toEqual([
    '2360.00',
    expect.any(String),
    true,
  ]);
  const toll = (
    await h.client.recordVehicleExpense(
      {
        expense: {
          expenseDate: '2026-11-13',
          vehicleId: vehicle,
          category: 'PARKING_TOLL',
          amount: '140',
          paymentMode: 'CASH',
        },
      },
      staff(),
    )
  ).expense!;
  const costs = await h.client.getVehicleCosts(
    { dateFrom: '2026-11-01', dateTo: '2026-11-24', vehicleIds: [vehicle] },
    staff(),
  );
  // The odometer ran 31,000 − 30,000 (its last reading before November) = 1,000 km.
  expect(costs.vehicles).toEqual([
    expect.objectContaining({
      fills: 2,
      fuelAmount: '7100.00',
      expenses: 2,
      expenseTotal: '2500.00',
      total: '9600.00',
      km: 1_000,
      fuelPerKm: '7.10',
      costPerKm: '9.60',
      byCategory: [
        expect.objectContaining({ category: 'SERVICE', total: '2360.00' }),
        expect.objectContaining({ category: 'PARKING_TOLL', total: '140.00' }),
      ],
    }),
  ]);
  expect(costs.total?.total).toBe('9600.00');
  const edited = await h.client.updateVehicleExpense(
    {
      id: toll.id,
      version: toll.version,
      expense: {
        expenseDate: '2026-11-13',
        vehicleId: vehicle,
        category: 'PARKING_TOLL',
        amount: '160',
        paymentMode: 'CASH',
      },
    },
    staff(),
  );
  expect(edited.expense?.total).toBe('160.00');
  await failsWith(h.client.deleteVehicleExpense({ id: toll.id, version: toll.version }, staff()), 'CONFLICT');
  await h.client.deleteVehicleExpense({ id: toll.id, version: edited.expense!.version }, staff());
  const list = await h.client.listVehicleExpenses({ vehicleIds: [vehicle] }, staff());
  expect(list.expenses.map((e) => e.category)).toEqual(['SERVICE']);
  const searched = await h.client.listVehicleExpenses({ search: 'sai serv' }, staff());
  expect(searched.expenses.map((e) => e.id)).toEqual([expense.id]);
  await failsWith(
    h.client.recordVehicleExpense(
      {
        expense: {
          vehicleId: vehicle,
          category: 'SERVICE',
          amount: '100',
          gstAmount: '500',
          paymentMode: 'CASH',
        },
      },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'gstAmount',
  );
  await failsWith(
    h.client.recordVehicleExpense(
      { expense: { vehicleId: vehicle, category: 'SPA', amount: '100', paymentMode: 'CASH' } },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'category',
  );
});

it('pages fuel logs by cursor, newest first, filtered by station and dates', async () => {
  const vehicle = await newVehicle();
  for (let day = 1; day <= 5; day += 1) {
    await record(vehicle, {
      fillDate: `2026-11-0${day}`,
      odometerKm: 40_000 + day * 100,
      fuelStationId: day % 2 === 0 ? creditStation : station,
    });
  }
  const first = await h.client.listFuelLogs({ vehicleIds: [vehicle], page: { limit: 2 } }, staff());
  expect(first.fuelLogs.map((f) => f.fillDate)).toEqual(['2026-11-05', '2026-11-04']);
  const second = await h.client.listFuelLogs(
    { vehicleIds: [vehicle], page: { limit: 2, cursor: first.page!.nextCursor } },
    staff(),
  );
  expect(second.fuelLogs.map((f) => f.fillDate)).toEqual(['2026-11-03', '2026-11-02']);
  const atCredit = await h.client.listFuelLogs(
    { vehicleIds: [vehicle], fuelStationIds: [creditStation], dateFrom: '2026-11-03', dateTo: '2026-11-05' },
    staff(),
  );
  expect(atCredit.fuelLogs.map((f) => f.fillDate)).toEqual(['2026-11-04']);
  await failsWith(h.client.listFuelLogs({ page: { cursor: 'garbage' } }, staff()), 'INVALID_ARGUMENT');
});

it('totals every fill the filter matches, not just the page, to the paisa', async () => {
  const vehicle = await newVehicle();
  const amounts = ['1803.10', '2250.55', '999.99', '3000.00', '1200.36'];
  for (const [i, amount] of amounts.entries()) {
    await record(vehicle, {
      fillDate: `2026-11-0${i + 1}`,
      odometerKm: 50_000 + i * 100,
      amount,
      fuelStationId: i % 2 === 0 ? station : creditStation,
    });
  }
  const first = await h.client.listFuelLogs({ vehicleIds: [vehicle], page: { limit: 2 } }, staff());
  expect(first.fuelLogs).toHaveLength(2);
  expect(first.totals).toMatchObject({ fills: 5n, amount: '9254.00' });
  // The filter's, not the page's: the credit station's fills of 2 to 4 November.
  const filtered = await h.client.listFuelLogs(
    {
      vehicleIds: [vehicle],
      fuelStationIds: [creditStation],
      dateFrom: '2026-11-02',
      dateTo: '2026-11-04',
      page: { limit: 1 },
    },
    staff(),
  );
  expect(filtered.totals).toMatchObject({ fills: 2n, amount: '5250.55' });
  // Nothing matched: nought, not nothing.
  const none = await h.client.listFuelLogs({ vehicleIds: [vehicle], dateFrom: '2026-12-01' }, staff());
  expect(none.totals).toMatchObject({ fills: 0n, amount: '0.00' });
});

it('keeps each operator’s fills and expenses its own', async () => {
  const vehicle = await newVehicle();
  const mine = await record(vehicle, {});
  const other = callAs(h.callerFor(randomUUID(), Object.values(PERMISSION)));
  expect((await h.client.listFuelLogs({}, other)).fuelLogs).toEqual([]);
  expect((await h.client.listVehicleExpenses({}, other)).expenses).toEqual([]);
  expect((await h.client.getMileageReport({}, other)).vehicles).toEqual([]);
  await failsWith(h.client.getFuelLog({ id: mine.id }, other), 'NOT_FOUND');
  await failsWith(h.client.deleteFuelLog({ id: mine.id, version: mine.version }, other), 'NOT_FOUND');
  // The positive case: the owner sees it.
  expect((await h.client.getFuelLog({ id: mine.id }, staff())).fuelLog?.id).toBe(mine.id);
});

it('asks each procedure’s permission', async () => {
  const vehicle = await newVehicle();
  const fill = await record(vehicle, {});
  const denied = (call: Promise<unknown>) => failsWith(call, 'PERMISSION_DENIED');
  const viewFuel = without(PERMISSION.view_vehicle_fuel);
  const manageFuel = without(PERMISSION.manage_vehicle_fuel);
  const viewExpense = without(PERMISSION.view_vehicle_expense);
  const manageExpense = without(PERMISSION.manage_vehicle_expense);
  const expense = { vehicleId: vehicle, category: 'OTHER', amount: '10', paymentMode: 'CASH' };
  await denied(h.client.listFuelLogs({}, viewFuel));
  await denied(h.client.getFuelLog({ id: fill.id }, viewFuel));
  await denied(h.client.getMileageReport({}, viewFuel));
  await denied(h.client.recordFuelLog({ fuelLog: fillOf(vehicle, { fillDate: '2026-11-11' }) }, manageFuel));
  await denied(h.client.updateFuelLog({ id: fill.id, fuelLog: fillOf(vehicle, {}) }, manageFuel));
  await denied(h.client.deleteFuelLog({ id: fill.id }, manageFuel));
  await denied(h.client.listVehicleExpenses({}, viewExpense));
  await denied(h.client.getVehicleExpense({ id: fill.id }, viewExpense));
  await denied(h.client.getVehicleCosts({}, viewExpense));
  await denied(h.client.recordVehicleExpense({ expense }, manageExpense));
  await denied(h.client.updateVehicleExpense({ id: fill.id, expense }, manageExpense));
  await denied(h.client.deleteVehicleExpense({ id: fill.id }, manageExpense));
  expect((await fillsOf(vehicle)).map((f) => f.id)).toEqual([fill.id]);
});
