// Fuel logs and vehicle expenses through the gateway over HTTP, as the web app calls them: two full-tank
// fills and the vehicle's km per litre (amounts arriving as Decimal), an odometer that goes back refused
// naming odometerKm with nothing recorded, an expense and the vehicle's cost per km, a person without the
// permission refused, and another operator seeing nothing.
import Decimal from 'decimal.js';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let viewer: ReturnType<GatewayHarness['client']>;
let other: ReturnType<GatewayHarness['client']>;
let vehicleId: string;
let stationId: string;

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await bootGateway();
  const { token } = await h.signIn(freshPhone(), { operatorName: 'Fuel Cabs' });
  owner = h.client(() => bearer(token));
  const { token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' });
  other = h.client(() => bearer(otherToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Fuel reader',
    permissions: ['view_vehicle_fuel'],
  });
  const viewerPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Vee Reader',
    phone: viewerPhone,
    permissionProfileId: profile.id,
  });
  const { token: viewerToken } = await h.signIn(viewerPhone);
  viewer = h.client(() => bearer(viewerToken));
  const group = await owner.masters.vehicle_group.create.mutate({ values: { name: 'SUV' } });
  vehicleId = (
    await owner.masters.vehicle.create.mutate({
      values: {
        vehicle_no: 'MH14GH4321',
        vehicle_model: 'Innova Crysta',
        vehicle_group_id: group.id,
        vehicle_fuel_type: 'DIESEL',
      },
    })
  ).id;
  stationId = (
    await owner.masters.fuel_station.create.mutate({
      values: { name: 'HP Baner Road', brand: 'HP', city_id: 'mh-pune', has_credit_account: true },
    })
  ).id;
}, 120_000);
afterAll(() => h?.close());

const fill = (over: Record<string, unknown> = {}) => ({
  fillDate: daysAgo(6),
  fillTime: '08:30',
  vehicleId,
  quantity: '45',
  amount: '4162.50',
  odometerKm: 52_000,
  fuelStationId: stationId,
  isFullTank: true,
  paymentMode: 'STATION_CREDIT' as const,
  ...over,
});

it('records two full-tank fills and shows the vehicle’s km per litre', async () => {
  const first = await owner.fuelLog.record.mutate(fill());
  expect([first.vehicleNo, first.stationName, first.rate, first.stretch]).toEqual([
    'MH14GH4321',
    'HP Baner Road',
    new Decimal('92.50'),
    null,
  ]);
  const second = await owner.fuelLog.record.mutate(
    fill({ fillDate: daysAgo(2), odometerKm: 52_630, quantity: '42', amount: '3885' }),
  );
  // 630 km on the 42 litres the second full tank took.
  expect(second.stretch).toEqual({
    km: 630,
    quantity: new Decimal('42'),
    amount: new Decimal('3885'),
    kmPerUnit: new Decimal('15'),
  });
  const report = await owner.fuelLog.mileage.query({ dateFrom: daysAgo(29), dateTo: today });
  expect(report.vehicles).toEqual([
    expect.objectContaining({
      vehicleNo: 'MH14GH4321',
      fills: 2,
      km: 630,
      kmPerUnit: new Decimal('15'),
      isLow: false,
    }),
  ]);
  const list = await owner.fuelLog.list.query({ vehicleIds: [vehicleId], limit: 1 });
  expect([list.fuelLogs.map((f) => f.id), list.hasMore]).toEqual([[second.id], true]);
  // The total is the filter's, both fills, though the page holds one; a later page carries none.
  expect(list.totals).toEqual({ fills: 2, amount: first.amount.plus(second.amount) });
  expect(
    (await owner.fuelLog.list.query({ vehicleIds: [vehicleId], cursor: list.nextCursor ?? undefined }))
      .totals,
  ).toBeNull();
});

it('refuses an odometer that goes back, or a bad field, naming it and recording nothing', async () => {
  const bad = async (call: Promise<unknown>) => {
    const error = await expectTrpcError(call);
    return [error.data?.code, Object.keys(error.data?.fieldErrors ?? {})];
  };
  expect(await bad(owner.fuelLog.record.mutate(fill({ fillDate: daysAgo(1), odometerKm: 52_100 })))).toEqual([
    'BAD_REQUEST',
    ['odometerKm'],
  ]);
  expect(await bad(owner.fuelLog.record.mutate(fill({ quantity: '4.12345' })))).toEqual([
    'BAD_REQUEST',
    ['quantity'],
  ]);
  expect(await bad(owner.fuelLog.record.mutate(fill({ notes: 'a\u0000b' })))).toEqual([
    'BAD_REQUEST',
    ['notes'],
  ]);
  expect(await bad(owner.fuelLog.record.mutate(fill({ vehicleId: 'x' })))).toEqual([
    'BAD_REQUEST',
    ['vehicleId'],
  ]);
  expect(await bad(owner.fuelLog.list.query({ cursor: '%%%' }))).toEqual(['BAD_REQUEST', ['cursor']]);
  expect((await owner.fuelLog.list.query({ vehicleIds: [vehicleId] })).fuelLogs).toHaveLength(2);
});

it('records an expense and totals the vehicle’s cost per km', async () => {
  const expense = await owner.vehicleExpense.record.mutate({
    expenseDate: daysAgo(3),
    vehicleId,
    category: 'TYRES',
    amount: '12000',
    gstAmount: '3360',
    vendor: 'Apollo Tyres Wakad',
    paymentMode: 'NEFT',
  });
  expect([expense.total, expense.odometerKm]).toEqual([new Decimal('15360'), null]);
  const costs = await owner.vehicleExpense.costs.query({ dateFrom: daysAgo(29), dateTo: today });
  expect(costs.vehicles).toEqual([
    expect.objectContaining({
      vehicleNo: 'MH14GH4321',
      fuelAmount: new Decimal('8047.5'),
      expenseTotal: new Decimal('15360'),
      km: 630,
      costPerKm: new Decimal('37.15'),
    }),
  ]);
  const error = await expectTrpcError(
    owner.vehicleExpense.record.mutate({
      expenseDate: today,
      vehicleId,
      category: 'SPA' as 'OTHER',
      amount: '1',
      paymentMode: 'CASH',
    }),
  );
  expect(Object.keys(error.data?.fieldErrors ?? {})).toEqual(['category']);
});

it('refuses a person without the permission, and shows another operator nothing', async () => {
  expect((await viewer.fuelLog.list.query({})).fuelLogs).toHaveLength(2);
  expect(
    (await expectTrpcError(viewer.fuelLog.record.mutate(fill({ fillDate: today, odometerKm: 53_000 })))).data
      ?.code,
  ).toBe('FORBIDDEN');
  expect((await expectTrpcError(viewer.vehicleExpense.list.query({}))).data?.code).toBe('FORBIDDEN');
  const [mine] = (await owner.fuelLog.list.query({})).fuelLogs;
  expect((await expectTrpcError(other.fuelLog.get.query({ id: mine!.id }))).data?.code).toBe('NOT_FOUND');
  expect((await other.fuelLog.list.query({})).fuelLogs).toEqual([]);
  expect((await other.vehicleExpense.list.query({})).expenses).toEqual([]);
});
