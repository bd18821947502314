import {
  type Database,
  defineService,
  type EventBus,
  type Logger,
  noSettings,
  prepareService,
  type ServiceConnector,
  type ServiceModule,
  type Subscription,
} from '@fleet/platform';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { startInvoicesConsumer } from './events/invoices-consumer';
import { createMasterCopies, type MasterCopies } from './read-models/master-copies';
import { bookingsRoutes } from './rpc/bookings-handlers';
import { bookingsMigrations, SCHEMA } from './storage/migrations';
import { type BookingsUseCases, createBookingsUseCases } from './use-cases';
import {
  createSlipAutoAccept,
  type SlipAutoAccept,
  type SlipAutoAcceptOptions,
} from './workers/slip-auto-accept';

export interface BookingsModuleDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** Reaches masters, whose records bookings keeps copies of. */
  connect: ServiceConnector;
  /** The current time; the system clock unless a test fixes it. */
  clock?: () => Date;
  /** The slip auto-accept worker's timing (tests shorten it). */
  slipAutoAccept?: Pick<SlipAutoAcceptOptions, 'pollMs' | 'leaseMs' | 'batchSize'>;
}

export interface BookingsModule extends ServiceModule {
  useCases: BookingsUseCases;
  /** Bookings' copies of the masters it reads. */
  copies: MasterCopies;
  /** Takes passengers' unanswered digital slips as accepted at their due time. */
  slipAutoAccept: SlipAutoAccept;
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
  const masters = deps.connect(MastersService);
  const copies = createMasterCopies({ db: deps.db, bus: deps.bus, logger, masters });
  const clock = deps.clock ?? (() => new Date());
  const useCases = createBookingsUseCases({ db: deps.db, logger, clock, copies, masters });
  const slipAutoAccept = createSlipAutoAccept({
    db: deps.db,
    logger,
    clock,
    facts: useCases.passengerPages.facts,
    ...deps.slipAutoAccept,
  });
  let consumers: Subscription[] = [];
  return {
    ...service,
    useCases,
    copies,
    slipAutoAccept,
    routes: bookingsRoutes(useCases),
    async start() {
      await service.start();
      await useCases.locationTracking.preparePartitions();
      consumers = [
        ...(await copies.start()),
        await startInvoicesConsumer({ db: deps.db, bus: deps.bus, logger }),
      ];
      slipAutoAccept.start();
    },
    async stop() {
      await slipAutoAccept.stop();
      for (const consumer of consumers) await consumer.stop();
      await service.stop();
    },
  };
}

export const bookingsService = defineService({
  name: 'bookings',
  description:
    'bookings (duties): taking and changing them, their status machine, allotment, slips and charges, the duty tabs, the driver app’s duties, trips and locations, with copies of the masters it reads',
  grpcService: BookingsService,
  port: 50052,
  needs: ['masters'],
  settings: noSettings,
  create: (deps) => createBookingsModule(deps),
});
