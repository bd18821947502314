// The fast path: what a request costs from HTTP in to HTTP out beside the query behind it. On an
// operator with BENCH_ROWS vehicles (and a second operator, so row-level security has work), it times,
// side by side in one run, a 50-row vehicles page four ways:
//   sql       the masters store's own query on the database, in the operator's transaction
//   grpc      the same page by a direct gRPC call to the masters service
//   gateway   the same page through the gateway over HTTP, as the web app asks for it
// and `user.permissions` through the gateway — p50 and p95 at 1 and at 32 concurrent clients, pages per
// second at 32, and each figure's ratio to the bare SQL. Embedded (PGlite, one process, as `npm start`)
// and distributed (PostgreSQL and NATS, each module its own process) both. Timings never fail the run;
// errors do. The gateway is called by a load generator on a thread of its own, as a browser would call
// it from elsewhere: embedded, the product's JavaScript and PGlite share the main thread, which the load
// generator would otherwise take from them. Beside each figure at 32 clients, the CPU it cost per call
// in each process (Linux's /proc): the gateway, the services, PostgreSQL's backends and this benchmark's
// own process (embedded: the whole process, then its main thread alone), so the next cut is visible.
// Last, the ceiling this machine puts on list pages at 32 clients, from the CPU measured: the cores over
// what a page needs before the path does anything of its own.
//
// Run: node --import tsx tests/bench/fast-path.ts
//   BENCH_MODE (both)  embedded | distributed | both
//   BENCH_ROWS (100000)  vehicles of the measured operator;  BENCH_OTHER_ROWS (20000) of another
//   BENCH_N (400)  measured calls per figure;  BENCH_WARMUP (50) unmeasured calls first
//   BENCH_PROFILE  a folder: each distributed module writes its CPU profiles (node --cpu-prof) into
//                  <folder>/<module>/, a file per thread
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Client, createClient } from '@connectrpc/connect';
import { allPermissionIds, decodeListPage, operatorDate, vehicleMaster } from '@fleet/domain';
import { gatewayConfigSchema } from '@fleet/gateway';
import {
  type Caller,
  callAs,
  createCallerCodec,
  createInProcessBus,
  createLogger,
  createPgliteDatabase,
  createServiceTransport,
  type Database,
  loadConfig,
  openPglite,
} from '@fleet/platform';
import { startEmbeddedProduct } from '@fleet/product';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { sql } from 'drizzle-orm';
import { type ListQuery, listRecords } from '../../services/masters/src/storage/master-store';
import {
  type CpuMeter,
  clientCpu,
  type Figure,
  int,
  loadLine,
  machineLine,
  mainThreadCpu,
  ms,
  setup,
  signUp,
  startDistributed,
  time as timeCalls,
  timeGateway,
  UNLIMITED,
} from './bench-kit';
import { type SeedTarget, seedOperator } from './seed-masters';

const ROWS = int('BENCH_ROWS', 100_000);
const OTHER_ROWS = int('BENCH_OTHER_ROWS', 20_000);
const N = Math.max(32, int('BENCH_N', 400));
const WARMUP = int('BENCH_WARMUP', 50);
const MODE = process.env.BENCH_MODE ?? 'both';
if (!['embedded', 'distributed', 'both'].includes(MODE))
  throw new Error('BENCH_MODE: embedded, distributed or both');
const PROFILE = process.env.BENCH_PROFILE;
const LIMIT = 50;
const CODE = '246810';
const SECRET = `fast-path-bench-internal-${randomUUID()}`;

const time = (call: () => Promise<unknown>, concurrency: number, meter: CpuMeter) =>
  timeCalls(call, concurrency, meter, { n: N, warmup: WARMUP });

// ── the four ways to a page ─────────────────────────────────────────────────────────────────────

interface Mode {
  name: string;
  base: string;
  token: string;
  tenantId: string;
  db: Database;
  masters: Client<typeof MastersService>;
  cpu: CpuMeter;
  stop(): Promise<void>;
}

/** Signs a phone with a fixed code up as a new operator, and gives the operator its masters. */
async function prepareOperator(
  base: string,
  db: Database,
  phone: string,
  operatorName: string,
  rows: number,
) {
  const { token, tenantId } = await signUp(base, phone, CODE, operatorName);
  const target: SeedTarget = {
    db,
    async create(path, values) {
      return ((await setup(base, path, { values }, token, 'POST')) as { id: string }).id;
    },
  };
  await seedOperator(target, tenantId, rows);
  return { token, tenantId };
}

const PHONE = '+919877700001';
const OTHER_PHONE = '+919877700002';
const testOtps = `${PHONE}=${CODE},${OTHER_PHONE}=${CODE}`;

async function seedBoth(base: string, db: Database) {
  const seeded = performance.now();
  await prepareOperator(base, db, OTHER_PHONE, 'Other Cabs', OTHER_ROWS);
  const operator = await prepareOperator(base, db, PHONE, 'Bench Travels', ROWS);
  await db.asOwner(async (tx) => {
    for (const table of ['vehicles', 'connections', 'drivers'])
      await tx.execute(sql.raw(`analyze masters.${table}`));
  });
  console.log(
    `  seeded ${ROWS} vehicles (+${OTHER_ROWS} for another operator) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  return operator;
}

async function embedded(): Promise<Mode> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-fast-path-'));
  const db = createPgliteDatabase(await openPglite(join(dir, 'pgdata')), { closeClient: true });
  const bus = createInProcessBus();
  const product = await startEmbeddedProduct({
    db,
    bus,
    logger: createLogger({ name: 'fast-path', level: 'warn' }),
    codec: createCallerCodec(SECRET),
    env: { AUTH_TEST_OTP: testOtps },
    localSecret: (variable) => `fast-path-bench-${variable}-0123456789abcdef0123456789`,
    gateway: loadConfig(gatewayConfigSchema, {
      PORT: '0',
      NODE_ENV: 'test',
      ...UNLIMITED,
    }),
  });
  const base = `http://127.0.0.1:${product.port}`;
  const operator = await seedBoth(base, db);
  return {
    name: 'embedded (PGlite, one process)',
    base,
    ...operator,
    db,
    masters: product.clients.masters,
    cpu: () => ({ 'product+client': clientCpu(), 'main thread': mainThreadCpu() }),
    async stop() {
      await product.stop();
      await bus.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function distributed(): Promise<Mode> {
  const product = await startDistributed({
    secret: SECRET,
    env: { AUTH_TEST_OTP: testOtps },
    profile: PROFILE,
  });
  const operator = await seedBoth(product.base, product.db);
  return {
    name: 'distributed (PostgreSQL, NATS, a process per module)',
    base: product.base,
    ...operator,
    db: product.db,
    masters: createClient(
      MastersService,
      createServiceTransport(
        { kind: 'network', baseUrl: `http://127.0.0.1:${product.ports.MASTERS_GRPC_PORT}` },
        createCallerCodec(SECRET),
      ),
    ),
    cpu: product.cpu,
    stop: product.stop,
  };
}

// ── the run ──────────────────────────────────────────────────────────────────────────────────────

async function measure(mode: Mode) {
  const caller: Caller = {
    requestId: randomUUID(),
    tenantId: mode.tenantId,
    userId: randomUUID(),
    permissions: allPermissionIds(),
    isMasquerade: false,
  };
  const page = { limit: LIMIT };
  // What the masters service asks its store for a first page in the default order.
  const storeQuery = (): ListQuery => ({
    active: 'active',
    filters: [],
    sortBy: vehicleMaster.defaultSort,
    direction: 'asc',
    limit: LIMIT,
    today: operatorDate(new Date()),
  });
  const check = (count: number) => {
    if (count !== Math.min(LIMIT, ROWS)) throw new Error(`a page of ${count} vehicles, not ${LIMIT}`);
  };
  // A way is a call made here, or a gateway procedure called by the load generator on its own thread.
  type Way = (() => Promise<unknown>) | { path: string; input: unknown };
  const ways: [string, Way][] = [
    [
      'sql: the store’s query',
      async () =>
        // The store reads one row past the page, to know whether there is a next one.
        check(
          (await mode.db.withTenant(mode.tenantId, (tx) => listRecords(tx, vehicleMaster, storeQuery())))
            .length - 1,
        ),
    ],
    [
      'grpc: masters ListRecords',
      async () =>
        check(
          decodeListPage(
            vehicleMaster,
            (await mode.masters.listRecords({ kind: 'vehicle', page }, callAs(caller))).recordsJson,
          ).length,
        ),
    ],
    ['gateway: masters.vehicle.list', { path: 'masters.vehicle.list', input: page }],
    ['gateway: user.permissions', { path: 'user.permissions', input: undefined }],
  ];
  // The gateway's page is checked once here (`setup` tries again on a connection the seeding left idle).
  check(((await setup(mode.base, 'masters.vehicle.list', page, mode.token)).records as unknown[]).length);
  const timeWay = (way: Way, concurrency: number) =>
    typeof way === 'function'
      ? time(way, concurrency, mode.cpu)
      : timeGateway({ base: mode.base, token: mode.token, ...way }, concurrency, mode.cpu, {
          n: N,
          warmup: WARMUP,
        });
  console.log(`\n${mode.name}: ${LIMIT}-row vehicles page at ${ROWS} rows, N=${N}, times in ms`);
  const groups = Object.keys(mode.cpu());
  console.log(
    `  ${'way'.padEnd(32)} ${'1 client: p50   p95   ×sql'.padEnd(30)} 32 clients: p50   p95   ×sql   per s` +
      `   CPU ms per call: ${groups.join(' / ')}`,
  );
  let sql: { one: Figure; many: Figure } | undefined;
  const figures: { one: Figure; many: Figure }[] = [];
  for (const [name, way] of ways) {
    const one = await timeWay(way, 1);
    const many = await timeWay(way, 32);
    figures.push({ one, many });
    sql ??= { one, many };
    const ratio = (f: Figure, base: Figure) => `${(f.p50 / base.p50).toFixed(1)}×`;
    const cpu = groups.map((group) => (many.cpu[group] ?? 0).toFixed(2)).join(' / ');
    console.log(
      `  ${name.padEnd(32)} ${ms(one.p50).padStart(12)} ${ms(one.p95).padStart(5)} ${ratio(one, sql.one).padStart(6)}` +
        `${ms(many.p50).padStart(17)} ${ms(many.p95).padStart(5)} ${ratio(many, sql.many).padStart(6)} ${many.perSecond.toFixed(0).padStart(7)}` +
        `   ${cpu}`,
    );
  }
  const [bare, grpc, gateway, permissions] = figures;
  if (bare && grpc && gateway && permissions) printTargets(mode, { bare, grpc, gateway, permissions });
}

type Measured = { one: Figure; many: Figure };
type Ways = Record<'bare' | 'grpc' | 'gateway' | 'permissions', Measured>;

/** The issue's targets beside what this run measured, each met or not. */
function printTargets(mode: Mode, ways: Ways) {
  const { bare, grpc, gateway, permissions } = ways;
  const pagesPerSecond = mode.name.startsWith('embedded') ? 300 : 800;
  const overhead = gateway.one.p95 - grpc.one.p95;
  const ratio = gateway.one.p50 / bare.one.p50;
  const targets: [string, string, boolean][] = [
    ['gateway over its gRPC call, p95 ≤ 2 ms', `${ms(overhead)} ms`, overhead <= 2],
    ['a list page p50 ≤ 3× its bare SQL', `${ratio.toFixed(1)}×`, ratio <= 3],
    ['user.permissions p50 ≤ 2 ms', `${ms(permissions.one.p50)} ms`, permissions.one.p50 <= 2],
    [
      `32 clients ≥ ${pagesPerSecond} list pages/s`,
      `${gateway.many.perSecond.toFixed(0)}/s`,
      gateway.many.perSecond >= pagesPerSecond,
    ],
  ];
  console.log('  targets (1 client unless said):');
  for (const [target, measured, met] of targets)
    console.log(`    ${target.padEnd(42)} ${measured.padStart(9)}   ${met ? 'met' : 'NOT met'}`);
  printCeiling(mode, ways);
}

const cpuOf = (figure: Figure, group?: string) =>
  group ? (figure.cpu[group] ?? 0) : Object.values(figure.cpu).reduce((sum, ms) => sum + ms, 0);

/**
 * What this machine allows a list page at 32 clients, from CPU this run measured. Pages per second can be
 * no more than the cores (embedded: its one thread) over the CPU a page needs, and a page needs at least
 * its query with the client reading its rows (the bare way), the load generator's request (distributed:
 * on the same two cores; embedded: off the product's thread) and what the gateway spends on an
 * authenticated call it answers from its cache (`user.permissions`): the ceiling were the hop to the
 * service, the page's JSON and its gzip free. Then the same with the service's
 * measured cost of a page in place of the bare client, and the whole page as measured.
 */
function printCeiling(mode: Mode, { bare, grpc, gateway, permissions }: Ways) {
  // Embedded, the JavaScript and PGlite share one thread, which bounds it (GC and gzip have threads of
  // their own): its figures are the main thread's.
  const embedded = mode.name.startsWith('embedded');
  const cores = embedded ? 1 : cpus().length;
  const main = 'main thread';
  const floor = embedded
    ? cpuOf(bare.many, main) + cpuOf(permissions.many, main)
    : cpuOf(bare.many, 'postgres') +
      cpuOf(bare.many, 'client') +
      cpuOf(gateway.many, 'client') +
      cpuOf(permissions.many, 'gateway');
  const withService = embedded
    ? floor + cpuOf(grpc.many, main) - cpuOf(bare.many, main)
    : floor + cpuOf(grpc.many, 'services') - cpuOf(bare.many, 'client');
  const whole = embedded ? cpuOf(gateway.many, main) : cpuOf(gateway.many);
  const ceiling = (ms: number) => `${((cores * 1000) / ms).toFixed(0)}/s`;
  console.log(
    `  ceiling on ${cores === 1 ? 'one thread' : `${cores} cores`} (CPU ms per page at 32 clients):`,
  );
  const floorLabel = embedded
    ? 'query and its client + a cached call              '
    : 'query and its client + load generator + a cached call';
  console.log(`    ${floorLabel}   ${ms(floor).padStart(5)} ms   ≤ ${ceiling(floor)}`);
  console.log(
    `    … with the service's own cost of the page               ${ms(withService).padStart(5)} ms   ≤ ${ceiling(withService)}`,
  );
  console.log(
    `    the whole list page as measured                         ${ms(whole).padStart(5)} ms   ≤ ${ceiling(whole)}`,
  );
}

console.log(`fast path: ${machineLine()}`);
for (const start of MODE === 'both'
  ? [embedded, distributed]
  : MODE === 'embedded'
    ? [embedded]
    : [distributed]) {
  const mode = await start();
  try {
    await measure(mode);
  } finally {
    await mode.stop();
  }
}
console.log(`\n${loadLine()} after the run`);
