// The bookings board at production scale. On the product distributed as production runs it (a process
// per module, PostgreSQL and NATS), an operator signs up through the gateway and gets a customer, a duty
// type and a vehicle group; then BENCH_BOOKINGS bookings over BENCH_OPERATORS operators (the signed-up
// one the largest, with BENCH_LARGEST) are written in bulk SQL (seed-bookings.ts). Through the gateway as
// the web app calls it, beside the bare SQL of the same query built by the bookings store
// (tabListSql, countAllTabs) in the operator's read transaction, at 1 and 32 concurrent clients:
//   tab pages   50 rows of a tab, filtered, sorted, keyset: a first page and a deep one (cursors followed)
//   tab counts  booking.tabCounts, all twelve in one call
//   searches    by a passenger's phone (whole and a prefix) and a vehicle's number, in the all tab
//   creation    booking.create by 32 clients for BENCH_CREATE_SECONDS: bookings per second, and the
//               outbox's unpublished backlog each second and after, until drained
// p50, p95, calls per second and the CPU each call cost by process (the gateway, the services,
// PostgreSQL's backends, this client), each query's plan in brief (in full with BENCH_PLANS=1), and the
// issue's targets met or not. Timings never fail the run; errors do.
//
// Run: node --import tsx tests/bench/bookings-board.ts
//   BENCH_BOOKINGS (1000000)  bookings in all;  BENCH_OPERATORS (100);  BENCH_LARGEST (100000)  the measured one's
//   BENCH_N (400)  measured calls per figure;  BENCH_WARMUP (30)  unmeasured calls first
//   BENCH_DEEP_PAGE (20)  the page the deep cases follow cursors to
//   BENCH_CREATE_SECONDS (30)  creation at 32 clients (and a third of it, at most 10 s, at 1 client)
//   BENCH_SLICES (12)  slices the seeding writes the year in;  BENCH_PLANS (unset)  1: print every full plan
//   BENCH_PROFILE  a folder: each module writes its CPU profiles (node --cpu-prof) into <folder>/<module>/
//   BENCH_KEEP_DB (unset)  1: leave the database behind (its URL is printed) to explain by hand
//   BENCH_ONLY (unset)  a comma-separated list of case names (pages, counts, search, create) to run
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  addCalendarDays,
  BOOKING_FILTER_KEYS,
  type BookingFilterKey,
  type BookingSort,
  operatorDate,
} from '@fleet/domain';
import { createPostgresDatabase, type Database, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import { searchTermOf } from '../../services/bookings/src/domain/search-terms';
import {
  DEFAULT_BOOKING_SORT,
  TAB_DEFAULT_DIRECTION,
  tabFromSlug,
} from '../../services/bookings/src/domain/tabs';
import { type TabListQuery, tabListSql } from '../../services/bookings/src/storage/bookings-store';
import { countAllTabs } from '../../services/bookings/src/storage/tab-sql';
import {
  type CpuMeter,
  type Distributed,
  type Figure,
  int,
  loadLine,
  machineLine,
  ms,
  type PlanNode,
  planLine,
  quantile,
  secondsSince,
  setup,
  signUp,
  startDistributed,
  time as timeCalls,
  trpc,
} from './bench-kit';
import { checkSearchTerms, operatorSizes, seedBookings } from './seed-bookings';

const TOTAL = int('BENCH_BOOKINGS', 1_000_000);
const OPERATORS = Math.max(1, int('BENCH_OPERATORS', 100));
const LARGEST = Math.min(TOTAL, int('BENCH_LARGEST', 100_000));
const N = Math.max(32, int('BENCH_N', 400));
const WARMUP = int('BENCH_WARMUP', 30);
const DEEP_PAGE = Math.max(2, int('BENCH_DEEP_PAGE', 20));
const CREATE_SECONDS = Math.max(1, int('BENCH_CREATE_SECONDS', 30));
const SLICES = Math.max(1, int('BENCH_SLICES', 12));
const PLANS = process.env.BENCH_PLANS === '1';
const PROFILE = process.env.BENCH_PROFILE;
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const runs = (part: string) => !ONLY || ONLY.includes(part);
const LIMIT = 50;
const CODE = '246810';
const PHONE = '+919877700011';
const SECRET = `bookings-board-bench-internal-${randomUUID()}`;
/** What the services' pools hold (runtime-config's DATABASE_POOL_SIZE), so the bare SQL queues alike. */
const POOL_SIZE = 10;

const time = (call: () => Promise<unknown>, concurrency: number, meter: CpuMeter) =>
  timeCalls(call, concurrency, meter, { n: N, warmup: WARMUP });

// ── plans ────────────────────────────────────────────────────────────────────────────────────────

interface ExplainedPlan {
  Plan: PlanNode;
  'Execution Time': number;
  'Planning Time': number;
  JIT?: { Timing?: { Total?: number } };
}

/** The plan's nodes on one line, with rows out and rows filtered away; init plans and sub plans left out. */
/**
 * What PostgreSQL did for the query `work` runs (its last), as EXPLAIN (ANALYZE, BUFFERS) tells: the
 * store's own code runs against a transaction whose `execute` explains instead.
 */
async function explain(db: Database, tenantId: string, work: (tx: Tx) => Promise<unknown>) {
  let json: ExplainedPlan | undefined;
  let text = '';
  await db.read(tenantId, async (tx) => {
    const explaining = new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: SQL) => {
          const [row] = await rows<{ 'QUERY PLAN': ExplainedPlan[] }>(
            target,
            sql`explain (analyze, buffers, format json) ${query}`,
          );
          json = row?.['QUERY PLAN'][0];
          if (PLANS) {
            const lines = await rows<{ 'QUERY PLAN': string }>(
              target,
              sql`explain (analyze, buffers) ${query}`,
            );
            text = lines.map((line) => `      ${line['QUERY PLAN']}`).join('\n');
          }
          return { rows: [] };
        };
      },
    });
    await work(explaining);
  });
  if (!json) throw new Error('nothing was explained');
  const buffers = `${json.Plan['Shared Hit Blocks'] ?? 0} hit, ${json.Plan['Shared Read Blocks'] ?? 0} read`;
  const jit = json.JIT?.Timing?.Total;
  return (
    `${json['Execution Time'].toFixed(2)} ms (planning ${json['Planning Time'].toFixed(2)}` +
    `${jit === undefined ? '' : `, JIT ${jit.toFixed(1)}`}), buffers ${buffers}: ${planLine(json.Plan)}` +
    `${text ? `\n${text}` : ''}`
  );
}

// ── the figures ─────────────────────────────────────────────────────────────────────────────────

interface Pair {
  one: Figure;
  many: Figure;
}

const HEADER =
  `  ${'way'.padEnd(44)} ${'1 client: p50   p95   ×sql'.padEnd(30)} 32 clients: p50   p95   ×sql   per s` +
  '   CPU ms per call: gateway / services / postgres / client';

function printRow(name: string, pair: Pair, sql: Pair | undefined) {
  const ratio = (f: Figure, base: Figure | undefined) => (base ? `${(f.p50 / base.p50).toFixed(1)}×` : '');
  const cpu = ['gateway', 'services', 'postgres', 'client']
    .map((group) => (pair.many.cpu[group] ?? 0).toFixed(2))
    .join(' / ');
  console.log(
    `  ${name.padEnd(44)} ${ms(pair.one.p50).padStart(12)} ${ms(pair.one.p95).padStart(5)} ${ratio(pair.one, sql?.one).padStart(6)}` +
      `${ms(pair.many.p50).padStart(17)} ${ms(pair.many.p95).padStart(5)} ${ratio(pair.many, sql?.many).padStart(6)}` +
      ` ${pair.many.perSecond.toFixed(0).padStart(7)}   ${cpu}`,
  );
}

interface Verdict {
  target: string;
  met: boolean;
  figure: string;
}
const verdicts: Verdict[] = [];
const judge = (target: string, met: boolean, figure: string) => verdicts.push({ target, met, figure });

// ── the run ──────────────────────────────────────────────────────────────────────────────────────

interface Board {
  product: Distributed;
  /** The benchmark's own pool for the bare SQL, as large as a service's. */
  sqlDb: Database;
  token: string;
  tenantId: string;
  today: string;
  customerId: string;
  dutyTypeId: string;
  vehicleGroupId: string;
}

interface ListInput {
  tab: string;
  sortBy?: BookingSort;
  order?: 'asc' | 'desc';
  filters?: Partial<Record<BookingFilterKey, string[]>>;
  search?: string;
}

interface ListAnswer {
  bookings: unknown[];
  nextCursor: string | null;
}

const list = (board: Board, input: ListInput, cursor?: string) =>
  trpc(board.product.base, 'booking.list', { ...input, limit: LIMIT, cursor }, board.token) as Promise<
    Record<string, unknown> & ListAnswer
  >;

/** The query the bookings service asks its store for, from the same input. */
function storeQuery(board: Board, input: ListInput, cursor: string | undefined): TabListQuery {
  const tab = tabFromSlug(input.tab);
  if (!tab) throw new Error(`no tab ${input.tab}`);
  return {
    tab,
    on: { today: board.today },
    sortBy: input.sortBy ?? DEFAULT_BOOKING_SORT,
    direction: input.order ?? TAB_DEFAULT_DIRECTION[tab],
    cursor,
    limit: LIMIT,
    filters: BOOKING_FILTER_KEYS.flatMap((key) => {
      const values = input.filters?.[key];
      return values ? [{ key, values }] : [];
    }),
    searchTerm: input.search ? searchTermOf(input.search) : undefined,
  };
}

interface PageCase {
  name: string;
  kind: 'page' | 'search';
  input: ListInput;
  /** Follow cursors to this page (1: the first). */
  page: number;
}

async function measurePage(board: Board, c: PageCase) {
  // Walk to the page through the gateway, keeping the cursor that reaches it.
  let cursor: string | undefined;
  let reached = 1;
  let answer = await list(board, c.input);
  while (reached < c.page && answer.nextCursor) {
    cursor = answer.nextCursor;
    answer = await list(board, c.input, cursor);
    reached += 1;
  }
  const query = storeQuery(board, c.input, cursor);
  const sqlRows = await board.sqlDb.read(board.tenantId, (tx) => rows(tx, tabListSql(query)));
  const expected = answer.bookings.length;
  if (Math.min(sqlRows.length, LIMIT) !== expected)
    throw new Error(`${c.name}: the store's query gave ${sqlRows.length} rows, the gateway ${expected}`);
  if (expected === 0) {
    console.log(`\n${c.name} — page ${reached} is empty at this size: skipped`);
    return;
  }
  console.log(
    `\n${c.name} — page ${reached}${reached < c.page ? ` (the last; asked for ${c.page})` : ''}, ${expected} rows`,
  );
  console.log(`  plan: ${await explain(board.sqlDb, board.tenantId, (tx) => rows(tx, tabListSql(query)))}`);
  const bare = async () => {
    const found = await board.sqlDb.read(board.tenantId, (tx) => rows(tx, tabListSql(query)));
    if (Math.min(found.length, LIMIT) !== expected) throw new Error(`${c.name}: ${found.length} rows`);
  };
  const gateway = async () => {
    const page = await list(board, c.input, cursor);
    if (page.bookings.length !== expected) throw new Error(`${c.name}: ${page.bookings.length} bookings`);
  };
  const sqlPair = {
    one: await time(bare, 1, board.product.cpu),
    many: await time(bare, 32, board.product.cpu),
  };
  printRow('sql: tabListSql in the operator’s read', sqlPair, sqlPair);
  const gatewayPair = {
    one: await time(gateway, 1, board.product.cpu),
    many: await time(gateway, 32, board.product.cpu),
  };
  printRow('gateway: booking.list', gatewayPair, sqlPair);
  const p95 = gatewayPair.many.p95;
  if (c.kind === 'page') {
    judge(`${c.name}: p95 at 32 clients ≤ 30 ms`, p95 <= 30, `${ms(p95)} ms`);
    for (const [clients, key] of [
      [1, 'one'],
      [32, 'many'],
    ] as const) {
      const ratio = gatewayPair[key].p50 / sqlPair[key].p50;
      judge(
        `${c.name}: p50 ≤ 3× its bare SQL at ${clients} client${clients > 1 ? 's' : ''}`,
        ratio <= 3,
        `${ms(gatewayPair[key].p50)} vs ${ms(sqlPair[key].p50)} ms (${ratio.toFixed(1)}×)`,
      );
    }
  } else {
    judge(`${c.name}: p95 at 32 clients ≤ 50 ms`, p95 <= 50, `${ms(p95)} ms`);
  }
}

async function measureCounts(board: Board) {
  const on = { today: board.today };
  const counts = (await trpc(board.product.base, 'booking.tabCounts', undefined, board.token)) as Record<
    string,
    number
  >;
  console.log(`\nbooking.tabCounts — all twelve: ${JSON.stringify(counts)}`);
  console.log(`  plan: ${await explain(board.sqlDb, board.tenantId, (tx) => countAllTabs(tx, on))}`);
  const bare = () => board.sqlDb.read(board.tenantId, (tx) => countAllTabs(tx, on));
  const gateway = () => trpc(board.product.base, 'booking.tabCounts', undefined, board.token);
  const sqlPair = {
    one: await time(bare, 1, board.product.cpu),
    many: await time(bare, 32, board.product.cpu),
  };
  printRow('sql: countAllTabs in the operator’s read', sqlPair, sqlPair);
  const gatewayPair = {
    one: await time(gateway, 1, board.product.cpu),
    many: await time(gateway, 32, board.product.cpu),
  };
  printRow('gateway: booking.tabCounts', gatewayPair, sqlPair);
  judge('tab counts: p95 at 1 client ≤ 20 ms', gatewayPair.one.p95 <= 20, `${ms(gatewayPair.one.p95)} ms`);
  judge(
    'tab counts: p95 at 32 clients ≤ 20 ms',
    gatewayPair.many.p95 <= 20,
    `${ms(gatewayPair.many.p95)} ms`,
  );
}

async function backlog(db: Database): Promise<number> {
  const [row] = await db.asOwner((tx) =>
    rows<{ n: number }>(tx, sql`select count(*)::int as n from bookings.outbox where published_at is null`),
  );
  return row?.n ?? 0;
}

/** booking.create by `clients` clients for `seconds`, the backlog sampled each second. */
async function creating(board: Board, clients: number, seconds: number) {
  let made = 0;
  const draft = () => {
    made += 1;
    return {
      customerId: board.customerId,
      passengers: [{ name: 'Bench Passenger', phone: `+9190${String(made).padStart(8, '0')}` }],
      fromCityId: 'mh-pune',
      vehicleGroupId: board.vehicleGroupId,
      dutyTypeId: board.dutyTypeId,
      reportingDate: addCalendarDays(board.today, 1 + (made % 28)),
      reportingTime: '09:15',
      reportingAddress: 'Koregaon Park, Pune',
    };
  };
  const create = () => trpc(board.product.base, 'booking.create', draft(), board.token, 'POST');
  await create(); // warm: the customer and duty type copied into bookings' read model
  const samples: number[] = [];
  const timeline: { created: number; backlog: number }[] = [];
  let done = 0;
  const cpuBefore = board.product.cpu();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let counted = 0;
  const sampler = setInterval(() => {
    const created = done - counted;
    counted = done;
    void backlog(board.product.db).then((n) => timeline.push({ created, backlog: n }));
  }, 1000);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await create();
        samples.push(performance.now() - t0);
        done += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const cpuAfter = board.product.cpu();
  samples.sort((a, b) => a - b);
  const left = await backlog(board.product.db);
  const drainStarted = performance.now();
  let remaining = left;
  while (remaining > 0 && performance.now() - drainStarted < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    remaining = await backlog(board.product.db);
  }
  return {
    clients,
    created: done,
    perSecond: done / elapsed,
    p50: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    cpu: Object.fromEntries(
      Object.entries(cpuAfter).map(([group, s]) => [group, ((s - (cpuBefore[group] ?? 0)) * 1000) / done]),
    ),
    timeline,
    left,
    drained: remaining === 0 ? (performance.now() - drainStarted) / 1000 : undefined,
  };
}

async function measureCreation(board: Board) {
  console.log(
    `\nbooking.create — 1 client for ${Math.min(10, Math.ceil(CREATE_SECONDS / 3))} s, then 32 for ${CREATE_SECONDS} s`,
  );
  for (const [clients, seconds] of [
    [1, Math.min(10, Math.ceil(CREATE_SECONDS / 3))],
    [32, CREATE_SECONDS],
  ] as const) {
    const r = await creating(board, clients, seconds);
    const cpu = ['gateway', 'services', 'postgres', 'client']
      .map((g) => (r.cpu[g] ?? 0).toFixed(2))
      .join(' / ');
    console.log(
      `  ${clients} client${clients > 1 ? 's' : ' '}: ${r.created} created, ${r.perSecond.toFixed(0)} per s, p50 ${ms(r.p50)} p95 ${ms(r.p95)} ms;` +
        ` CPU ms per creation: ${cpu} (gateway / services / postgres / client)`,
    );
    console.log(
      `    each second (created/unpublished): ${r.timeline.map((t) => `${t.created}/${t.backlog}`).join(' ')}`,
    );
    console.log(
      `    unpublished when creation stopped: ${r.left}; ${r.drained === undefined ? 'not drained in 300 s' : `drained ${r.drained.toFixed(1)} s later`}`,
    );
    if (clients === 32) {
      judge(
        'creation: ≥ 300 per second sustained at 32 clients',
        r.perSecond >= 300,
        `${r.perSecond.toFixed(0)} per s`,
      );
      judge(
        'creation: the outbox drained behind it',
        r.drained !== undefined,
        r.drained === undefined ? `${r.left} left` : `${r.left} left, drained in ${r.drained.toFixed(1)} s`,
      );
    }
  }
}

/** The values the cases look for: what a busy operator's staff would filter and search by. */
async function lookups(board: Board) {
  const one = async (query: SQL) => {
    const [row] = await board.product.db.asOwner((tx) => rows<{ value: string }>(tx, query));
    if (!row) throw new Error('nothing to look for');
    return row.value;
  };
  const t = board.tenantId;
  return {
    label: await one(sql`select l::text as value from bookings.bookings, unnest(label_ids) l
      where tenant_id = ${t} group by l order by count(*) desc limit 1`),
    // A regular passenger's phone, and the vehicle on the most duties.
    phone: await one(sql`select phone as value from bookings.booking_contacts where tenant_id = ${t}
      group by phone order by count(*) desc limit 1`),
    vehicle: await one(sql`select vehicle_no as value from bookings.bookings
      where tenant_id = ${t} and alloted_vehicle_id is not null group by vehicle_no order by count(*) desc limit 1`),
  };
}

async function seed(product: Distributed): Promise<Board> {
  const started = performance.now();
  const { token, tenantId } = await signUp(product.base, PHONE, CODE, 'Bench Travels');
  const create = async (path: string, values: Record<string, unknown>) =>
    ((await setup(product.base, path, { values }, token, 'POST')) as { id: string }).id;
  const customerName = 'Infosys Technologies Pvt Ltd';
  const customerId = await create('masters.customer.create', { name: customerName });
  const dutyTypeId = await create('masters.duty_type.create', {
    name: '8 Hrs 80 Kms',
    type: 'HR_KM',
    max_km: 80,
    max_hr: 8,
  });
  const vehicleGroupId = await create('masters.vehicle_group.create', { name: 'Sedan' });
  const today = operatorDate(new Date());
  const sizes = operatorSizes(TOTAL, OPERATORS, LARGEST);
  console.log(
    `  ${TOTAL} bookings over ${sizes.length} operators: the measured one ${sizes[0]}, then ${sizes.slice(1, 4).join(', ')}${sizes.length > 4 ? ` … ${sizes.at(-1)}` : ''}`,
  );
  const report = await seedBookings(
    product.url,
    sizes.map((bookings, k) => ({
      tenantId: k === 0 ? tenantId : randomUUID(),
      bookings,
      real: k === 0 ? { customerId, customerName, dutyTypeId, vehicleGroupId } : undefined,
    })),
    { today, chunks: SLICES, progress: (line) => console.log(`    ${line}`) },
  );
  console.log(
    `  seeded in ${secondsSince(started)} s: ${report.bookings} bookings, ${report.contacts} passengers, ` +
      `${report.terms} search terms written in ${report.writing.toFixed(1)} s, vacuumed and analyzed in ${report.settling.toFixed(1)} s`,
  );
  const checked = await checkSearchTerms(product.url, tenantId, 300);
  console.log(`  search terms of ${checked} sampled bookings are what searchTermsOf makes`);
  const sqlDb = createPostgresDatabase(product.url, { max: POOL_SIZE, applicationName: 'bench-sql' });
  return { product, sqlDb, token, tenantId, today, customerId, dutyTypeId, vehicleGroupId };
}

async function measure(board: Board) {
  const { label, phone, vehicle } = await lookups(board);
  const digits = phone.replace(/\D/g, '').slice(-10);
  const typedVehicle = vehicle.replace(/^([A-Z]{2})(\d{2})([A-Z]*)(\d{4})$/, '$1 $2 $3 $4');
  const cases: PageCase[] = [
    {
      name: 'upcoming · reporting date · one customer',
      kind: 'page',
      input: { tab: 'upcoming', sortBy: 'reporting_date', filters: { customers: [board.customerId] } },
      page: 1,
    },
    {
      name: 'allotment-pending · reporting date · one customer',
      kind: 'page',
      input: {
        tab: 'allotment-pending',
        sortBy: 'reporting_date',
        filters: { customers: [board.customerId] },
      },
      page: 1,
    },
    {
      name: 'allotment-pending · reporting date · one label',
      kind: 'page',
      input: { tab: 'allotment-pending', sortBy: 'reporting_date', filters: { labels: [label] } },
      page: 1,
    },
    {
      name: 'completed · reporting date · one customer, deep',
      kind: 'page',
      input: { tab: 'completed', sortBy: 'reporting_date', filters: { customers: [board.customerId] } },
      page: DEEP_PAGE,
    },
    {
      name: 'all · start date · one label, deep',
      kind: 'page',
      input: { tab: 'all', filters: { labels: [label] } },
      page: DEEP_PAGE,
    },
    {
      name: `search: passenger phone ${phone}`,
      kind: 'search',
      input: { tab: 'all', search: phone },
      page: 1,
    },
    {
      name: `search: phone prefix ${digits.slice(0, 6)}`,
      kind: 'search',
      input: { tab: 'all', search: digits.slice(0, 6) },
      page: 1,
    },
    {
      name: `search: vehicle number ${typedVehicle}`,
      kind: 'search',
      input: { tab: 'all', search: typedVehicle },
      page: 1,
    },
  ];
  console.log(`\nN=${N} calls per figure after ${WARMUP} unmeasured; times in ms`);
  console.log(HEADER);
  if (runs('pages') || runs('search'))
    for (const c of cases) if (runs(c.kind === 'page' ? 'pages' : 'search')) await measurePage(board, c);
  if (runs('counts')) await measureCounts(board);
  console.log(`\n  ${loadLine()}`);
  if (runs('create')) await measureCreation(board);
}

console.log(`bookings board: ${machineLine()}`);
const product = await startDistributed({
  secret: SECRET,
  env: { AUTH_TEST_OTP: `${PHONE}=${CODE}` },
  profile: PROFILE,
  keepDatabase: KEEP_DB,
});
try {
  const board = await seed(product);
  try {
    await measure(board);
  } finally {
    await board.sqlDb.close();
  }
  console.log('\ntargets (the issue’s):');
  for (const v of verdicts) console.log(`  ${v.met ? 'met    ' : 'MISSED '} ${v.target}: ${v.figure}`);
} finally {
  await product.stop();
  if (KEEP_DB) console.log(`\nthe database is left at ${product.url}`);
}
console.log(`\n${loadLine()} after the run`);
