import {
  type Database,
  defineService,
  type EventBus,
  type Logger,
  noSettings,
  prepareService,
  type ServiceModule,
} from '@fleet/platform';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { mastersRoutes } from './rpc/masters-handlers';
import { createPostgresFileStore, type FileContentStore } from './storage/file-store';
import { mastersMigrations, SCHEMA } from './storage/migrations';
import { upsertReferenceData } from './storage/reference-data-upsert';
import { createMastersUseCases, type MastersUseCases } from './use-cases';

export interface MastersModuleDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** The current time; the system clock unless a test fixes it. */
  clock?: () => Date;
  /** Where uploaded bytes go; PostgreSQL unless configured otherwise. */
  files?: FileContentStore;
}

export interface MastersModule extends ServiceModule {
  useCases: MastersUseCases;
}

/** Masters as a module: migrated schema, the masters, rate cards and files, gRPC routes, outbox relay. */
export async function createMastersModule(deps: MastersModuleDeps): Promise<MastersModule> {
  const { logger, ...service } = await prepareService({
    name: 'masters',
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    schema: SCHEMA,
    migrations: mastersMigrations,
    referenceData: upsertReferenceData,
    grpcServices: [MastersService.typeName],
  });
  const useCases = createMastersUseCases({
    db: deps.db,
    logger,
    clock: deps.clock ?? (() => new Date()),
    files: deps.files ?? createPostgresFileStore(),
  });
  return { ...service, useCases, routes: mastersRoutes(useCases) };
}

export const mastersService = defineService({
  name: 'masters',
  description:
    'the masters: vehicles, drivers, customers, suppliers, duty types, pricing and rate cards, uploads',
  grpcService: MastersService,
  port: 50053,
  needs: [],
  settings: noSettings,
  create: (deps) => createMastersModule(deps),
});
