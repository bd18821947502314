import {
  type Database,
  defineService,
  type EventBus,
  type Logger,
  noSettings,
  prepareService,
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
  const { logger, ...service } = await prepareService({
    name: 'bookings',
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    schema: SCHEMA,
    migrations: bookingsMigrations,
    grpcServices: [BookingsService.typeName],
  });
  const useCases = createBookingsUseCases({ db: deps.db, logger, clock: deps.clock ?? (() => new Date()) });
  return { ...service, useCases, routes: bookingsRoutes(useCases) };
}

export const bookingsService = defineService({
  name: 'bookings',
  description: 'bookings (duties): the lists of every duty tab and the incoming and needs-attention counts',
  grpcService: BookingsService,
  port: 50052,
  needs: [],
  settings: noSettings,
  create: (deps) => createBookingsModule(deps),
});
