import { ConfigError, type Environment, env, type ModuleTable } from '@fleet/platform';
import { z } from 'zod';

/** What every process of the product reads, whichever modules it runs. */
export const runtimeConfigSchema = z.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  /**
   * The installation's local files: embedded mode's PGlite database, the key generated secrets derive
   * from (embedded, and distributed on loopback), the development SMS outbox.
   */
  DATA_DIR: env.dataDir(),
  /**
   * The address the gateway, a service's gRPC and metrics listen on. Distributed processes generate
   * secrets that are not set only when this is a loopback address (secrets.ts).
   */
  LISTEN_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]+$/, 'expected an address to listen on, such as 127.0.0.1 or 0.0.0.0')
    .default('0.0.0.0'),
  /** Distributed mode: the PostgreSQL server every service connects to (each uses its own schema). */
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/fleet'),
  DATABASE_POOL_SIZE: env.positiveInt(10),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  NATS_STREAM_REPLICAS: env.positiveInt(1),
  /** Signs the caller passed between the gateway and services; the same value on every process. */
  INTERNAL_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** A service's gRPC port; when unset, the service's own default from the module table (modules.ts). */
  GRPC_PORT: z.coerce
    .number({ message: 'expected a port number' })
    .int('expected a whole port number')
    .min(0)
    .max(65535)
    .optional(),
  METRICS_PORT: env.port(9464),
  /**
   * Where the metrics listener (Prometheus' /metrics, the gateway's detailed /readyz) binds: loopback,
   * so only this machine reaches it; the Kubernetes manifests set 0.0.0.0 so Prometheus can scrape
   * the pod, which no Service or Ingress exposes.
   */
  METRICS_HOST: z
    .string()
    .trim()
    .min(1, 'expected an address such as 127.0.0.1 or 0.0.0.0')
    .default('127.0.0.1'),
  /** Embedded mode: seed a demo operator on first start. */
  DEMO_DATA: env.boolean(true),
  WEB_DIST: z.string().default('web/dist'),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/**
 * Where each service of the table is reached in distributed mode: its URL variable (MASTERS_URL…),
 * else the service's own port on this machine. Refuses a value that is not a URL, naming the variable.
 */
export function serviceUrls(table: ModuleTable, environment: Environment): Record<string, string> {
  const urls: Record<string, string> = {};
  const problems: { variable: string; message: string }[] = [];
  for (const service of table) {
    const value = environment[service.urlEnv] || `http://127.0.0.1:${service.port}`;
    const parsed = z.url({ protocol: /^https?$/ }).safeParse(value);
    if (parsed.success) urls[service.name] = value;
    else {
      problems.push({
        variable: service.urlEnv,
        message: `expected a URL such as http://${service.name}:${service.port}`,
      });
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return urls;
}
