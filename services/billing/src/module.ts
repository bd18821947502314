import type { Client } from '@connectrpc/connect';
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
import { BillingService } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { startDutiesConsumer } from './events/duties-consumer';
import { createMasterCopies, type MasterCopies } from './read-models/master-copies';
import { billingRoutes } from './rpc/billing-handlers';
import { billingMigrations, SCHEMA } from './storage/migrations';
import { type BillingUseCases, createBillingUseCases } from './use-cases';
import { type AutoInvoicer, type AutoInvoicerOptions, createAutoInvoicer } from './workers/auto-invoicer';

export interface BillingModuleDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** Reaches masters, whose records billing keeps copies of, and bookings, which draws duty slips. */
  connect: ServiceConnector;
  /** The current time; the system clock unless a test fixes it. */
  clock?: () => Date;
  /** The auto-invoicer's timing (tests shorten it). */
  autoInvoicer?: Pick<AutoInvoicerOptions, 'pollMs' | 'batchSize'>;
}

export interface BillingModule extends ServiceModule {
  useCases: BillingUseCases;
  /** Billing's copies of the masters it reads. */
  copies: MasterCopies;
  /** Invoices duties as they close for customers who ask for an invoice per duty. */
  autoInvoicer: AutoInvoicer;
}

/** Billing as a module: migrated schema, read models fed by events, use cases, gRPC routes, health. */
export async function createBillingModule(deps: BillingModuleDeps): Promise<BillingModule> {
  const { logger, ...service } = await prepareService({
    name: 'billing',
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    schema: SCHEMA,
    migrations: billingMigrations,
    grpcServices: [BillingService.typeName],
  });
  const masters = deps.connect(MastersService);
  const copies = createMasterCopies({ db: deps.db, bus: deps.bus, logger, masters });
  const clock = deps.clock ?? (() => new Date());
  // Resolved at the first duty slips printed, so a billing that prints none needs no bookings.
  let bookings: Client<typeof BookingsService> | undefined;
  const bookingsClient = () => {
    bookings ??= deps.connect(BookingsService);
    return bookings;
  };
  const useCases = createBillingUseCases({ db: deps.db, logger, clock, copies, bookings: bookingsClient });
  const autoInvoicer = createAutoInvoicer({
    db: deps.db,
    logger,
    copies,
    invoicing: useCases.invoicing,
    ...deps.autoInvoicer,
  });
  let consumers: Subscription[] = [];
  return {
    ...service,
    useCases,
    copies,
    autoInvoicer,
    routes: billingRoutes(useCases),
    async start() {
      await service.start();
      consumers = [
        ...(await copies.start()),
        await startDutiesConsumer({ db: deps.db, bus: deps.bus, logger }),
      ];
      autoInvoicer.start();
    },
    async stop() {
      await autoInvoicer.stop();
      for (const consumer of consumers) await consumer.stop();
      await service.stop();
    },
  };
}

export const billingService = defineService({
  name: 'billing',
  description:
    'sales invoices from closed duties (numbering per company and financial year, GST, approval, cancellation and reissue, printing and dispatch), receipts with TDS and settlements (printed, emailed, payment requests with a public link), credit and debit notes, what customers owe and their statements, GSTR-1, the duties suppliers ran with the review of their slips, suppliers’ invoices and payments and what suppliers are owed, petty cash, fuel logs with mileage and vehicle expenses, with copies of the masters and duties it reads',
  grpcService: BillingService,
  port: 50055,
  needs: ['masters', 'bookings'],
  settings: noSettings,
  create: (deps) => createBillingModule(deps),
});
