import type { ConnectRouter } from '@connectrpc/connect';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from './db/database';
import { type Migration, migrate } from './db/migrate';
import type { EventBus } from './events/bus';
import { createOutboxRelay } from './events/relay';
import type { Logger } from './logger';
import { createHealthReporter, type HealthReporter } from './rpc/health';

/**
 * What a service is, independent of how it runs: its gRPC routes, its background work (outbox relay,
 * consumers) and its health. The embedded runner and the distributed runner both assemble these.
 */
export interface ServiceModule {
  name: string;
  routes(router: ConnectRouter): void;
  health: HealthReporter;
  /** Starts background work: the outbox relay and event consumers. */
  start(): Promise<void>;
  /** Stops background work and releases the database and bus it opened. */
  stop(): Promise<void>;
}

/**
 * Reference data a service keeps in step at every start (states, cities…): idempotent upserts that
 * write only what differs, so a restart writes nothing and a row added to the code later reaches a
 * database created before it. Migrations create the tables and never carry such rows.
 */
export type ReferenceDataLoader = (tx: Tx, context: { schema: string; logger: Logger }) => Promise<void>;

/**
 * What every service does first, in one place: migrate its schema, load its reference data, relay its
 * outbox to the bus, and report healthy while its database and bus answer. The service adds its routes
 * (and consumers). A migration edited after it was applied rejects this, so the service does not start.
 */
export async function prepareService(options: {
  name: string;
  db: Database;
  bus: EventBus;
  logger: Logger;
  schema: string;
  migrations: Migration[];
  /** Run after the migrations, as the owner, in one transaction under the schema's migration lock. */
  referenceData?: ReferenceDataLoader;
  /** The fully-qualified gRPC services it serves, for named health checks. */
  grpcServices: string[];
}): Promise<Omit<ServiceModule, 'routes'> & { logger: Logger }> {
  const logger = options.logger.child({ module: options.name });
  await migrate(options.db, options.schema, options.migrations, logger);
  const { referenceData, schema } = options;
  if (referenceData) {
    await options.db.asOwner(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fleet-migrate-${schema}`}))`);
      await referenceData(tx, { schema, logger });
    });
  }
  const relay = createOutboxRelay({ db: options.db, schema: options.schema, bus: options.bus, logger });
  return {
    name: options.name,
    logger,
    health: createHealthReporter(options.grpcServices, {
      database: () => options.db.ping(),
      bus: () => options.bus.ping(),
    }),
    async start() {
      relay.start();
    },
    async stop() {
      await relay.stop();
    },
  };
}
