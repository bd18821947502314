import {
  type Database,
  type EventBus,
  type Logger,
  prepareService,
  type ServiceModule,
} from '@fleet/platform';
import { FleetService } from '@fleet/proto/fleet/fleet/v1/fleet_service_pb';
import { fleetRoutes } from './rpc/fleet-handlers';
import { createPostgresFileStore, type FileContentStore } from './storage/file-store';
import { fleetMigrations, SCHEMA } from './storage/migrations';
import { createFleetUseCases, type FleetUseCases } from './use-cases';

export interface FleetModuleDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** The current time; the system clock unless a test fixes it. */
  clock?: () => Date;
  /** Where uploaded bytes go; PostgreSQL unless configured otherwise. */
  files?: FileContentStore;
}

export interface FleetModule extends ServiceModule {
  useCases: FleetUseCases;
}

/** Fleet as a module: migrated schema, the masters, rate cards and files, gRPC routes, outbox relay. */
export async function createFleetModule(deps: FleetModuleDeps): Promise<FleetModule> {
  const { logger, ...service } = await prepareService({
    name: 'fleet',
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    schema: SCHEMA,
    migrations: fleetMigrations,
    grpcServices: [FleetService.typeName],
  });
  const useCases = createFleetUseCases({
    db: deps.db,
    logger,
    clock: deps.clock ?? (() => new Date()),
    files: deps.files ?? createPostgresFileStore(),
  });
  return { ...service, useCases, routes: fleetRoutes(useCases) };
}
