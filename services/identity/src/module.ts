import {
  createSessionTokens,
  createSmsProvider,
  type Database,
  defineService,
  type Environment,
  type EventBus,
  type LocalSecret,
  type Logger,
  loadConfig,
  prepareService,
  type ServiceModule,
  type SmsSettings,
  sessionSigningKeys,
  smsSettingsOf,
} from '@fleet/platform';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { identityConfigSchema } from './config';
import { identityRoutes } from './rpc/identity-handlers';
import type { SmsProvider } from './sms/sms-provider';
import { identityMigrations, SCHEMA } from './storage/migrations';
import { createIdentityUseCases, type IdentitySettings, type IdentityUseCases } from './use-cases';

export interface IdentityModuleDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  settings: IdentitySettings;
  sms: SmsProvider;
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
    sms: deps.sms,
    clock: deps.clock ?? (() => new Date()),
    settings: deps.settings,
    tokens: createSessionTokens(deps.settings.signingKeys),
  });
  return { ...service, useCases, routes: identityRoutes(useCases) };
}

/** What the runners parse for identity: the use cases' settings, and where texts go. */
export interface IdentityServiceSettings extends IdentitySettings {
  smsSettings: SmsSettings;
  /** A provider to use instead of the configured one (tests record the texts this way). */
  sms?: SmsProvider;
}

/** Identity's settings: its variables, with local secrets where they are unset outside production. */
export function identitySettings(env: Environment, localSecret: LocalSecret): IdentityServiceSettings {
  const config = loadConfig(identityConfigSchema, env);
  return {
    signupEnabled: config.SIGNUP_ENABLED,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    signingKeys: config.AUTH_JWT_KEYS ?? sessionSigningKeys(env, localSecret),
    otpSecret: config.OTP_HMAC_SECRET ?? localSecret('OTP_HMAC_SECRET'),
    testOtps: config.AUTH_TEST_OTP ?? new Map(),
    smsSettings: smsSettingsOf(config),
  };
}

export const identityService = defineService({
  name: 'identity',
  description: 'operators, users, phone-OTP sign-in, sessions, permissions, employees, masquerade',
  grpcService: IdentityService,
  port: 50051,
  needs: [],
  secretEnv: ['AUTH_JWT_KEYS', 'OTP_HMAC_SECRET', 'MSG91_AUTH_KEY'],
  settings: identitySettings,
  create: ({ db, bus, logger }, { sms, smsSettings, ...settings }) =>
    createIdentityModule({ db, bus, logger, settings, sms: sms ?? createSmsProvider(smsSettings, logger) }),
});
