// Lists of vehicles and customers at 100,000 rows per operator, through the gateway over HTTP: boots the
// whole product (identity, bookings, fleet, gateway) on a fresh PostgreSQL database and JetStream
// namespace, signs up two operators, creates their groups through the gateway, bulk-writes the rows in
// SQL and then times each list as the web app asks for it. Beside every HTTP figure it prints the same
// query run by the fleet store's own code straight on the database (no gRPC, no HTTP) and what
// EXPLAIN (ANALYZE, BUFFERS) says about it. Timings never fail the run; errors do.
//
// Run: node --import tsx tests/bench/masters-lists.ts
//   BENCH_ROWS (100000)  rows of each master for the measured operator
//   BENCH_OTHER_ROWS (20000)  rows of each master for a second operator, so row-level security has work
//   BENCH_N (200)  measured calls per scenario (the paging scenario walks BENCH_N times to page 20)
//   BENCH_WARMUP (20)  unmeasured calls per scenario first
//   BENCH_PAGES (20)  pages the paging scenario walks
//   BENCH_SLOW_MS (100)  a scenario whose bare SQL p95 is above this gets its full plan printed
//   BENCH_KEEP_DB (unset)  1: leave the database behind (its URL is printed) to EXPLAIN by hand
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { customerMaster, type MasterDefinition, operatorDate, vehicleMaster } from '@fleet/domain';
import { transformer } from '@fleet/gateway';
import type { Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type ListQuery, listRecords } from '../../services/masters/src/storage/master-store';
import { bearer, bootGateway, type GatewayHarness } from '../integration/gateway/support';
import { settleTables } from './bench-kit';
import {
  FILTERED_CITY,
  FILTERED_CUSTOMER_GROUP,
  FILTERED_VEHICLE_GROUP,
  SEARCH,
  type SeedTarget,
  seedOperator,
} from './seed-masters';

const LIMIT = 50;
const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};
const ROWS = int('BENCH_ROWS', 100_000);
const OTHER_ROWS = int('BENCH_OTHER_ROWS', 20_000);
const N = Math.max(1, int('BENCH_N', 200));
const WARMUP = int('BENCH_WARMUP', 20);
const PAGES = Math.max(2, int('BENCH_PAGES', 20));
const SLOW_MS = int('BENCH_SLOW_MS', 100);
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
// The harness keeps every log line in memory; at info that is one parsed line per request.
process.env.TEST_LOG_LEVEL ??= 'warn';

// ── measuring ────────────────────────────────────────────────────────────────────────────────────

interface Stats {
  p50: number;
  p95: number;
  max: number;
  n: number;
}
function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)!, n: sorted.length };
}
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const show = (s: Stats) => `p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)} ms  (n=${s.n})`;

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Sort Method'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** The plan's main line (init and sub plans, which name the refs, left out) and the indexes it reads. */
function describePlan(plan: PlanNode) {
  const chain: string[] = [];
  const indexes = new Set<string>();
  let removed = 0;
  let sort: string | undefined;
  const visit = (node: PlanNode) => {
    const label = node['Index Name']
      ? `${node['Node Type']} ${node['Index Name']}`
      : node['Relation Name']
        ? `${node['Node Type']} ${node['Relation Name']}`
        : node['Node Type'];
    chain.push(label);
    if (node['Index Name']) indexes.add(node['Index Name']);
    removed += (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
    if (node['Sort Method']) sort = node['Sort Method'];
    for (const child of node.Plans ?? []) {
      if (child['Parent Relationship'] !== 'InitPlan' && child['Parent Relationship'] !== 'SubPlan')
        visit(child);
    }
  };
  visit(plan);
  return {
    top: plan['Node Type'],
    chain: chain.join(' > '),
    indexes: [...indexes],
    removed,
    sort,
    buffers: { hit: plan['Shared Hit Blocks'] ?? 0, read: plan['Shared Read Blocks'] ?? 0 },
  };
}

interface Scenario {
  name: string;
  path: string;
  definition: MasterDefinition;
  /** The gateway's input; the store's query is built from the same values. */
  input: {
    search?: string;
    filters?: Record<string, string[]>;
    sortBy: string;
    order: 'asc' | 'desc';
  };
  /** Walk this many pages per call instead of reading the first. */
  pages?: number;
  check(records: { values: Record<string, unknown> }[]): void;
}

interface Result {
  scenario: Scenario;
  http: Stats;
  /** Page 20 alone, for the paging scenario. */
  lastPage?: Stats;
  tx: Stats;
  query: Stats;
  explain: { execution: number; planning: number; plan: ReturnType<typeof describePlan>; text: string };
  returned: number;
}

async function measure(
  h: GatewayHarness,
  tenantId: string,
  token: string,
  scenario: Scenario,
): Promise<Result> {
  const auth = bearer(token);
  const pages = scenario.pages ?? 1;
  const cursors: (string | undefined)[] = [];
  let returned = 0;
  // The GET the harness's query() sends, timed from sending to the answer's last byte; decoding the
  // answer (superjson) is the caller's work and is left out of the time.
  const page = async (cursor: string | undefined) => {
    const input = transformer.serialize({ ...scenario.input, cursor, limit: LIMIT });
    const url = `${h.baseUrl}/api/trpc/${scenario.path}?input=${encodeURIComponent(JSON.stringify(input))}`;
    const started = performance.now();
    const response = await fetch(url, { headers: auth });
    const text = await response.text();
    const took = performance.now() - started;
    if (response.status !== 200) throw new Error(`${scenario.path} answered ${response.status}: ${text}`);
    const data = transformer.deserialize(JSON.parse(text).result.data) as {
      records: { values: Record<string, unknown> }[];
      nextCursor: string | null;
    };
    return { took, data };
  };
  // The first walk checks the answers and keeps each page's cursor for the store's runs below.
  let first = true;
  const walk = async (into: number[] | undefined, last: number[] | undefined) => {
    let cursor: string | undefined;
    for (let p = 0; p < pages; p++) {
      const { took, data } = await page(cursor);
      into?.push(took);
      if (p === pages - 1) last?.push(took);
      if (first) {
        scenario.check(data.records);
        cursors[p] = cursor;
        returned = data.records.length;
      }
      if (p < pages - 1) {
        if (!data.nextCursor) throw new Error(`${scenario.name}: no page ${p + 2} to walk to`);
        cursor = data.nextCursor;
      }
    }
    first = false;
  };
  for (let i = 0; i < Math.max(1, Math.ceil(WARMUP / pages)); i++) await walk(undefined, undefined);
  const http: number[] = [];
  const lastPage: number[] = [];
  for (let i = 0; i < N; i++) await walk(http, lastPage);

  // The same query the fleet service runs, built by its store from the same values, on the same pool.
  const { db } = h.database;
  const queryFor = (cursor: string | undefined): ListQuery => ({
    search: scenario.input.search,
    active: 'active',
    filters: Object.entries(scenario.input.filters ?? {}).map(([key, values]) => ({
      field: scenario.definition.filters!.find((f) => f.key === key)!.field,
      values,
    })),
    sortBy: scenario.input.sortBy,
    direction: scenario.input.order,
    cursor,
    limit: LIMIT,
    today: operatorDate(new Date()),
  });
  const txTimes: number[] = [];
  const queryTimes: number[] = [];
  const runSql = async (cursor: string | undefined, record: boolean) => {
    const started = performance.now();
    let queried = 0;
    const found = await db.withTenant(tenantId, async (tx) => {
      const t0 = performance.now();
      const result = await listRecords(tx, scenario.definition, queryFor(cursor));
      queried = performance.now() - t0;
      return result;
    });
    const took = performance.now() - started;
    if (found.length === 0) throw new Error(`${scenario.name}: the store found nothing`);
    if (record) {
      txTimes.push(took);
      queryTimes.push(queried);
    }
  };
  for (let i = 0; i < Math.max(1, Math.ceil(WARMUP / pages)); i++) {
    for (let p = 0; p < pages; p++) await runSql(cursors[p], false);
  }
  for (let i = 0; i < N; i++) {
    for (let p = 0; p < pages; p++) await runSql(cursors[p], true);
  }

  // EXPLAIN the statement listRecords writes (for the paging scenario, its last page).
  let statement: SQL | undefined;
  const capture = {
    execute: async (query: SQL) => {
      statement = query;
      return { rows: [] };
    },
  } as unknown as Tx;
  await listRecords(capture, scenario.definition, queryFor(cursors[pages - 1]));
  const explained: { execution: number; planning: number; plan: PlanNode }[] = [];
  let text = '';
  await db.withTenant(tenantId, async (tx) => {
    for (let i = 0; i < 5; i++) {
      const result = (await tx.execute(
        sql`explain (analyze, buffers, format json) ${statement!}`,
      )) as unknown as {
        rows: { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }] }[];
      };
      const [one] = result.rows[0]!['QUERY PLAN'];
      explained.push({ execution: one['Execution Time'], planning: one['Planning Time'], plan: one.Plan });
    }
    const result = (await tx.execute(sql`explain (analyze, buffers) ${statement!}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    text = result.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
  explained.sort((a, b) => a.execution - b.execution);
  const median = explained[Math.floor(explained.length / 2)]!;
  return {
    scenario,
    http: stats(http),
    lastPage: pages > 1 ? stats(lastPage) : undefined,
    tx: stats(txTimes),
    query: stats(queryTimes),
    explain: {
      execution: median.execution,
      planning: median.planning,
      plan: describePlan(median.plan),
      text,
    },
    returned,
  };
}

// ── the run ──────────────────────────────────────────────────────────────────────────────────────

/** Sorted by a field (in the database's collation): equal values come together, nothing repeats later. */
const groupedBy = (field: string) => (records: { values: Record<string, unknown> }[]) => {
  const keys = records.map((r) => String(r.values[field] ?? ''));
  const runs = keys.filter((k, i) => i === 0 || k !== keys[i - 1]);
  if (new Set(runs).size !== runs.length) throw new Error(`the page is not sorted by ${field}`);
};

const h = await bootGateway({
  env: { RATE_LIMIT_PER_MINUTE: '100000000', RATE_LIMIT_PER_USER_PER_MINUTE: '100000000' },
});
let failed = false;
try {
  const bootedAt = performance.now();
  const tenantOf = async (token: string) => {
    const me = await h.query('user.me', undefined, bearer(token));
    if (me.status !== 200) throw new Error(`user.me answered ${me.status}: ${JSON.stringify(me.body)}`);
    return (me.body.result!.data as { tenant: { id: string } }).tenant.id;
  };
  const other = await h.signIn(undefined, { operatorName: 'Other Cabs' });
  const owner = await h.signIn(undefined, { operatorName: 'Bench Travels' });
  const seedTarget = (token: string): SeedTarget => ({
    db: h.database.db,
    async create(path, values) {
      const created = await h.mutate(path, { values }, bearer(token));
      if (created.status !== 200) {
        throw new Error(`${path} answered ${created.status}: ${JSON.stringify(created.body)}`);
      }
      return (created.body.result!.data as { id: string }).id;
    },
  });
  const otherTenant = await tenantOf(other.token);
  const tenant = await tenantOf(owner.token);

  console.log(
    `seeding: ${ROWS} vehicles and ${ROWS} customers (+ ${OTHER_ROWS} of each for another operator)`,
  );
  const seedStarted = performance.now();
  await seedOperator(seedTarget(other.token), otherTenant, OTHER_ROWS);
  const { vehicleGroups, customerGroups } = await seedOperator(seedTarget(owner.token), tenant, ROWS);
  await settleTables(
    h.database.url,
    ['vehicles', 'connections', 'drivers', 'vehicle_groups', 'customer_groups'].map((t) => `masters.${t}`),
  );
  const client = new pg.Client({ connectionString: h.database.url });
  await client.connect();
  try {
    const sizes = await client.query<{ name: string; rows: string; size: string }>(`
      select c.relname as name, c.reltuples::bigint::text as rows,
        pg_size_pretty(pg_total_relation_size(c.oid)) as size
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'masters' and c.relname in ('vehicles', 'connections', 'drivers') order by 1`);
    console.log(
      `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s, vacuumed and analysed: ${sizes.rows
        .map((r) => `${r.name} ${r.rows} rows ${r.size}`)
        .join(', ')}`,
    );
  } finally {
    await client.end();
  }

  const vehicleGroup = vehicleGroups[FILTERED_VEHICLE_GROUP]!;
  const customerGroup = customerGroups[FILTERED_CUSTOMER_GROUP]!;
  const byGroup = (records: { values: Record<string, unknown> }[]) => {
    if (records.some((r) => r.values.vehicle_group_id !== vehicleGroup))
      throw new Error('filter not applied');
  };
  const scenarios: Scenario[] = [
    {
      name: `vehicles: group ${FILTERED_VEHICLE_GROUP}, vehicle_model asc, page 1`,
      path: 'masters.vehicle.list',
      definition: vehicleMaster,
      input: { filters: { vehicle_groups: [vehicleGroup] }, sortBy: 'vehicle_model', order: 'asc' },
      check: (records) => {
        byGroup(records);
        groupedBy('vehicle_model')(records);
      },
    },
    {
      name: `vehicles: group ${FILTERED_VEHICLE_GROUP}, vehicle_model asc, pages 1-${PAGES} by cursor`,
      path: 'masters.vehicle.list',
      definition: vehicleMaster,
      input: { filters: { vehicle_groups: [vehicleGroup] }, sortBy: 'vehicle_model', order: 'asc' },
      pages: PAGES,
      check: byGroup,
    },
    {
      name: 'vehicles: vehicle_no desc, page 1',
      path: 'masters.vehicle.list',
      definition: vehicleMaster,
      input: { sortBy: 'vehicle_no', order: 'desc' },
      check: () => {},
    },
    {
      name: `customers: group ${FILTERED_CUSTOMER_GROUP} + city ${FILTERED_CITY}, name asc, page 1`,
      path: 'masters.customer.list',
      definition: customerMaster,
      input: {
        filters: { customer_groups: [customerGroup], cities: [FILTERED_CITY] },
        sortBy: 'name',
        order: 'asc',
      },
      check: (records) => {
        if (
          records.some(
            (r) => r.values.customer_group_id !== customerGroup || r.values.city_id !== FILTERED_CITY,
          )
        ) {
          throw new Error('filter not applied');
        }
      },
    },
    {
      name: `customers: search '${SEARCH}', created_at desc, page 1`,
      path: 'masters.customer.list',
      definition: customerMaster,
      input: { search: SEARCH, sortBy: 'created_at', order: 'desc' },
      check: (records) => {
        const hit = (r: { values: Record<string, unknown> }) =>
          ['name', 'phone', 'email'].some((f) =>
            String(r.values[f] ?? '')
              .toLowerCase()
              .includes(SEARCH),
          );
        if (!records.every(hit)) throw new Error('search not applied');
      },
    },
  ];

  const results: Result[] = [];
  for (const scenario of scenarios) {
    const result = await measure(h, tenant, owner.token, scenario);
    results.push(result);
    const { plan } = result.explain;
    console.log(`\n${scenario.name}  (${result.returned} rows on the ${scenario.pages ? 'last ' : ''}page)`);
    console.log(`  gateway HTTP ${scenario.pages ? 'per page ' : ''}  ${show(result.http)}`);
    if (result.lastPage) console.log(`  gateway HTTP page ${PAGES}   ${show(result.lastPage)}`);
    console.log(`  store, withTenant tx ${show(result.tx)}`);
    console.log(`  store, query alone   ${show(result.query)}`);
    console.log(
      `  EXPLAIN ANALYZE${scenario.pages ? ` page ${PAGES}` : ''}: execution ${ms(result.explain.execution)} ms, planning ${ms(result.explain.planning)} ms, buffers hit ${plan.buffers.hit} read ${plan.buffers.read}, rows removed by filter ${plan.removed}${plan.sort ? `, sort ${plan.sort}` : ''}`,
    );
    console.log(`  plan: ${plan.chain}`);
    console.log(`  index: ${plan.indexes.join(', ') || 'none (no index used)'}`);
    if (result.query.p95 > SLOW_MS || result.explain.execution > SLOW_MS) {
      console.log(`  slow at the SQL level; the full plan:\n${result.explain.text.replace(/^/gm, '    ')}`);
    }
  }

  const columns = [
    ['scenario', 66],
    ['http p50', 9],
    ['http p95', 9],
    ['http max', 9],
    ['sql p50', 8],
    ['sql p95', 8],
    ['tx p95', 8],
    ['explain', 8],
    ['plan (top node / index)', 0],
  ] as const;
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(columns[i]![1]) : cell.padStart(columns[i]![1]))).join(' ');
  console.log(
    `\nmasters lists, ${ROWS} rows per master for the operator (+${OTHER_ROWS} for another), limit ${LIMIT}, N=${N}, times in ms`,
  );
  console.log(line(columns.map(([name]) => name)));
  for (const r of results) {
    console.log(
      line([
        r.scenario.name.slice(0, 66),
        ms(r.http.p50),
        ms(r.http.p95),
        ms(r.http.max),
        ms(r.query.p50),
        ms(r.query.p95),
        ms(r.tx.p95),
        ms(r.explain.execution),
        ` ${r.explain.plan.top} / ${r.explain.plan.indexes.join(', ') || 'no index'}`,
      ]),
    );
  }
  console.log(
    '\nhttp: GET /api/trpc/<path> to the gateway, sent to last byte (the paging row: every page); sql: listRecords alone inside the ' +
      "operator's transaction; tx: db.withTenant around it (BEGIN, role, operator, COMMIT); explain: " +
      `EXPLAIN ANALYZE execution time (the paging row: page ${PAGES}). Whole run ${((performance.now() - bootedAt) / 1000).toFixed(0)} s; ` +
      `${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (one, five, fifteen minutes; PostgreSQL and other work on this machine count too).`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  if (KEEP_DB) {
    await h.gateway.close();
    await h.testBus.close();
    await h.database.db.close();
    console.log(`database kept: ${h.database.url}`);
  } else {
    await h.close();
  }
}
process.exit(failed ? 1 : 0);
