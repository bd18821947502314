import { type Environment, envPrefixOf, type ModuleTable } from '@fleet/platform';
import { GATEWAY } from './modules';
export interface PlannedProcess {
  /** The module it runs: `node --import tsx product/src/main.ts <name>`. */
  name: string;
  /** Its own variables, over the shared environment. */
  env: Record<string, string>;
}

const GATEWAY_METRICS_PORT = 9464;

/**
 * One process per service of the table, then the gateway pointed at them. A service listens on
 * `<NAME>_GRPC_PORT` (else its port in the table) and serves metrics on `<NAME>_METRICS_PORT` (else
 * 9465, 9466, … in table order); the gateway reaches each by its URL variable, else on this machine.
 */
export function distributedPlan(table: ModuleTable, environment: Environment): PlannedProcess[] {
  const services = table.map((service, index) => {
    const grpcPort = environment[`${envPrefixOf(service.name)}_GRPC_PORT`] ?? String(service.port);
    const metricsPort =
      environment[`${envPrefixOf(service.name)}_METRICS_PORT`] ?? String(GATEWAY_METRICS_PORT + 1 + index);
    return { service, grpcPort, metricsPort };
  });
  return [
    ...services.map(({ service, grpcPort, metricsPort }) => ({
      name: service.name,
      env: { GRPC_PORT: grpcPort, METRICS_PORT: metricsPort },
    })),
    {
      name: GATEWAY.name,
      env: {
        METRICS_PORT: environment.GATEWAY_METRICS_PORT ?? String(GATEWAY_METRICS_PORT),
        ...Object.fromEntries(
          services.map(({ service, grpcPort }) => [
            service.urlEnv,
            environment[service.urlEnv] ?? `http://127.0.0.1:${grpcPort}`,
          ]),
        ),
      },
    },
  ];
}
