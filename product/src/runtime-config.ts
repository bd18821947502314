import { env } from '@fleet/platform';
import { z } from 'zod';

/** What every process of the product reads, whichever modules it runs. */
export const runtimeConfigSchema = z.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  /** Embedded mode keeps its PGlite database and generated secrets here. */
  DATA_DIR: z.string().default('./.data'),
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
  IDENTITY_URL: z
    .string()
    .url('expected a URL such as http://identity:50051')
    .default('http://127.0.0.1:50051'),
  BOOKINGS_URL: z
    .string()
    .url('expected a URL such as http://bookings:50052')
    .default('http://127.0.0.1:50052'),
  MASTERS_URL: z
    .string()
    .url('expected a URL such as http://masters:50053')
    .default('http://127.0.0.1:50053'),
  /** Embedded mode: seed a demo operator on first start. */
  DEMO_DATA: env.boolean(true),
  WEB_DIST: z.string().default('web/dist'),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
