import {
  createSessionTokens,
  type Database,
  defineService,
  type Environment,
  type EventBus,
  type LocalSecret,
  type Logger,
  loadConfig,
  prepareService,
  type ServiceConnector,
  type ServiceModule,
  type Subscription,
  sessionSigningKeys,
} from '@fleet/platform';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import { identityConfigSchema } from './config';
import { startDriverDirectoryConsumer } from './events/driver-directory-consumer';
import { identityRoutes } from './rpc/identity-handlers';
import { identityMigrations, SCHEMA } from './storage/migrations';
import { createIdentityUseCases, type IdentitySettings, type IdentityUseCases } from './use-cases';

export interface IdentityModuleDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  settings: IdentitySettings;
  /** Reaches messaging, which texts the one-time codes. */
  connect: ServiceConnector;
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
    messaging: deps.connect(MessagingService),
    clock: deps.clock ?? (() => new Date()),
    settings: deps.settings,
    tokens: createSessionTokens(deps.settings.signingKeys),
  });
  let consumers: Subscription[] = [];
  return {
    ...service,
    useCases,
    routes: identityRoutes(useCases),
    async start() {
      await service.start();
      consumers = [
        await startDriverDirectoryConsumer({
          db: deps.db,
          bus: deps.bus,
          logger,
          driverAccounts: useCases.driverAccounts,
        }),
      ];
    },
    async stop() {
      for (const consumer of consumers) await consumer.stop();
      await service.stop();
    },
  };
}

/** Identity's settings: its variables, with local secrets where they are unset outside production. */
export function identitySettings(env: Environment, localSecret: LocalSecret): IdentitySettings {
  const config = loadConfig(identityConfigSchema, env);
  return {
    signupEnabled: config.SIGNUP_ENABLED,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    signingKeys: config.AUTH_JWT_KEYS ?? sessionSigningKeys(env, localSecret),
    otpSecret: config.OTP_HMAC_SECRET ?? localSecret('OTP_HMAC_SECRET'),
    testOtps: config.AUTH_TEST_OTP ?? new Map(),
  };
}

export const identityService = defineService({
  name: 'identity',
  description:
    'operators, users, drivers’ app accounts (from the driver master), phone-OTP sign-in (the codes texted through messaging), sessions, permissions, employees, masquerade',
  grpcService: IdentityService,
  port: 50051,
  needs: ['messaging'],
  secretEnv: ['AUTH_JWT_KEYS', 'OTP_HMAC_SECRET'],
  settings: identitySettings,
  create: ({ db, bus, logger, connect }, settings) =>
    createIdentityModule({ db, bus, logger, connect, settings }),
});
