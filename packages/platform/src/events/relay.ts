import { sql } from 'drizzle-orm';
import { type Database, rows } from '../db/database';
import type { Logger } from '../logger';
import type { EventBus } from './bus';
import type { BusMessage } from './event-type';

export interface OutboxRelayOptions {
  db: Database;
  schema: string;
  bus: EventBus;
  logger: Logger;
  batchSize?: number;
  /** How long to sleep when the outbox is empty; a commit on the same process wakes it at once. */
  idleMs?: number;
  /** How long a claimed batch stays reserved for this relay before another replica may take it. */
  leaseSeconds?: number;
  /** Test seam: runs after a batch is published and before it is marked published. */
  beforeMarkPublished?: (ids: string[]) => Promise<void>;
}

export interface OutboxRelay {
  start(): void;
  /** Finishes the batch in hand, then stops. */
  stop(): Promise<void>;
  /** Publishes whatever is pending now; resolves when the outbox is drained (or the bus fails). */
  drain(): Promise<void>;
}

const idList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

// The relay's own transactions do not notify commit listeners: otherwise each relay's empty poll
// would wake itself and every other relay in the process, a busy loop that starves the event loop.
const QUIET = { quiet: true };

interface OutboxRow {
  id: string;
  subject: string;
  payload: Uint8Array;
  headers: Record<string, string>;
}

/**
 * Publishes a service's outbox to the bus in commit order. A row is claimed with a lease, published,
 * then marked; a crash between publish and mark republishes it, which JetStream's duplicate window
 * (Nats-Msg-Id = event id) and the consumers' handled-event records both absorb.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, schema, bus, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const idleMs = options.idleMs ?? 500;
  const lease = options.leaseSeconds ?? 30;
  const table = sql.raw(`${schema}.outbox`);
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let unsubscribeCommit: (() => void) | undefined;

  async function publishBatch(): Promise<number> {
    const batch = await db.asSystem(
      (tx) =>
        rows<OutboxRow>(
          tx,
          sql`update ${table} set claimed_until = now() + make_interval(secs => ${lease})
            where seq in (
              select seq from ${table}
              where published_at is null and (claimed_until is null or claimed_until < now())
              order by seq limit ${batchSize} for update skip locked)
            returning id, subject, payload, headers, seq`,
        ),
      QUIET,
    );
    if (batch.length === 0) return 0;
    batch.sort(
      (a, b) => Number((a as unknown as { seq: string }).seq) - Number((b as unknown as { seq: string }).seq),
    );
    const published: string[] = [];
    try {
      for (const row of batch) {
        const message: BusMessage = {
          id: row.id,
          subject: row.subject,
          data: new Uint8Array(row.payload),
          headers: row.headers,
        };
        await bus.publish(message);
        published.push(row.id);
      }
    } finally {
      if (published.length > 0) {
        await options.beforeMarkPublished?.(published);
        await db.asSystem(
          (tx) => tx.execute(sql`update ${table} set published_at = now() where id in ${idList(published)}`),
          QUIET,
        );
      }
      const unpublished = batch.map((r) => r.id).filter((id) => !published.includes(id));
      if (unpublished.length > 0) {
        await db.asSystem(
          (tx) =>
            tx.execute(sql`update ${table} set claimed_until = null where id in ${idList(unpublished)}`),
          QUIET,
        );
      }
    }
    return batch.length;
  }

  async function drain(): Promise<void> {
    while ((await publishBatch()) === batchSize) {
      // keep going while full batches come back
    }
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (running) {
      try {
        await drain();
        failures = 0;
      } catch (error) {
        failures++;
        logger.warn({ err: error, schema }, 'outbox relay could not publish; retrying');
      }
      if (!running) break;
      const delay = failures > 0 ? Math.min(30_000, 250 * 2 ** failures) : idleMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      unsubscribeCommit = db.onCommit(() => setImmediate(() => wake?.()));
      loop = run();
    },
    async stop() {
      running = false;
      unsubscribeCommit?.();
      wake?.();
      await loop;
    },
    drain,
  };
}
