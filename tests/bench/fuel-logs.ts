// Fuel logs at production scale. On the product distributed as production runs it (a process per
// module, PostgreSQL and NATS), an operator signs up through the gateway; then BENCH_FILLS fills of
// BENCH_VEHICLES vehicles at 40 stations are written by SQL, one a day per vehicle back from today, the
// odometer running on, four in five a full tank; the full-to-full stretches are then worked out for every
// vehicle with the same window the service runs per vehicle (storage/vehicle-costs-store.ts). The list
// and the report read only billing's fuel logs, so the vehicles and stations are ids of their own here,
// not masters' records. Through the gateway, as the screens call them, at 1 and 32 concurrent clients:
//   fuelLog.list         the first page (newest first), a vehicle's, a station's month, a later page
//   fuelLog.mileage      every vehicle's fills and mileage over the last 30 days, against its 90 before
// p50, p95, calls per second and the CPU each call cost by process. Timings never fail the run; errors
// (and a report that disagrees with the rows it sums) do.
//
// Run: node --import tsx tests/bench/fuel-logs.ts
//   BENCH_FILLS (1000000)  BENCH_VEHICLES (1000)  BENCH_N (200) measured calls per figure;  BENCH_WARMUP (20)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { addCalendarDays, operatorDate } from '@fleet/domain';
import { type Database, rows } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import {
  type Figure,
  int,
  loadLine,
  machineLine,
  ms,
  secondsSince,
  settleTables,
  signUp,
  startDistributed,
  time as timeCalls,
  trpc,
} from './bench-kit';

const FILLS = Math.max(1000, int('BENCH_FILLS', 1_000_000));
const VEHICLES = Math.max(10, int('BENCH_VEHICLES', 1000));
const N = Math.max(32, int('BENCH_N', 200));
const WARMUP = int('BENCH_WARMUP', 20);
const STATIONS = 40;
const PHONE = '+919877700081';
const CODE = '975311';
const SECRET = `fuel-bench-internal-${randomUUID()}`;

/** The fills, then every vehicle's stretches, then statistics. */
async function seedFills(db: Database, tenantId: string, today: string) {
  const started = performance.now();
  const perVehicle = Math.ceil(FILLS / VEHICLES);
  await db.asOwner(async (tx) => {
    await tx.execute(sql`insert into billing.fuel_logs (id, tenant_id, fill_date, fill_time, filled_at, vehicle_id,
        vehicle_no, fuel_type, driver_id, driver_name, quantity, amount, odometer_km, fuel_station_id, station_name,
        is_full_tank, payment_mode, bill_no)
      select gen_random_uuid(), ${tenantId}::uuid, d.day, '09:30', (d.day + time '09:30') at time zone 'Asia/Kolkata',
        md5('vehicle-' || v)::uuid, 'MH12BN' || lpad(v::text, 4, '0'), 'DIESEL', null, '',
        q.litres, round(q.litres * 92.40, 2), 20000 + f * 180 + abs(hashtext(v || '-' || f)) % 90,
        md5('station-' || (v % ${STATIONS}))::uuid, 'Bench station ' || (v % ${STATIONS}), f % 5 <> 3, 'CASH', ''
      from generate_series(1, ${VEHICLES}) v
      cross join generate_series(0, ${perVehicle - 1}) f
      cross join lateral (select ${today}::date - (${perVehicle - 1} - f) as day) d
      cross join lateral (select round((11 + abs(hashtext(f || '-' || v)) % 400 / 100.0)::numeric, 3) as litres) q
      where (v - 1) * ${perVehicle} + f < ${FILLS}`);
    await tx.execute(sql`
      with fills as (
        select l.id, l.vehicle_id, l.is_full_tank, l.odometer_km, l.quantity, l.amount,
          count(*) filter (where l.is_full_tank) over before as stretch,
          max(l.odometer_km) filter (where l.is_full_tank) over before as opened_at_km
        from billing.fuel_logs l where l.tenant_id = ${tenantId}::uuid
        window before as (partition by l.vehicle_id order by l.filled_at, l.id
          rows between unbounded preceding and 1 preceding)),
      stretches as (
        select f.vehicle_id, f.stretch, sum(f.quantity) as quantity, sum(f.amount) as amount from fills f
        where f.stretch >= 1 group by f.vehicle_id, f.stretch)
      update billing.fuel_logs l set stretch_km = f.odometer_km - f.opened_at_km, stretch_quantity = s.quantity,
        stretch_amount = s.amount
      from fills f join stretches s on s.vehicle_id = f.vehicle_id and s.stretch = f.stretch
      where l.id = f.id and f.is_full_tank and f.stretch >= 1`);
  });
  const [counts] = await db.asOwner((tx) =>
    rows<{ fills: number; stretches: number }>(
      tx,
      sql`select count(*)::int as fills, count(stretch_km)::int as stretches from billing.fuel_logs`,
    ),
  );
  console.log(
    `seeded ${counts?.fills.toLocaleString('en-IN')} fills of ${VEHICLES} vehicles ` +
      `(${counts?.stretches.toLocaleString('en-IN')} closing a stretch) in ${secondsSince(started)} s`,
  );
}

const HEADER = `  ${'call'.padEnd(44)}  1 client: p50   p95   32 clients: p50   p95   per s   CPU ms per call: gateway / services / postgres`;

console.log(`fuel logs: ${machineLine()}`);
const product = await startDistributed({ secret: SECRET, env: { AUTH_TEST_OTP: `${PHONE}=${CODE}` } });
try {
  const { token, tenantId } = await signUp(product.base, PHONE, CODE, 'Fuel Cabs');
  const today = operatorDate(new Date());
  await seedFills(product.db, tenantId, today);
  await settleTables(product.url, ['billing.fuel_logs']);
  const [vehicle] = await product.db.asOwner((tx) =>
    rows<{ id: string }>(tx, sql`select md5('vehicle-42')::uuid as id`),
  );
  const station = (
    await product.db.asOwner((tx) => rows<{ id: string }>(tx, sql`select md5('station-7')::uuid as id`))
  )[0]!;
  const first = (await trpc(product.base, 'fuelLog.list', { limit: 50 }, token)) as { nextCursor?: string };
  const monthAgo = addCalendarDays(today, -30);
  // The report must agree with the rows it sums: km run over the stretches closed in the period.
  const report = (await trpc(
    product.base,
    'fuelLog.mileage',
    { dateFrom: addCalendarDays(today, -29) },
    token,
  )) as {
    vehicles: { km: number }[];
  };
  const [expected] = await product.db.asOwner((tx) =>
    rows<{ km: number }>(
      tx,
      sql`select coalesce(sum(stretch_km), 0)::int as km from billing.fuel_logs
          where fill_date between ${addCalendarDays(today, -29)}::date and ${today}::date`,
    ),
  );
  const reported = report.vehicles.reduce((sum, v) => sum + v.km, 0);
  if (reported !== expected?.km) throw new Error(`the report ran ${reported} km, the rows ${expected?.km}`);
  console.log(
    `the mileage report names ${report.vehicles.length} vehicles, ${reported.toLocaleString('en-IN')} km`,
  );
  const calls: [string, string, unknown][] = [
    ['fuelLog.list · first page', 'fuelLog.list', { limit: 50 }],
    ['fuelLog.list · second page', 'fuelLog.list', { limit: 50, cursor: first.nextCursor }],
    ['fuelLog.list · one vehicle', 'fuelLog.list', { limit: 50, vehicleIds: [vehicle!.id] }],
    [
      'fuelLog.list · one station, last month',
      'fuelLog.list',
      { limit: 50, fuelStationIds: [station.id], dateFrom: monthAgo, dateTo: today },
    ],
    ['fuelLog.mileage · every vehicle, 30 days', 'fuelLog.mileage', {}],
    ['fuelLog.mileage · one vehicle, 30 days', 'fuelLog.mileage', { vehicleIds: [vehicle!.id] }],
  ];
  console.log(`\nN=${N} calls per figure after ${WARMUP} unmeasured; times in ms`);
  console.log(HEADER);
  for (const [name, path, input] of calls) {
    const call = () => trpc(product.base, path, input, token);
    const one: Figure = await timeCalls(call, 1, product.cpu, { n: N, warmup: WARMUP });
    const many: Figure = await timeCalls(call, 32, product.cpu, { n: N, warmup: WARMUP });
    const cpu = ['gateway', 'services', 'postgres'].map((g) => (many.cpu[g] ?? 0).toFixed(2)).join(' / ');
    console.log(
      `  ${name.padEnd(44)} ${ms(one.p50).padStart(14)} ${ms(one.p95).padStart(5)}${ms(many.p50).padStart(17)} ` +
        `${ms(many.p95).padStart(5)} ${many.perSecond.toFixed(0).padStart(7)}   ${cpu}`,
    );
  }
} finally {
  await product.stop();
}
console.log(`\n${loadLine()} after the run`);
