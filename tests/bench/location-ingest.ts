// Location tracking at fleet scale. On the product distributed as production runs it (a process per
// module, PostgreSQL and NATS), an operator signs up through the gateway and adds BENCH_DRIVERS driver
// masters, each of whom signs in to the driver app (identity makes their accounts from masters' events)
// and is on a running duty today. Then, all through the gateway over HTTP as the apps call it:
//   seeding   BENCH_SEED_DAYS past days of every driver's duty (BENCH_POINTS_PER_DUTY points each, a
//             point every 5 s) written in SQL straight into monthly partitions (loaded without indexes,
//             then attached, which builds them), spread over three months
//   ingest    every driver posts a batch of BENCH_BATCH_POINTS points every BENCH_INTERVAL_MS (the phone's
//             few seconds, compressed) for BENCH_SECONDS: points per second accepted, p50/p95/p99 of a
//             batch, errors, CPU per point by process; then BENCH_MAX_SECONDS back to back, for the ceiling
//   live map  tracking.live for all drivers at 1 and 8 clients, beside its bare SQL
//   route     tracking.route of a seeded duty (and of one running now), beside its bare SQL and its plan
// Timings never fail the run; errors in the query figures do. Targets (the issue's): ingest ≥ 2,000
// points/s sustained, live map p95 ≤ 50 ms.
//
// Run: node --import tsx tests/bench/location-ingest.ts
//   BENCH_DRIVERS (500)  BENCH_BATCH_POINTS (10)  BENCH_INTERVAL_MS (2000)  BENCH_SECONDS (60)
//   BENCH_WARM_SECONDS (15) the same load first, unmeasured (JIT, pools, caches)
//   BENCH_MAX_SECONDS (20, 0 to skip)  BENCH_SEED_DAYS (7)  BENCH_POINTS_PER_DUTY (5760: 8 h at 5 s)
//   BENCH_N (200) measured calls per query figure;  BENCH_WARMUP (20)
//   BENCH_ONLY (unset)  ingest: skip the query figures
//   BENCH_PROFILE  a folder: each module writes its CPU profiles (node --cpu-prof) into <folder>/<module>/
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { EARTH_RADIUS_KM } from '@fleet/domain';
import { createPostgresDatabase, type Database, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { livePositions, routePoints } from '../../services/bookings/src/storage/location-store';
import { trpcMutate } from '../support/trpc-client';
import {
  type CpuMeter,
  type Distributed,
  type Figure,
  int,
  loadLine,
  machineLine,
  ms,
  quantile,
  secondsSince,
  setup,
  signUp,
  startDistributed,
  time as timeCalls,
  trpc,
} from './bench-kit';

const DRIVERS = Math.max(1, int('BENCH_DRIVERS', 500));
const BATCH = Math.max(1, int('BENCH_BATCH_POINTS', 10));
const INTERVAL_MS = int('BENCH_INTERVAL_MS', 2000);
const SECONDS = Math.max(1, int('BENCH_SECONDS', 60));
const MAX_SECONDS = int('BENCH_MAX_SECONDS', 20);
const WARM_SECONDS = int('BENCH_WARM_SECONDS', 15);
const SEED_DAYS = int('BENCH_SEED_DAYS', 7);
const POINTS_PER_DUTY = Math.max(2, int('BENCH_POINTS_PER_DUTY', 5760));
const N = Math.max(8, int('BENCH_N', 200));
const WARMUP = int('BENCH_WARMUP', 20);
const ONLY_INGEST = process.env.BENCH_ONLY === 'ingest';
const PROFILE = process.env.BENCH_PROFILE;
const CODE = '246810';
const OWNER_PHONE = '+919877700021';
const driverPhone = (k: number) => `+9198600${String(k).padStart(5, '0')}`;
const SECRET = `location-bench-internal-${randomUUID()}`;
/** Days before today the seeded duties ran on: over three months, most recent first. */
const SEED_OFFSETS = [1, 8, 15, 29, 36, 50, 64, 71, 78, 85].slice(0, SEED_DAYS);

const time = (call: () => Promise<unknown>, concurrency: number, meter: CpuMeter) =>
  timeCalls(call, concurrency, meter, { n: N, warmup: WARMUP });

const cpuLine = (cpu: Record<string, number>, per: string) =>
  `CPU ms per ${per}: ${['gateway', 'services', 'postgres', 'client'].map((g) => (cpu[g] ?? 0).toFixed(2)).join(' / ')} (gateway / services / postgres / client)`;

interface Verdict {
  target: string;
  met: boolean;
  figure: string;
}
const verdicts: Verdict[] = [];

// ── the fleet ────────────────────────────────────────────────────────────────────────────────────

interface Fleet {
  product: Distributed;
  ownerToken: string;
  tenantId: string;
  drivers: { id: string; token: string; bookingId: string }[];
}

/** `work` over `items`, `concurrency` at a time. */
async function inTurns<T, R>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

async function signInDriver(base: string, phone: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const asked = await trpcMutate(base, 'auth.requestOtp', { phone, app: 'DRIVER' });
    if (asked.status === 200) break;
    // The account comes with masters' event; until then the phone is no driver's.
    if (asked.status !== 412 || Date.now() > deadline)
      throw new Error(`requestOtp for ${phone} answered ${asked.status}: ${JSON.stringify(asked.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { token } = (await setup(
    base,
    'auth.verifyOtp',
    { phone, code: CODE, app: 'DRIVER' },
    undefined,
    'POST',
  )) as {
    token: string;
  };
  return token;
}

async function makeFleet(product: Distributed): Promise<Fleet> {
  const started = performance.now();
  const { token: ownerToken, tenantId } = await signUp(product.base, OWNER_PHONE, CODE, 'Bench Fleet');
  const driverIds = await inTurns(
    Array.from({ length: DRIVERS }, (_, k) => k),
    8,
    async (k) =>
      (
        (await setup(
          product.base,
          'masters.driver.create',
          { values: { name: `Driver ${String(k).padStart(3, '0')}`, phone: driverPhone(k) } },
          ownerToken,
          'POST',
        )) as { id: string }
      ).id,
  );
  console.log(`  ${DRIVERS} driver masters made in ${secondsSince(started)} s`);
  const tokens = await inTurns(driverIds, 8, (_, k) => signInDriver(product.base, driverPhone(k)));
  console.log(`  ${DRIVERS} drivers signed in to the driver app by ${secondsSince(started)} s`);
  // Each on a duty running now: written in SQL (the board's benchmark measures taking bookings).
  const today = await product.db.asOwner((tx) =>
    rows<{ id: string; driver: string }>(
      tx,
      sql`with drivers as (
            select d.id::uuid as driver_id, d.k::int as k
            from jsonb_to_recordset(${JSON.stringify(driverIds.map((id, k) => ({ id, k })))}::jsonb) as d(id text, k int)
          )
          insert into bookings.bookings (id, tenant_id, booking_no, status, customer_id, from_city_id, vehicle_group_id,
            duty_type_id, reporting_at, start_date, alloted_driver_id, vehicle_no, driver_name, driver_phone)
          select gen_random_uuid(), ${tenantId}::uuid, 1000000 + k, 'DRIVER_DUTY_START', gen_random_uuid(), 'mh-pune',
            gen_random_uuid(), gen_random_uuid(), now() - interval '2 hours', current_date, driver_id,
            'MH12BN' || lpad(k::text, 4, '0'), 'Driver ' || lpad(k::text, 3, '0'), '+9198600' || lpad(k::text, 5, '0')
          from drivers
          returning id, alloted_driver_id::text as driver`,
    ),
  );
  const bookingOf = new Map(today.map((b) => [b.driver, b.id]));
  return {
    product,
    ownerToken,
    tenantId,
    drivers: driverIds.map((id, k) => ({ id, token: tokens[k]!, bookingId: bookingOf.get(id)! })),
  };
}

// ── seeding the history ─────────────────────────────────────────────────────────────────────────

/**
 * SEED_DAYS past days of a duty per driver, POINTS_PER_DUTY points each, 5 s apart from 09:00 in
 * Kolkata, written month by month into a fresh partition table (ordered by time, as live ingest
 * interleaves drivers) that is then attached, so its indexes are built once rather than row by row.
 */
async function seedHistory(fleet: Fleet) {
  if (SEED_DAYS === 0) return { rows: 0, months: [] as string[], sampleDuty: undefined };
  const client = new pg.Client({ connectionString: fleet.product.url });
  await client.connect();
  const started = performance.now();
  try {
    await client.query(`set maintenance_work_mem = '1GB'; set synchronous_commit = off; set time zone 'UTC'`);
    const drivers = JSON.stringify(fleet.drivers.map((d, k) => ({ id: d.id, k })));
    await client.query(
      `create temp table seed_duties as
       select o.n as day_no, d.k, d.id::uuid as driver_id, gen_random_uuid() as booking_id,
         ((current_date - o.off) + time '09:00') at time zone 'Asia/Kolkata' as starts_at
       from unnest($1::int[]) with ordinality as o(off, n), jsonb_to_recordset($2::jsonb) as d(id text, k int)`,
      [SEED_OFFSETS, drivers],
    );
    await client.query(
      `insert into bookings.bookings (id, tenant_id, booking_no, status, customer_id, from_city_id, vehicle_group_id,
         duty_type_id, reporting_at, start_date, ends_at, alloted_driver_id, vehicle_no, driver_name, driver_phone)
       select booking_id, $1, day_no * 10000 + k, 'CLOSED', gen_random_uuid(), 'mh-pune', gen_random_uuid(),
         gen_random_uuid(), starts_at, (starts_at at time zone 'Asia/Kolkata')::date, starts_at + interval '8 hours',
         driver_id, 'MH12BN' || lpad(k::text, 4, '0'), 'Driver ' || lpad(k::text, 3, '0'), '+9198600' || lpad(k::text, 5, '0')
       from seed_duties`,
      [fleet.tenantId],
    );
    await client.query(
      `insert into bookings.duty_tracks (tenant_id, booking_id, first_at, last_at, points)
       select $1, booking_id, starts_at, starts_at + ($2 - 1) * interval '5 seconds', $2 from seed_duties`,
      [fleet.tenantId, POINTS_PER_DUTY],
    );
    await client.query(
      `create temp table seed_days as
       select day_no, min(starts_at) as starts_at, to_char(min(starts_at), 'YYYY_MM') as month,
         array_agg(driver_id order by k) as drivers, array_agg(booking_id order by k) as bookings,
         array_agg(k order by k) as ks
       from seed_duties group by day_no`,
    );
    const { rows: months } = await client.query<{ month: string; first: string; last: string }>(
      `select month, min(starts_at)::text as first, max(starts_at)::text as last from seed_days group by month order by month`,
    );
    let total = 0;
    for (const { month, first, last } of months) {
      const t0 = performance.now();
      const name = `location_points_${month}`;
      await client.query(`select bookings.ensure_location_partitions($1::timestamptz, $2::timestamptz)`, [
        first,
        last,
      ]);
      // The empty partition made at start gives way to one loaded without indexes.
      await client.query(`alter table bookings.location_points detach partition bookings.${name}`);
      await client.query(`drop table bookings.${name}`);
      await client.query(
        `create table bookings.${name} (like bookings.location_points including defaults including constraints)`,
      );
      const loaded = await client.query(
        `insert into bookings.${name} (tenant_id, driver_id, booking_id, recorded_at, latitude, longitude,
           accuracy_m, speed_kmh, heading_deg, received_at)
         select $1, u.driver_id, u.booking_id, dd.starts_at + s * interval '5 seconds',
           18.40 + (u.k % 50) * 0.004 + s * 0.0004, 73.70 + (u.k / 50) * 0.004 + 0.0003 * sin(s / 60.0),
           4 + (s % 7), 32, 0, dd.starts_at + s * interval '5 seconds' + interval '2 seconds'
         from seed_days dd
           cross join lateral generate_series(0, $2 - 1) s
           cross join lateral unnest(dd.drivers, dd.bookings, dd.ks) as u(driver_id, booking_id, k)
         where dd.month = $3`,
        [fleet.tenantId, POINTS_PER_DUTY, month],
      );
      const t1 = performance.now();
      await client.query(`alter table bookings.${name} enable row level security`);
      await client.query(`alter table bookings.${name} force row level security`);
      await client.query(`create policy tenant_isolation on bookings.${name} to fleet_app
        using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
        with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)`);
      await client.query(
        `create policy system_access on bookings.${name} to fleet_system using (true) with check (true)`,
      );
      const [year, monthNo] = month.split('_').map(Number) as [number, number];
      const from = new Date(Date.UTC(year, monthNo - 1, 1)).toISOString();
      const to = new Date(Date.UTC(year, monthNo, 1)).toISOString();
      await client.query(
        `alter table bookings.location_points attach partition bookings.${name} for values from ('${from}') to ('${to}')`,
      );
      await client.query(`analyze bookings.${name}`);
      total += loaded.rowCount ?? 0;
      console.log(
        `    ${month}: ${loaded.rowCount} points loaded in ${((t1 - t0) / 1000).toFixed(1)} s, indexed and analyzed in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
      );
    }
    await client.query(`analyze bookings.bookings; analyze bookings.duty_tracks`);
    const { rows: sample } = await client.query<{ booking_id: string }>(
      `select booking_id::text from seed_duties where day_no = $1 order by k limit 1 offset $2`,
      [Math.min(4, SEED_OFFSETS.length), Math.floor(DRIVERS / 2)],
    );
    const { rows: size } = await client.query<{ bytes: string }>(
      `select sum(pg_total_relation_size(inhrelid))::text as bytes from pg_inherits
       where inhparent = 'bookings.location_points'::regclass`,
    );
    console.log(
      `  seeded ${total} points (${SEED_DAYS} days × ${DRIVERS} drivers × ${POINTS_PER_DUTY}) over ${months.length} months in ${secondsSince(started)} s; the partitions hold ${(Number(size[0]?.bytes ?? 0) / 2 ** 30).toFixed(2)} GiB with their indexes`,
    );
    return { rows: total, months: months.map((m) => m.month), sampleDuty: sample[0]?.booking_id };
  } finally {
    await client.end();
  }
}

// ── ingest ──────────────────────────────────────────────────────────────────────────────────────

interface IngestResult {
  seconds: number;
  batches: number;
  points: number;
  errors: Map<string, number>;
  samples: number[];
  perWindow: number[];
  cpu: Record<string, number>;
}

/** How far north a car at 36 km/h goes in `ms`, in degrees of latitude. */
const degreesNorth = (ms: number) => ((ms * 36) / 3_600_000 / (Math.PI * EARTH_RADIUS_KM)) * 180;

/**
 * Every driver posts a batch every `intervalMs` (0: back to back) for `seconds`: points taken at even
 * steps since the driver's previous batch, along a road north at city speed.
 */
async function ingest(fleet: Fleet, seconds: number, intervalMs: number): Promise<IngestResult> {
  const { base } = fleet.product;
  const samples: number[] = [];
  const errors = new Map<string, number>();
  const windows = new Map<number, number>();
  let batches = 0;
  let points = 0;
  const cpuBefore = fleet.product.cpu();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const position = new Map<string, { latitude: number; at: number }>();
  await Promise.all(
    fleet.drivers.map(async (driver, k) => {
      const headers = { authorization: `Bearer ${driver.token}` };
      const phase = intervalMs ? (k / fleet.drivers.length) * intervalMs : 0;
      await new Promise((resolve) => setTimeout(resolve, phase));
      let slot = performance.now();
      let last = position.get(driver.id) ?? {
        latitude: 18.4 + (k % 50) * 0.004,
        at: Date.now() - intervalMs - 1000,
      };
      while (performance.now() < deadline) {
        const now = Date.now();
        const step = Math.max(1, Math.floor((now - last.at) / BATCH));
        const batch = Array.from({ length: BATCH }, (_, i) => ({
          bookingId: driver.bookingId,
          at: new Date(last.at + (i + 1) * step),
          latitude: last.latitude + degreesNorth((i + 1) * step),
          longitude: 73.7 + Math.floor(k / 50) * 0.004,
          accuracyM: 5,
          speedKmh: 36,
          headingDeg: 0,
        }));
        const t0 = performance.now();
        try {
          const answer = await trpcMutate(base, 'tracking.record', { points: batch }, headers);
          if (answer.status === 200) {
            const fresh = (answer.body.result?.data as { newPoints?: number } | undefined)?.newPoints ?? 0;
            points += fresh;
            const window = Math.floor((performance.now() - started) / 5000);
            windows.set(window, (windows.get(window) ?? 0) + fresh);
          } else {
            const key = `${answer.status} ${answer.body.error?.message ?? ''}`.slice(0, 120);
            errors.set(key, (errors.get(key) ?? 0) + 1);
          }
        } catch (error) {
          const key = `network: ${(error as Error).message}`.slice(0, 120);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
        samples.push(performance.now() - t0);
        batches += 1;
        const lastPoint = batch.at(-1)!;
        last = { latitude: lastPoint.latitude, at: lastPoint.at.getTime() };
        slot += intervalMs;
        if (slot >= deadline) break;
        const wait = slot - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        else slot = performance.now();
      }
      position.set(driver.id, last);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = fleet.product.cpu();
  samples.sort((a, b) => a - b);
  const full = Math.floor((seconds * 1000) / 5000);
  return {
    seconds: elapsed,
    batches,
    points,
    errors,
    samples,
    perWindow: Array.from({ length: full }, (_, w) => (windows.get(w) ?? 0) / 5),
    cpu: Object.fromEntries(
      Object.entries(cpuAfter).map(([g, s]) => [g, ((s - (cpuBefore[g] ?? 0)) * 1000) / Math.max(1, points)]),
    ),
  };
}

function printIngest(name: string, r: IngestResult, offered?: number) {
  const rate = r.points / r.seconds;
  console.log(
    `\n${name}: ${r.batches} batches, ${r.points} points accepted in ${r.seconds.toFixed(1)} s = ${rate.toFixed(0)} points/s` +
      `${offered ? ` (offered ${offered.toFixed(0)})` : ''}, ${(r.batches / r.seconds).toFixed(0)} batches/s`,
  );
  console.log(
    `  a batch of ${BATCH}: p50 ${ms(quantile(r.samples, 0.5))} p95 ${ms(quantile(r.samples, 0.95))} p99 ${ms(quantile(r.samples, 0.99))} max ${ms(r.samples.at(-1) ?? 0)} ms`,
  );
  console.log(`  points/s in each 5 s: ${r.perWindow.map((v) => v.toFixed(0)).join(' ')}`);
  console.log(`  ${cpuLine(r.cpu, 'point')}`);
  const errorCount = [...r.errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `  errors: ${errorCount}${errorCount ? ` — ${[...r.errors].map(([k, v]) => `${v}× ${k}`).join('; ')}` : ''}`,
  );
  return { rate, errorCount };
}

// ── queries ─────────────────────────────────────────────────────────────────────────────────────

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** What PostgreSQL did for the last query `work` runs: its time, buffers and the relations it read. */
async function explain(db: Database, tenantId: string, work: (tx: Tx) => Promise<unknown>) {
  let plan: { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number } | undefined;
  await db.read(tenantId, async (tx) => {
    const explaining = new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: SQL) => {
          const [row] = await rows<{ 'QUERY PLAN': (typeof plan)[] }>(
            target,
            sql`explain (analyze, buffers, format json) ${query}`,
          );
          plan = row?.['QUERY PLAN'][0];
          return { rows: [] };
        };
      },
    });
    await work(explaining);
  });
  if (!plan) throw new Error('nothing was explained');
  const relations = new Set<string>();
  const visit = (node: PlanNode) => {
    if (node['Relation Name'])
      relations.add(`${node['Relation Name']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan.Plan);
  return (
    `${plan['Execution Time'].toFixed(2)} ms (planning ${plan['Planning Time'].toFixed(2)}), buffers ` +
    `${plan.Plan['Shared Hit Blocks'] ?? 0} hit ${plan.Plan['Shared Read Blocks'] ?? 0} read; reads ${[...relations].join(', ')}`
  );
}

function printPair(name: string, one: Figure, many: Figure) {
  console.log(
    `  ${name.padEnd(44)} 1 client: p50 ${ms(one.p50).padStart(6)} p95 ${ms(one.p95).padStart(6)}   8 clients: p50 ${ms(many.p50).padStart(6)} p95 ${ms(many.p95).padStart(6)}  ${many.perSecond.toFixed(0).padStart(5)}/s   ${cpuLine(many.cpu, 'call')}`,
  );
}

async function measureQueries(fleet: Fleet, sqlDb: Database, seededDuty: string | undefined) {
  const { base } = fleet.product;
  const meter = fleet.product.cpu;
  const live = (await trpc(base, 'tracking.live', {}, fleet.ownerToken)) as { positions: unknown[] };
  console.log(
    `\ntracking.live — ${live.positions.length} drivers on the map; times in ms, N=${N} per figure`,
  );
  const since = () => new Date(Date.now() - 12 * 3_600_000);
  console.log(
    `  plan: ${await explain(sqlDb, fleet.tenantId, (tx) => livePositions(tx, { since: since() }))}`,
  );
  const bareLive = async () => {
    const found = await sqlDb.read(fleet.tenantId, (tx) => livePositions(tx, { since: since() }));
    if (found.length !== live.positions.length) throw new Error(`live map: ${found.length} drivers`);
  };
  const gatewayLive = async () => {
    const r = (await trpc(base, 'tracking.live', {}, fleet.ownerToken)) as { positions: unknown[] };
    if (r.positions.length !== live.positions.length)
      throw new Error(`live map: ${r.positions.length} drivers`);
  };
  printPair(
    'sql: livePositions in the operator’s read',
    await time(bareLive, 1, meter),
    await time(bareLive, 8, meter),
  );
  const one = await time(gatewayLive, 1, meter);
  const many = await time(gatewayLive, 8, meter);
  printPair('gateway: tracking.live', one, many);
  verdicts.push({
    target: 'live map: p95 ≤ 50 ms at 1 client',
    met: one.p95 <= 50,
    figure: `${ms(one.p95)} ms`,
  });
  verdicts.push({
    target: 'live map: p95 ≤ 50 ms at 8 clients',
    met: many.p95 <= 50,
    figure: `${ms(many.p95)} ms`,
  });

  const routes = [
    ...(seededDuty ? [{ name: 'a seeded duty (a day in the oldest-but-one month)', id: seededDuty }] : []),
    { name: 'a duty running now', id: fleet.drivers[0]!.bookingId },
  ];
  for (const { name, id } of routes) {
    const route = (await trpc(base, 'tracking.route', { bookingId: id }, fleet.ownerToken)) as {
      points: unknown[];
      storedPoints: number;
      distanceKm: number;
    };
    console.log(
      `\ntracking.route — ${name}: ${route.storedPoints} points stored, ${route.points.length} answered, ${route.distanceKm.toFixed(1)} GPS km`,
    );
    const [track] = await sqlDb.read(fleet.tenantId, (tx) =>
      rows<{ from: string; to: string }>(
        tx,
        sql`select to_char(first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as from,
              to_char(last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as to
            from bookings.duty_tracks where booking_id = ${id}`,
      ),
    );
    const query = { bookingId: id, from: track!.from, to: track!.to, every: 1 };
    console.log(`  plan: ${await explain(sqlDb, fleet.tenantId, (tx) => routePoints(tx, query))}`);
    const bare = async () => {
      const found = await sqlDb.read(fleet.tenantId, (tx) => routePoints(tx, query));
      if (found.length !== route.storedPoints) throw new Error(`route: ${found.length} points`);
    };
    const gateway = async () => {
      const r = (await trpc(base, 'tracking.route', { bookingId: id }, fleet.ownerToken)) as {
        points: unknown[];
      };
      if (r.points.length !== route.points.length) throw new Error(`route: ${r.points.length} points`);
    };
    const n = Math.max(8, Math.floor(N / 4));
    const few = (call: () => Promise<unknown>, c: number) => timeCalls(call, c, meter, { n, warmup: 3 });
    printPair('sql: routePoints in the operator’s read', await few(bare, 1), await few(bare, 8));
    printPair('gateway: tracking.route', await few(gateway, 1), await few(gateway, 8));
  }
}

// ── the run ─────────────────────────────────────────────────────────────────────────────────────

console.log(`location tracking: ${machineLine()}`);
const testOtps = [OWNER_PHONE, ...Array.from({ length: DRIVERS }, (_, k) => driverPhone(k))]
  .map((phone) => `${phone}=${CODE}`)
  .join(',');
const product = await startDistributed({
  secret: SECRET,
  env: {
    AUTH_TEST_OTP: testOtps,
    RATE_LIMIT_SIGN_IN_PER_IP_PER_MINUTE: '1000000',
    RATE_LIMIT_SIGN_IN_PER_PHONE_PER_MINUTE: '1000',
  },
  profile: PROFILE,
});
try {
  console.log('\nsetting up');
  const fleet = await makeFleet(product);
  const seeded = await seedHistory(fleet);
  const sqlDb = createPostgresDatabase(product.url, { max: 10, applicationName: 'bench-sql' });
  try {
    console.log(`\n  ${loadLine()}`);
    const offered = INTERVAL_MS ? (DRIVERS * BATCH * 1000) / INTERVAL_MS : undefined;
    if (WARM_SECONDS > 0) {
      const warm = await ingest(fleet, WARM_SECONDS, INTERVAL_MS);
      console.log(
        `\nwarm-up: ${WARM_SECONDS} s of the same load, ${(warm.points / warm.seconds).toFixed(0)} points/s, not counted`,
      );
    }
    const sustained = printIngest(
      `ingest — ${DRIVERS} drivers, ${BATCH} points every ${INTERVAL_MS} ms, for ${SECONDS} s`,
      await ingest(fleet, SECONDS, INTERVAL_MS),
      offered,
    );
    verdicts.push({
      target: 'ingest: ≥ 2,000 points/s sustained, without errors',
      met: sustained.rate >= 2000 && sustained.errorCount === 0,
      figure: `${sustained.rate.toFixed(0)} points/s, ${sustained.errorCount} errors`,
    });
    if (MAX_SECONDS > 0)
      printIngest(
        `ingest — ${DRIVERS} drivers posting back to back for ${MAX_SECONDS} s (the ceiling)`,
        await ingest(fleet, MAX_SECONDS, 0),
      );
    const [stored] = await product.db.asOwner((tx) =>
      rows<{ n: number; positions: number }>(
        tx,
        sql`select (select count(*)::int from bookings.location_points where recorded_at > now() - interval '1 day'
                and booking_id in (select id from bookings.bookings where status = 'DRIVER_DUTY_START')) as n,
              (select count(*)::int from bookings.driver_positions) as positions`,
      ),
    );
    console.log(`  stored from the runs: ${stored!.n} points; ${stored!.positions} live positions`);
    if (!ONLY_INGEST) await measureQueries(fleet, sqlDb, seeded.sampleDuty);
  } finally {
    await sqlDb.close();
  }
  console.log(`\nseeded: ${seeded.rows} points in months ${seeded.months.join(', ')}`);
  console.log('\ntargets (the issue’s):');
  for (const v of verdicts) console.log(`  ${v.met ? 'met    ' : 'MISSED '} ${v.target}: ${v.figure}`);
} finally {
  await product.stop();
}
console.log(`\n${loadLine()} after the run`);
