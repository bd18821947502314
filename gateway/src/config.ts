import { env } from '@fleet/platform';
import { z } from 'zod';

/** `https://app.example.com/` → `https://app.example.com`; refuses anything that is not an http(s) origin. */
function toOrigin(value: string, ctx: z.RefinementCtx): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: `"${value}" is not an origin such as https://fleet.example.com` });
  return z.NEVER;
}

/**
 * Express's `trust proxy`: true/false, a number of hops, or a comma list of addresses and subnets
 * (`loopback, 10.0.0.0/8`).
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value): boolean | number | string => {
    const v = value.trim().toLowerCase();
    if (['true', 'yes'].includes(v)) return true;
    if (['false', 'no'].includes(v)) return false;
    if (/^\d+$/.test(v)) return Number(v);
    return value.trim();
  });

/** The gateway's environment variables; each key is the variable's name. */
export const gatewayConfigSchema = z.object({
  PORT: env.port(3000),
  /** Other origins (besides the gateway's own) allowed to make state-changing requests. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => toOrigin(s, ctx)),
    ),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_PER_MINUTE: env.positiveInt(600),
  /**
   * The longest the gateway uses what identity said about a session without asking again. Identity's
   * events (logout, deactivation, permission changes) empty it sooner: this bounds a lost event.
   */
  SESSION_CACHE_SECONDS: env.positiveInt(15),
  /** Sessions the gateway keeps described in memory; the least recently used go first. */
  SESSION_CACHE_SIZE: env.positiveInt(10_000),
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
