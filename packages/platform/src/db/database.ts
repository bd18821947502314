import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { APP_ROLE, SYSTEM_ROLE } from './roles';

/** What a unit of work receives: a drizzle handle inside one transaction. */
export type Tx = PgDatabase<PgQueryResultHKT>;

/**
 * One interface over a PostgreSQL pool and an embedded PGlite. Every unit of work is a transaction run
 * as a role that is not the tables' owner, so row-level security always applies:
 * - `withTenant` runs as the app role with the operator set for the transaction;
 * - `read` is the same for a unit of work that only reads: a read-only transaction (PostgreSQL refuses
 *   a write in it) that tells no commit listener, so a list never wakes the outbox relay;
 * - `asSystem` runs as the system role, for the few cross-operator jobs (sign-in lookup, outbox relay),
 *   and `readAsSystem` reads as it (the shared reference lists).
 * The role and the operator are set by one statement, sent with BEGIN as one message on PostgreSQL, so a
 * read waits for its query and one round trip to begin; it is answered before its commit is acknowledged.
 */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  /**
   * `quiet`: the work writes no outbox event, so commit listeners are not told (a stream of such writes,
   * like the driver app's location points, would otherwise wake the outbox relay for nothing each time).
   */
  withTenant<T>(tenantId: string, work: (tx: Tx) => Promise<T>, options?: { quiet?: boolean }): Promise<T>;
  read<T>(tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  readAsSystem<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** `quiet`: commit listeners are not told (the outbox relay's own bookkeeping; see `onCommit`). */
  asSystem<T>(work: (tx: Tx) => Promise<T>, options?: { quiet?: boolean }): Promise<T>;
  /** As the connecting (owner) role; migrations only. */
  asOwner<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * Called after every committed transaction but quiet ones (the outbox relay uses it to publish at
   * once; its own transactions are quiet, or every relay in the process would wake the others forever).
   */
  onCommit(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * Ids as a uuid[] for `= any(…)`. Each is cast inside the subquery: cast outside it, the array coercion
 * calls uuid_in, which is not leakproof, so under row-level security PostgreSQL may not use the condition
 * in an index scan and filters every row of the operator's table instead.
 */
export const idArray = (ids: readonly string[]): SQL =>
  sql`array(select e::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as e)`;

/**
 * `column` is one of `ids`: an equality for one id, so that an index on (…, column, sort key) hands the
 * rows over already in a list's order (a one-element `= any(…)` does not, and the list then filters its
 * way down the sort index instead), else `= any(idArray(ids))`. Lists filtered by a customer, supplier
 * or vehicle are mostly filtered by one.
 */
export const idIn = (column: SQL, ids: readonly string[]): SQL =>
  ids.length === 1 ? sql`${column} = ${ids[0]}::uuid` : sql`${column} = any(${idArray(ids)})`;

/** The PostgreSQL error code (e.g. 23505 unique violation) of a failed query, however it was wrapped. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a failed query violated, when PostgreSQL named one. */
export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type AnyDrizzle = {
  transaction<T>(work: (tx: Tx) => Promise<T>, config?: { accessMode: 'read only' }): Promise<T>;
  execute(q: SQL): Promise<unknown>;
};

/** How a unit of work gets its transaction: begun (read only or not) with the role's and operator's settings. */
type Transact = <T>(
  settings: Settings | undefined,
  work: (tx: Tx) => Promise<T>,
  options: { readOnly?: boolean },
) => Promise<T>;

/** The role a unit of work runs as, and the operator it runs for (the app role only). */
interface Settings {
  role: string;
  tenantId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROLE = /^[a-z_]+$/;

function createDatabase(
  kind: Database['kind'],
  drizzleDb: AnyDrizzle,
  transact: Transact,
  close: () => Promise<void>,
): Database {
  const listeners = new Set<() => void>();
  const committed = () => {
    for (const listener of listeners) listener();
  };
  async function run<T>(
    settings: Settings | undefined,
    work: (tx: Tx) => Promise<T>,
    options: { quiet?: boolean; readOnly?: boolean } = {},
  ): Promise<T> {
    const result = await transact(settings, work, options);
    if (!options.quiet) committed();
    return result;
  }
  const asTenant = (tenantId: string): Settings => {
    if (!UUID.test(tenantId)) throw new Error(`an operator's id is a UUID, not ${JSON.stringify(tenantId)}`);
    return { role: APP_ROLE, tenantId };
  };
  const asSystemRole: Settings = { role: SYSTEM_ROLE };
  return {
    kind,
    async withTenant(tenantId, work, options) {
      return run(asTenant(tenantId), work, options);
    },
    async read(tenantId, work) {
      return run(asTenant(tenantId), work, { quiet: true, readOnly: true });
    },
    asSystem(work, options) {
      return run(asSystemRole, work, options);
    },
    readAsSystem(work) {
      return run(asSystemRole, work, { quiet: true, readOnly: true });
    },
    asOwner(work) {
      return run(undefined, work);
    },
    async ping() {
      await drizzleDb.execute(sql`select 1`);
    },
    onCommit(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close,
  };
}

/**
 * The settings as SQL text of their own: a role name of ours and an operator's id, nothing else.
 * set_config('role', …) is SET LOCAL ROLE as a function, so it joins the operator's setting.
 */
function settingsText({ role, tenantId }: Settings): string {
  if (!ROLE.test(role) || (tenantId !== undefined && !UUID.test(tenantId)))
    throw new Error(`settings that are not a role and an operator: ${JSON.stringify({ role, tenantId })}`);
  const roleSetting = `set_config('role', '${role}', true)`;
  return tenantId === undefined
    ? `select ${roleSetting}`
    : `select ${roleSetting}, set_config('fleet.tenant_id', '${tenantId}', true)`;
}

/** drizzle's own transaction, its first statement the settings: PGlite's queries cost no round trip. */
function drizzleTransactions(drizzleDb: AnyDrizzle): Transact {
  return (settings, work, options) =>
    drizzleDb.transaction(
      async (tx) => {
        if (settings) await tx.execute(sql.raw(settingsText(settings)));
        return work(tx);
      },
      options.readOnly ? { accessMode: 'read only' } : undefined,
    );
}

/**
 * Transactions on a PostgreSQL pool that begin with one message: BEGIN and the settings go as one simple
 * query (no parameters; the settings are checked to be a role name and a UUID), where drizzle's own
 * transaction sends BEGIN and then the settings, each a round trip and a write on both sides. A read is then
 * three round trips (begin with its settings, its query, commit), of which it waits for two. The work
 * gets a drizzle handle on the pool's connection, made once per connection (a handle on a connection, not
 * a transaction: its own `transaction` would begin again rather than take a savepoint, so work never nests).
 */
function poolTransactions(pool: pg.Pool, drizzleDb: AnyDrizzle): Transact {
  const handles = new WeakMap<pg.PoolClient, Tx>();
  const handleOf = (client: pg.PoolClient) => {
    let handle = handles.get(client);
    if (!handle) {
      handle = drizzleNodePg(client);
      handles.set(client, handle);
    }
    return handle;
  };
  const owners = drizzleTransactions(drizzleDb);
  return async (settings, work, options) => {
    // The owner's transactions (migrations) nest savepoints, which drizzle's own transaction handles.
    if (!settings) return owners(settings, work, options);
    const begin = `${options.readOnly ? 'begin read only' : 'begin'}; ${settingsText(settings)}`;
    const client = await pool.connect();
    let broken: Error | undefined;
    let releaseHere = true;
    try {
      await client.query(begin);
      const result = await work(handleOf(client));
      if (options.readOnly) {
        // A read's result is final before its commit (a read-only transaction has nothing to commit), so it
        // is answered at once; the connection goes back to the pool when the commit is acknowledged.
        releaseHere = false;
        client.query('commit').then(
          () => client.release(),
          (failure: Error) => client.release(failure),
        );
        return result;
      }
      await client.query('commit');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not handed to the next caller.
      await client.query('rollback').catch((failure: Error) => {
        broken = failure;
      });
      throw error;
    } finally {
      if (releaseHere) client.release(broken);
    }
  };
}

export function createPostgresDatabase(
  connectionString: string,
  options: { max?: number; applicationName?: string } = {},
): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'fleet',
    // A caller waiting for a connection gives up rather than waiting forever: when every connection is
    // held (a stuck query, a burst) it gets an error it can retry, and one still waiting when the pool
    // is closed is not left hanging (pg-pool never answers a wait it had queued before end()).
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  let ended: Promise<void> | undefined;
  const drizzleDb = drizzleNodePg(pool);
  return createDatabase('postgres', drizzleDb, poolTransactions(pool, drizzleDb), () => {
    ended ??= pool.end();
    return ended;
  });
}

// drizzle keeps these types as text (its own mapping reads them) and hands PGlite the same `parsers`
// with every query; PGlite then copies its whole parser table to merge them, on every query, which was
// half the CPU of an embedded read. PGlite is opened with them instead, and the per-query copy dropped.
const TEXT_TYPES = [
  1114, // timestamp
  1184, // timestamptz
  1186, // interval
  1082, // date
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;
const opened = new WeakSet<PGlite>();

type Query = PGlite['query'];
type QueryOptions = Parameters<Query>[2];

/** A `query` that leaves the per-query parsers out (PGlite was opened with them). */
function withoutParsers(query: Query): Query {
  return <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (!options?.parsers) return query<T>(text, params, options);
    const { parsers: _sameAsOpened, ...rest } = options;
    return query<T>(text, params, rest);
  };
}

/** `target` with some members replaced; every other member as it is, bound to `target`. */
function replacing<T extends object>(target: T, members: { [name: string | symbol]: unknown }): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(members, property)) return members[property];
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** The client as drizzle gets it: its queries, and those of its transactions, without per-query parsers. */
function withoutQueryParsers(client: PGlite): PGlite {
  const transaction: PGlite['transaction'] = (work) =>
    client.transaction((tx) => work(replacing(tx, { query: withoutParsers(tx.query.bind(tx)) })));
  return replacing(client, { query: withoutParsers(client.query.bind(client)), transaction });
}

/** The event loop's turn for timers and sockets: the check phase runs after the poll for I/O. */
const turnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Each transaction begins after a turn of the event loop. PGlite runs a query synchronously on this thread
 * and answers with a settled promise, so a chain of transactions (the demo seed, a burst of events) was
 * one stream of microtasks: no socket was read, no timer fired and `/healthz` went unanswered until it ran
 * dry, minutes on a loaded machine. A turn costs microseconds; the other work then waits one transaction.
 */
function yieldingTransactions(transact: Transact): Transact {
  return async (settings, work, options) => {
    await turnOfTheLoop();
    return transact(settings, work, options);
  };
}

export function createPgliteDatabase(client: PGlite, options: { closeClient?: boolean } = {}): Database {
  const queried = opened.has(client) ? withoutQueryParsers(client) : client;
  const drizzleDb = drizzlePglite(queried);
  return createDatabase(
    'pglite',
    drizzleDb,
    yieldingTransactions(drizzleTransactions(drizzleDb)),
    async () => {
      if (options.closeClient) await client.close();
    },
  );
}

export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const parsers = Object.fromEntries(TEXT_TYPES.map((type) => [type, asText]));
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers });
  opened.add(client);
  return client;
}
