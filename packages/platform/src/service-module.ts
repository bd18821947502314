import type { ConnectRouter } from '@connectrpc/connect';
import type { Database } from './db/database';
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
 * What every service does first, in one place: migrate its schema, relay its outbox to the bus, and
 * report healthy while its database and bus answer. The service adds its routes (and consumers).
 */
export async function prepareService(options: {
  name: string;
  db: Database;
  bus: EventBus;
  logger: Logger;
  schema: string;
  migrations: Migration[];
  /** The fully-qualified gRPC services it serves, for named health checks. */
  grpcServices: string[];
}): Promise<Omit<ServiceModule, 'routes'> & { logger: Logger }> {
  const logger = options.logger.child({ module: options.name });
  await migrate(options.db, options.schema, options.migrations, logger);
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
