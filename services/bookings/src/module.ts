import {
  createHealthReporter,
  createOutboxRelay,
  type Database,
  type EventBus,
  type Logger,
  migrate,
  type ServiceModule,
} from '@fleet/platform';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { bookingsRoutes } from './rpc/bookings-handlers';
import { bookingsMigrations, SCHEMA } from './storage/migrations';
import { type BookingsUseCases, createBookingsUseCases } from './use-cases';

export interface BookingsModuleDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** The current time; the system clock unless a test fixes it. */
  clock?: () => Date;
}

export interface BookingsModule extends ServiceModule {
  useCases: BookingsUseCases;
}

/** Bookings as a module: migrated schema, use cases, gRPC routes, outbox relay, health. */
export async function createBookingsModule(deps: BookingsModuleDeps): Promise<BookingsModule> {
  const logger = deps.logger.child({ module: 'bookings' });
  await migrate(deps.db, SCHEMA, bookingsMigrations, logger);
  const useCases = createBookingsUseCases({
    db: deps.db,
    logger,
    clock: deps.clock ?? (() => new Date()),
  });
  const relay = createOutboxRelay({ db: deps.db, schema: SCHEMA, bus: deps.bus, logger });
  return {
    name: 'bookings',
    useCases,
    routes: bookingsRoutes(useCases),
    health: createHealthReporter([BookingsService.typeName], {
      database: () => deps.db.ping(),
      bus: () => deps.bus.ping(),
    }),
    async start() {
      relay.start();
    },
    async stop() {
      await relay.stop();
    },
  };
}
