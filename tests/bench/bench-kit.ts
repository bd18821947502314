// What the gateway benchmarks share: reading their settings, the CPU each process has used (Linux's
// /proc), timing gateway calls from a load generator on its own thread, starting the product distributed
// (a process per module on PostgreSQL and NATS) and reading query plans. The calls themselves and their
// timing live in calls.ts, re-exported here.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { type Database, rows, type Tx } from '@fleet/platform';
import { distributedPlan, SERVICES } from '@fleet/product';
import { createTestBus, createTestDatabase } from '@fleet/testing';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import {
  freeDistributedPorts,
  freePort,
  type RunningProcess,
  startModule,
  waitForHttp,
} from '../support/processes';
import { type CpuMeter, cpuPerCall, type Figure } from './calls';
import type { LoadJob, LoadMessage } from './load-worker';

export { type CpuMeter, type Figure, paced, quantile, setup, signUp, time, trpc } from './calls';

/** A whole-number setting from the environment, else its default. */
export const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};

/** The gateway's rate limits out of the way: the bench measures, it does not throttle. */
export const UNLIMITED = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_PER_USER_PER_MINUTE: '100000000',
};

export const ms = (value: number) => (value >= 10 ? value.toFixed(1) : value.toFixed(2));

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The machine a run measured on, and how busy it was when it started. */
export const machineLine = () =>
  `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loads()}, node ${process.version}`;

export const loadLine = () => `load ${loads()}`;

// ── measuring ────────────────────────────────────────────────────────────────────────────────────

const TICKS_PER_SECOND = 100; // USER_HZ: what /proc/<pid>/stat counts in, on every Linux

/** CPU seconds a process has used (user + system), or 0 when it is gone; of one thread, given its id. */
export function cpuSecondsOf(pid: number, thread?: number): number {
  try {
    const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by the PostgreSQL server's processes: a backend that has exited (a pool closes
 * idle connections) keeps counting what it used while it was last seen, so a figure never goes down.
 */
export function postgresMeter(): () => number {
  const seen = new Map<number, number>();
  return () => {
    for (const pid of postgresPids()) seen.set(pid, Math.max(seen.get(pid) ?? 0, cpuSecondsOf(pid)));
    let sum = 0;
    for (const seconds of seen.values()) sum += seconds;
    return sum;
  };
}

/** The pids of the PostgreSQL server's processes (its backends do the queries' work). */
export function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

export const clientCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** CPU seconds of this process's main thread alone: JavaScript's, where its helper threads are not. */
export const mainThreadCpu = () => cpuSecondsOf(process.pid, process.pid);

/**
 * `n` calls of a gateway procedure by `concurrency` clients at once, as `time` with `trpc` would make
 * them, from a load generator on a worker thread (load-worker.ts): the CPU meter is read here when the
 * worker begins and ends its measured calls.
 */
export async function timeGateway(
  job: Omit<LoadJob, 'concurrency' | 'n' | 'warmup'>,
  concurrency: number,
  meter: CpuMeter,
  { n, warmup }: { n: number; warmup: number },
): Promise<Figure> {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: { ...job, concurrency, n, warmup } satisfies LoadJob,
  });
  let before: Record<string, number> = {};
  let after: Record<string, number> = {};
  try {
    const measured = await new Promise<Extract<LoadMessage, { kind: 'figure' }>>((resolve, reject) => {
      worker.on('message', (message: LoadMessage) => {
        if (message.kind === 'measuring') before = meter();
        else if (message.kind === 'measured') after = meter();
        else resolve(message);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the load generator stopped (exit ${code})`)));
    });
    return {
      p50: measured.p50,
      p95: measured.p95,
      perSecond: measured.perSecond,
      cpu: cpuPerCall(before, after, n),
    };
  } finally {
    await worker.terminate();
  }
}

// ── the product distributed ──────────────────────────────────────────────────────────────────────

export interface Distributed {
  base: string;
  /** The fresh database's URL, for a pool of the benchmark's own. */
  url: string;
  /** A small pool on it as the connecting (owner) role, for seeding. */
  db: Database;
  /** The variables the plan was given: `<SERVICE>_GRPC_PORT` and the rest. */
  ports: Record<string, string>;
  /** CPU by group: the gateway, the services, PostgreSQL's backends and this process. */
  cpu: CpuMeter;
  stop(): Promise<void>;
}

/**
 * The product as production runs it: each module its own process on a fresh PostgreSQL database and
 * NATS, `env` over what every process gets; `profile`, a folder: each module writes its CPU profiles
 * (node --cpu-prof) into <folder>/<module>/.
 */
export async function startDistributed(options: {
  secret: string;
  env: Record<string, string>;
  profile?: string;
  /** Leave the database behind when stopping (its URL is `url`), to explain by hand. */
  keepDatabase?: boolean;
}): Promise<Distributed> {
  const database = await createTestDatabase();
  const testBus = await createTestBus();
  const ports = await freeDistributedPorts(SERVICES);
  const httpPort = await freePort();
  const running: RunningProcess[] = [];
  for (const { name, env } of distributedPlan(SERVICES, ports)) {
    running.push(
      startModule(
        name,
        {
          ...env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: database.url,
          NATS_URL: testBus.url,
          INTERNAL_AUTH_SECRET: options.secret,
          AUTH_JWT_KEYS: 'bench:bench-jwt-secret-0123456789abcdef0123456789',
          OTP_HMAC_SECRET: 'bench-otp-secret-0123456789abcdef0123456789',
          PORT: String(httpPort),
          ...UNLIMITED,
          ...options.env,
        },
        options.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(options.profile, name)}`] : [],
      ),
    );
  }
  const base = `http://127.0.0.1:${httpPort}`;
  await waitForHttp(`${base}/readyz`, running.at(-1)!);
  const postgres = postgresMeter();
  return {
    base,
    url: database.url,
    db: database.db,
    ports,
    cpu: () => {
      const pids = running.map((r) => r.child.pid ?? 0);
      return {
        gateway: cpuSecondsOf(pids.at(-1)!),
        services: pids.slice(0, -1).reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
        postgres: postgres(),
        client: clientCpu(),
      };
    },
    async stop() {
      for (const process of running.reverse()) await process.stop();
      await testBus.close();
      if (options.keepDatabase) await database.db.close();
      else await database.drop();
    },
  };
}

/** How long since `started` (performance.now()), in seconds. */
export const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

/**
 * Vacuums and analyzes freshly seeded tables, as autovacuum would have long since on a live database: the
 * planner's statistics, and the visibility map that index-only scans rely on. (VACUUM cannot run inside
 * a transaction, so this takes its own connection.)
 */
export async function settleTables(url: string, tables: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`vacuum (analyze) ${tables.join(', ')}`);
  } finally {
    await client.end();
  }
}

/** A node of PostgreSQL's EXPLAIN (FORMAT JSON), as the benchmarks read it. */
export interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** A plan on one line: each node, what it reads, the rows it gave and those it filtered out (sub-plans left out). */
export function planLine(plan: PlanNode): string {
  const parts: string[] = [];
  const visit = (node: PlanNode) => {
    const on = node['Index Name'] ?? node['Relation Name'];
    const loops = node['Actual Loops'] ?? 1;
    const removed = (node['Rows Removed by Filter'] ?? 0) * loops;
    parts.push(
      `${node['Node Type']}${on ? ` ${on}` : ''} (${(node['Actual Rows'] ?? 0) * loops} rows` +
        `${removed ? `, ${removed} filtered out` : ''})`,
    );
    for (const child of node.Plans ?? [])
      if (child['Parent Relationship'] !== 'InitPlan' && child['Parent Relationship'] !== 'SubPlan')
        visit(child);
  };
  visit(plan);
  return parts.join(' > ');
}

async function explained(tx: Tx, query: SQL, full: boolean): Promise<string> {
  const [row] = await rows<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }>(
    tx,
    sql`explain (analyze, format json) ${query}`,
  );
  const plan = row?.['QUERY PLAN'][0];
  if (!plan) throw new Error('nothing was explained');
  let summary = `${plan['Execution Time'].toFixed(2)} ms: ${planLine(plan.Plan)}`;
  if (full) {
    const lines = await rows<{ 'QUERY PLAN': string }>(tx, sql`explain (analyze, buffers) ${query}`);
    summary += `\n${lines.map((l) => `      ${l['QUERY PLAN']}`).join('\n')}`;
  }
  return summary;
}

/**
 * A query's time and plan on one line, run as the operator's role under row-level security; `full`, the
 * whole plan under it too.
 */
export function planOf(db: Database, tenantId: string, query: SQL, full = false): Promise<string> {
  return db.read(tenantId, (tx) => explained(tx, query, full));
}

/** The same for the query a store's function runs (`work`), explained instead of run. */
export async function planOfWork(
  db: Database,
  tenantId: string,
  work: (tx: Tx) => Promise<unknown>,
  full = false,
): Promise<string> {
  let summary = '';
  await db.read(tenantId, async (tx) => {
    const explaining = new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: SQL) => {
          summary = await explained(target, query, full);
          return { rows: [] };
        };
      },
    });
    await work(explaining);
  });
  if (!summary) throw new Error('nothing was explained');
  return summary;
}
