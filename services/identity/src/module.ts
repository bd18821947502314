import {
  type Database,
  type EventBus,
  type Logger,
  prepareService,
  type ServiceModule,
} from '@fleet/platform';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { createSessionTokens } from './domain/session-token';
import { identityRoutes } from './rpc/identity-handlers';
import { createLogSmsProvider, type SmsProvider } from './sms/sms-provider';
import { identityMigrations, SCHEMA } from './storage/migrations';
import { createIdentityUseCases, type IdentitySettings, type IdentityUseCases } from './use-cases';

export interface IdentityModuleDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  settings: IdentitySettings;
  sms?: SmsProvider;
  clock?: () => Date;
}

export interface IdentityModule extends ServiceModule {
  useCases: IdentityUseCases;
}

/** Identity as a module: migrated schema, use cases, gRPC routes, outbox relay, health. */
export async function createIdentityModule(deps: IdentityModuleDeps): Promise<IdentityModule> {
  const { logger, ...service } = await prepareService({
    name: 'identity',
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    schema: SCHEMA,
    migrations: identityMigrations,
    grpcServices: [IdentityService.typeName],
  });
  const useCases = createIdentityUseCases({
    db: deps.db,
    logger,
    sms: deps.sms ?? createLogSmsProvider(logger),
    clock: deps.clock ?? (() => new Date()),
    settings: deps.settings,
    tokens: createSessionTokens(deps.settings.signingKeys),
  });
  return { ...service, useCases, routes: identityRoutes(useCases) };
}
