import {
  createHealthReporter,
  createOutboxRelay,
  type Database,
  type EventBus,
  type Logger,
  migrate,
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
  const logger = deps.logger.child({ module: 'identity' });
  await migrate(deps.db, SCHEMA, identityMigrations, logger);
  const useCases = createIdentityUseCases({
    db: deps.db,
    logger,
    sms: deps.sms ?? createLogSmsProvider(logger),
    clock: deps.clock ?? (() => new Date()),
    settings: deps.settings,
    tokens: createSessionTokens(deps.settings.signingKeys),
  });
  const relay = createOutboxRelay({ db: deps.db, schema: SCHEMA, bus: deps.bus, logger });
  return {
    name: 'identity',
    useCases,
    routes: identityRoutes(useCases),
    health: createHealthReporter([IdentityService.typeName], {
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
