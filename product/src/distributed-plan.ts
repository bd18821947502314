import { resolve } from 'node:path';
import { type Environment, envPrefixOf, type ModuleTable } from '@fleet/platform';
import { GATEWAY } from './modules';

export interface PlannedProcess {
  /** The module it runs: `node --import tsx product/src/main.ts <name>`. */
  name: string;
  /** Its own variables, over the shared environment. */
  env: Record<string, string>;
}

const GATEWAY_METRICS_PORT = 9464;

/** What every process of a local distributed start shares: one data directory, and loopback. */
export function sharedByEveryProcess(environment: Environment) {
  return {
    DATA_DIR: resolve(environment.DATA_DIR || './.data'),
    LISTEN_HOST: environment.LISTEN_HOST || '127.0.0.1',
  };
}

/**
 * One process per service of the table, then the gateway pointed at them. A service listens on
 * `<NAME>_GRPC_PORT` (else its port in the table) and serves metrics on `<NAME>_METRICS_PORT` (else
 * 9465, 9466, … in table order); the gateway, and a service the services it needs, reach each by its
 * URL variable, else on this machine.
 * Every process shares one data directory (DATA_DIR, made absolute), where the secrets that are not
 * set are generated once for all of them, and listens on loopback unless LISTEN_HOST says otherwise
 * (secrets.ts: beyond loopback, secrets must be set).
 */
export function distributedPlan(table: ModuleTable, environment: Environment): PlannedProcess[] {
  const shared = sharedByEveryProcess(environment);
  const services = table.map((service, index) => {
    const grpcPort = environment[`${envPrefixOf(service.name)}_GRPC_PORT`] ?? String(service.port);
    const metricsPort =
      environment[`${envPrefixOf(service.name)}_METRICS_PORT`] ?? String(GATEWAY_METRICS_PORT + 1 + index);
    return { service, grpcPort, metricsPort };
  });
  const urlOf = Object.fromEntries(
    services.map(({ service, grpcPort }) => [
      service.name,
      [service.urlEnv, environment[service.urlEnv] ?? `http://127.0.0.1:${grpcPort}`] as const,
    ]),
  );
  const urlsOf = (names: readonly string[]) => Object.fromEntries(names.map((name) => urlOf[name]!));
  return [
    ...services.map(({ service, grpcPort, metricsPort }) => ({
      name: service.name,
      env: { ...shared, GRPC_PORT: grpcPort, METRICS_PORT: metricsPort, ...urlsOf(service.needs) },
    })),
    {
      name: GATEWAY.name,
      env: {
        ...shared,
        METRICS_PORT: environment.GATEWAY_METRICS_PORT ?? String(GATEWAY_METRICS_PORT),
        ...urlsOf(table.map((service) => service.name)),
      },
    },
  ];
}
