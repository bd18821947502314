import { join, resolve } from 'node:path';
import { gatewayConfigSchema } from '@fleet/gateway';
import {
  createCallerCodec,
  createInProcessBus,
  createLogger,
  createPgliteDatabase,
  handleShutdownSignals,
  loadConfig,
  openPglite,
  smsConfigSchema,
  smsSettingsOf,
  startMetricsServer,
} from '@fleet/platform';
import { DEMO_CODE, DEMO_DRIVER_PHONE, DEMO_OWNER_PHONE, seedDemoOperator, withDemoTestOtps } from './demo';
import { SERVICES } from './modules';
import { startEmbeddedProduct } from './product';
import { runtimeConfigSchema } from './runtime-config';
import { installationSecrets } from './secrets';
import { ensureWebBuilt } from './web-build';

/** How this machine reaches a listener bound to `host`. */
function urlOf(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** `npm start`: the whole product in this process on PGlite under DATA_DIR, with in-process events. */
export async function runEmbedded(): Promise<void> {
  const started = Date.now();
  const runtime = loadConfig(runtimeConfigSchema);
  const logger = createLogger({ name: 'fleet', level: runtime.LOG_LEVEL });
  const demo = runtime.DEMO_DATA && runtime.NODE_ENV !== 'production';
  const environment = { ...process.env };
  if (demo) environment.AUTH_TEST_OTP = withDemoTestOtps(environment.AUTH_TEST_OTP);
  const gatewayConfig = loadConfig(gatewayConfigSchema);
  const dataDir = resolve(runtime.DATA_DIR);
  const localSecret = installationSecrets(dataDir);
  // Every service's settings are checked before anything is opened or built.
  for (const service of SERVICES) service.settings(environment, localSecret);
  const sms = smsSettingsOf(loadConfig(smsConfigSchema, environment));

  const webDist = resolve(runtime.WEB_DIST);
  await ensureWebBuilt(webDist, logger);
  const pglite = await openPglite(join(dataDir, 'pgdata'));
  const db = createPgliteDatabase(pglite, { closeClient: true });
  const bus = createInProcessBus();
  const product = await startEmbeddedProduct({
    db,
    bus,
    logger,
    codec: createCallerCodec(runtime.INTERNAL_AUTH_SECRET ?? localSecret('INTERNAL_AUTH_SECRET')),
    env: environment,
    localSecret,
    gateway: gatewayConfig,
    host: runtime.LISTEN_HOST,
    webDist,
  });
  const metrics = await startMetricsServer({
    port: runtime.METRICS_PORT,
    host: runtime.METRICS_HOST,
    readiness: product.readiness,
  }).catch((error) => {
    logger.warn(
      { err: error, port: runtime.METRICS_PORT },
      'metrics port unavailable; continuing without /metrics',
    );
    return undefined;
  });
  handleShutdownSignals(logger, [
    () => db.close(),
    () => bus.close(),
    async () => metrics?.close(),
    () => product.stop(),
  ]);

  if (demo) await seedDemoOperator(product, logger);
  const url = `http://localhost:${product.port}`;
  const operator = metrics ? urlOf(runtime.METRICS_HOST, metrics.port) : undefined;
  const lines = [
    '',
    `  Fleet back-office is running at ${url}  (embedded: PGlite in ${dataDir}, in-process events; ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    '',
    demo ? `  Sign in as the demo operator's owner: phone ${DEMO_OWNER_PHONE}, code ${DEMO_CODE}` : '',
    demo
      ? `  The driver app is at ${url}/driver: the demo driver's phone ${DEMO_DRIVER_PHONE}, code ${DEMO_CODE}`
      : '',
    sms.provider === 'log'
      ? `  Or sign in with any other phone to sign up a new operator: its code is in the development SMS outbox, ${sms.outboxFile}`
      : `  Sign-in codes are texted through ${sms.provider}.`,
    `  Health: ${url}/healthz   Readiness: ${url}/readyz`,
    operator ? `  Metrics and readiness for operators: ${operator}/metrics, ${operator}/readyz` : '',
    '',
  ];
  process.stdout.write(
    `${lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1 || i === 2).join('\n')}\n`,
  );
}
