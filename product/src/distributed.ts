import { createBookingsModule } from '@fleet/bookings';
import { gatewayConfigSchema, startGateway } from '@fleet/gateway';
import { createIdentityModule, identityConfigSchema } from '@fleet/identity';
import { createMastersModule } from '@fleet/masters';
import {
  createCallerCodec,
  createJetStreamBus,
  createLogger,
  createPostgresDatabase,
  exitOnConfigError,
  handleShutdownSignals,
  type Logger,
  loadConfig,
  type ServiceModule,
  startMetricsServer,
  startRpcServer,
} from '@fleet/platform';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import pg from 'pg';
import { MODULES, type ModuleName, type ServiceName } from './modules';
import { connectToService } from './product';
import { type RuntimeConfig, runtimeConfigSchema } from './runtime-config';
import { developmentSecrets } from './secrets';

/** Creates the database named in the URL when the server answers but the database does not exist yet. */
async function ensureDatabase(url: string, logger: Logger): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name || !/^[A-Za-z0-9_]+$/.test(name)) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database ${name}`);
      logger.info({ database: name }, 'database created');
    }
  } catch (error) {
    logger.warn({ err: error }, 'could not check or create the database; connecting anyway');
  } finally {
    await client.end().catch(() => {});
  }
}

function internalSecret(runtime: RuntimeConfig, logger: Logger): string {
  if (runtime.INTERNAL_AUTH_SECRET) return runtime.INTERNAL_AUTH_SECRET;
  if (runtime.NODE_ENV === 'production') {
    process.stderr.write('Invalid configuration:\n  INTERNAL_AUTH_SECRET: required in production\n');
    process.exit(78);
  }
  return developmentSecrets(logger, ['INTERNAL_AUTH_SECRET']).internalSecret;
}

/** What every service process opens: the caller codec, its own database pool and bus connection. */
async function openServiceResources(name: ServiceName, runtime: RuntimeConfig, logger: Logger) {
  const codec = createCallerCodec(internalSecret(runtime, logger));
  await ensureDatabase(runtime.DATABASE_URL, logger);
  const db = createPostgresDatabase(runtime.DATABASE_URL, {
    max: runtime.DATABASE_POOL_SIZE,
    applicationName: `fleet-${name}`,
  });
  const bus = await createJetStreamBus({
    url: runtime.NATS_URL,
    name: `fleet-${name}`,
    logger,
    replicas: runtime.NATS_STREAM_REPLICAS,
  });
  return { codec, db, bus };
}

/**
 * Starts a service module's background work, serves it over gRPC on GRPC_PORT (else its port in the
 * module table) with metrics, and shuts it down in reverse order on SIGTERM.
 */
async function serveModule(
  name: ServiceName,
  module: ServiceModule,
  resources: Awaited<ReturnType<typeof openServiceResources>>,
  runtime: RuntimeConfig,
  logger: Logger,
) {
  const { codec, db, bus } = resources;
  await module.start();
  const server = await startRpcServer({
    service: name,
    routes: module.routes,
    health: module.health,
    codec,
    logger,
    port: runtime.GRPC_PORT ?? MODULES[name].port.default,
  });
  const metrics = await startMetricsServer(runtime.METRICS_PORT);
  // Reverse order on SIGTERM: stop taking calls and finish those in flight, stop the relay, close pools.
  handleShutdownSignals(logger, [
    () => db.close(),
    () => bus.close(),
    () => metrics.close(),
    () => module.stop(),
    () => server.close(),
  ]);
}

async function runIdentity(runtime: RuntimeConfig, logger: Logger) {
  const config = exitOnConfigError(() => loadConfig(identityConfigSchema));
  const missing = [
    !config.AUTH_JWT_KEYS && 'AUTH_JWT_KEYS',
    !config.OTP_HMAC_SECRET && 'OTP_HMAC_SECRET',
  ].filter(Boolean) as string[];
  const dev = developmentSecrets(logger, missing);
  const resources = await openServiceResources('identity', runtime, logger);
  const module = await createIdentityModule({
    db: resources.db,
    bus: resources.bus,
    logger,
    settings: {
      signupEnabled: config.SIGNUP_ENABLED,
      sessionTtlHours: config.SESSION_TTL_HOURS,
      signingKeys: config.AUTH_JWT_KEYS ?? dev.jwtKeys,
      otpSecret: config.OTP_HMAC_SECRET ?? dev.otpSecret,
      testOtps: config.AUTH_TEST_OTP ?? new Map(),
    },
  });
  await serveModule('identity', module, resources, runtime, logger);
}

async function runBookings(runtime: RuntimeConfig, logger: Logger) {
  const resources = await openServiceResources('bookings', runtime, logger);
  const module = await createBookingsModule({ db: resources.db, bus: resources.bus, logger });
  await serveModule('bookings', module, resources, runtime, logger);
}

async function runMasters(runtime: RuntimeConfig, logger: Logger) {
  const resources = await openServiceResources('masters', runtime, logger);
  const module = await createMastersModule({ db: resources.db, bus: resources.bus, logger });
  await serveModule('masters', module, resources, runtime, logger);
}

async function runGateway(runtime: RuntimeConfig, logger: Logger) {
  const config = exitOnConfigError(() => loadConfig(gatewayConfigSchema));
  const codec = createCallerCodec(internalSecret(runtime, logger));
  const identity = connectToService(
    IdentityService,
    { kind: 'network', baseUrl: runtime.IDENTITY_URL },
    codec,
  );
  const bookings = connectToService(
    BookingsService,
    { kind: 'network', baseUrl: runtime.BOOKINGS_URL },
    codec,
  );
  const masters = connectToService(MastersService, { kind: 'network', baseUrl: runtime.MASTERS_URL }, codec);
  const gateway = await startGateway({
    identity: identity.client,
    bookings: bookings.client,
    masters: masters.client,
    config,
    logger,
    readiness: { identity: identity.ready, bookings: bookings.ready, masters: masters.ready },
    webDist: runtime.WEB_DIST,
  });
  logger.info(
    { identity: runtime.IDENTITY_URL, bookings: runtime.BOOKINGS_URL, masters: runtime.MASTERS_URL },
    'gateway reaches the services over gRPC',
  );
  const metrics = await startMetricsServer(runtime.METRICS_PORT);
  handleShutdownSignals(logger, [() => metrics.close(), () => gateway.close()]);
}

/** One module in this process, talking to the others over gRPC, PostgreSQL and NATS. */
export async function runModule(name: Exclude<ModuleName, never>): Promise<void> {
  const runtime = exitOnConfigError(() => loadConfig(runtimeConfigSchema));
  const logger = createLogger({ name: `fleet-${name}`, level: runtime.LOG_LEVEL });
  if (name === 'identity') return runIdentity(runtime, logger);
  if (name === 'bookings') return runBookings(runtime, logger);
  if (name === 'masters') return runMasters(runtime, logger);
  if (name === 'gateway') return runGateway(runtime, logger);
}
