import { resolve } from 'node:path';
import { gatewayConfigSchema, startGateway } from '@fleet/gateway';
import {
  type AnyServiceDefinition,
  ConfigError,
  connectorFor,
  createCallerCodec,
  createJetStreamBus,
  createLogger,
  createPostgresDatabase,
  handleShutdownSignals,
  type LocalSecret,
  type Logger,
  loadConfig,
  type ModuleTable,
  sessionSigningKeys,
  startMetricsServer,
  startRpcServer,
} from '@fleet/platform';
import pg from 'pg';
import { GATEWAY, SERVICES } from './modules';
import { connectServices } from './product';
import { type RuntimeConfig, runtimeConfigSchema, serviceUrls } from './runtime-config';
import { distributedSecrets } from './secrets';

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

function internalSecret(runtime: RuntimeConfig, localSecret: LocalSecret): string {
  if (runtime.INTERNAL_AUTH_SECRET) return runtime.INTERNAL_AUTH_SECRET;
  if (runtime.NODE_ENV === 'production') {
    throw new ConfigError([{ variable: 'INTERNAL_AUTH_SECRET', message: 'required in production' }]);
  }
  return localSecret('INTERNAL_AUTH_SECRET');
}

/**
 * One service of the table in this process: its settings parsed before anything opens, its own
 * database pool and bus connection, its background work, gRPC on GRPC_PORT (else its port in the
 * table) with metrics; on SIGTERM everything stops in reverse order.
 */
const localSecretsOf = (runtime: RuntimeConfig) =>
  distributedSecrets({ dataDir: resolve(runtime.DATA_DIR), listenHost: runtime.LISTEN_HOST });

async function runService(
  service: AnyServiceDefinition,
  table: ModuleTable,
  runtime: RuntimeConfig,
  logger: Logger,
) {
  const localSecret = localSecretsOf(runtime);
  const settings = service.settings(process.env, localSecret);
  const codec = createCallerCodec(internalSecret(runtime, localSecret));
  await ensureDatabase(runtime.DATABASE_URL, logger);
  const db = createPostgresDatabase(runtime.DATABASE_URL, {
    max: runtime.DATABASE_POOL_SIZE,
    applicationName: `fleet-${service.name}`,
  });
  const bus = await createJetStreamBus({
    url: runtime.NATS_URL,
    name: `fleet-${service.name}`,
    logger,
    replicas: runtime.NATS_STREAM_REPLICAS,
  });
  const urls = serviceUrls(table, process.env);
  const connect = connectorFor(
    service,
    table,
    (needed) => ({ kind: 'network', baseUrl: urls[needed.name] as string }),
    codec,
  );
  const module = await service.create({ db, bus, logger, connect }, settings);
  await module.start();
  const server = await startRpcServer({
    service: service.name,
    routes: module.routes,
    health: module.health,
    codec,
    logger,
    port: runtime.GRPC_PORT ?? service.port,
    host: runtime.LISTEN_HOST,
  });
  const metrics = await startMetricsServer({ port: runtime.METRICS_PORT, host: runtime.METRICS_HOST });
  // Reverse order on SIGTERM: stop taking calls and finish those in flight, stop the relay, close pools.
  handleShutdownSignals(logger, [
    () => db.close(),
    () => bus.close(),
    () => metrics.close(),
    () => module.stop(),
    () => server.close(),
  ]);
}

/** The gateway, reaching every service of the table over gRPC at its URL. */
async function runGateway(table: ModuleTable, runtime: RuntimeConfig, logger: Logger) {
  const config = loadConfig(gatewayConfigSchema);
  const urls = serviceUrls(table, process.env);
  const localSecret = localSecretsOf(runtime);
  const signingKeys = sessionSigningKeys(process.env, localSecret);
  const codec = createCallerCodec(internalSecret(runtime, localSecret));
  const bus = await createJetStreamBus({
    url: runtime.NATS_URL,
    name: 'fleet-gateway',
    logger,
    replicas: runtime.NATS_STREAM_REPLICAS,
  });
  const network = (service: AnyServiceDefinition) => ({
    kind: 'network' as const,
    baseUrl: urls[service.name] as string,
  });
  const { clients, readiness } = connectServices(SERVICES, network, codec);
  const gateway = await startGateway({
    services: clients,
    signingKeys,
    bus,
    config,
    logger,
    readiness,
    webDist: runtime.WEB_DIST,
    host: runtime.LISTEN_HOST,
  });
  logger.info(urls, 'gateway reaches the services over gRPC');
  const metrics = await startMetricsServer({
    port: runtime.METRICS_PORT,
    host: runtime.METRICS_HOST,
    readiness: gateway.readiness,
  });
  handleShutdownSignals(logger, [() => bus.close(), () => metrics.close(), () => gateway.close()]);
}

/** One module in this process, talking to the others over gRPC, PostgreSQL and NATS. */
export async function runModule(name: string): Promise<void> {
  const runtime = loadConfig(runtimeConfigSchema);
  const logger = createLogger({ name: `fleet-${name}`, level: runtime.LOG_LEVEL });
  if (name === GATEWAY.name) return runGateway(SERVICES, runtime, logger);
  const service = SERVICES.find((s) => s.name === name);
  if (!service) throw new Error(`Unknown module "${name}".`);
  return runService(service, SERVICES, runtime, logger);
}
