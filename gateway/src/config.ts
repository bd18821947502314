import { env } from '@fleet/platform';
import { z } from 'zod';
import { MOST_TOKENS_PER_CALL } from './rate-limits';

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

/** A rate limit's budget: tokens a minute, enough for the most expensive call (a page of 1,000 rows). */
const tokensPerMinute = (fallback: number) =>
  z.coerce
    .number({ message: 'expected a number' })
    .int('expected a whole number')
    .min(MOST_TOKENS_PER_CALL, `expected at least ${MOST_TOKENS_PER_CALL}, what a page of 1,000 rows costs`)
    .default(fallback);

/**
 * The operator's Firebase web app, as the Firebase console gives it (Project settings → Your apps →
 * SDK setup, "Config"), with the public key of its Web Push certificate (Cloud Messaging → Web
 * configuration) as `vapidKey`. Nothing in it is secret: the driver app receives it to ask FCM for the
 * phone's push token. Keys the console adds for other products (authDomain, storageBucket…) are dropped.
 */
export const firebaseWebConfigSchema = z.object({
  apiKey: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'expected the web API key (AIza…)'),
  projectId: z.string().regex(/^[a-z][a-z0-9-]{4,29}$/, 'expected the Firebase project id'),
  messagingSenderId: z.string().regex(/^\d{6,20}$/, 'expected the sender id: the project number'),
  appId: z.string().regex(/^\d+:\d+:web:[0-9a-f]+$/, 'expected the web app id (1:<number>:web:<hex>)'),
  // An uncompressed P-256 public key (65 bytes), base64url without padding: 87 characters.
  vapidKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'expected the Web Push certificate key pair’s public key'),
});
export type FirebaseWebConfig = z.infer<typeof firebaseWebConfigSchema>;

/** Where Firebase's web SDK goes for a push token (its installation, then its FCM registration). */
export const FIREBASE_PUSH_TOKEN_ORIGINS = [
  'https://firebaseinstallations.googleapis.com',
  'https://fcmregistrations.googleapis.com',
];

function parseFirebaseWebConfig(value: string, ctx: z.RefinementCtx): FirebaseWebConfig {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: 'expected JSON: {"apiKey":…,"projectId":…,"messagingSenderId":…,"appId":…,"vapidKey":…}',
    });
    return z.NEVER;
  }
  const parsed = firebaseWebConfigSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || 'the value'}: ${issue.message}` });
  }
  return z.NEVER;
}

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
  /**
   * Rate limits (rate-limits.ts): tokens a minute for each session, and for each client address's calls
   * without one; a call costs 1, a list call 1 per started 100 rows it asks for.
   */
  RATE_LIMIT_PER_MINUTE: tokensPerMinute(600),
  /** …for all of one user's sessions together. */
  RATE_LIMIT_PER_USER_PER_MINUTE: tokensPerMinute(1200),
  /** Sign-in steps (asking for a code, signing in with it) a minute from one client address… */
  RATE_LIMIT_SIGN_IN_PER_IP_PER_MINUTE: env.positiveInt(30),
  /** …and for one phone number, from wherever they come. */
  RATE_LIMIT_SIGN_IN_PER_PHONE_PER_MINUTE: env.positiveInt(10),
  /**
   * The longest the gateway uses what identity said about a session without asking again. Identity's
   * events (logout, deactivation, permission changes) empty it sooner: this bounds a lost event.
   */
  SESSION_CACHE_SECONDS: env.positiveInt(15),
  /** Sessions the gateway keeps described in memory; the least recently used go first. */
  SESSION_CACHE_SIZE: env.positiveInt(10_000),
  /**
   * The secret part of the URL MSG91 posts delivery reports to (/api/webhooks/sms/msg91/<secret>): MSG91
   * signs nothing, so the URL is the credential. Unset, the webhook does not exist.
   */
  MSG91_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/, {
      message: 'expected 32 to 128 letters, digits, - or _ (e.g. the output of openssl rand -hex 32)',
    })
    .optional(),
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  /**
   * The WhatsApp webhook (/api/webhooks/whatsapp): the Meta app's secret every delivery must be signed
   * with, and the token of the subscription handshake. Unset, the webhook refuses everything.
   */
  WHATSAPP_APP_SECRET: z
    .string()
    .regex(
      /^[0-9a-f]{32}$/,
      'expected the app secret from the app’s basic settings: 32 hexadecimal characters',
    )
    .optional(),
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{16,128}$/, 'expected 16 to 128 letters, digits or . _ ~ -')
    .optional(),
  /**
   * The map tiles under the route on the passenger's digital slip, e.g.
   * https://tile.example.com/{z}/{x}/{y}.png; its origin is let through the pages' Content-Security-Policy.
   * Unset, the route is drawn on a plain background and no request leaves for a tile server.
   */
  /**
   * The Firebase web app the driver app gets its push token from (firebaseWebConfigSchema, as JSON).
   * Unset, the driver app asks for no pushes and the office's pushes reach no phone.
   */
  FIREBASE_WEB_CONFIG: z.string().transform(parseFirebaseWebConfig).optional(),
  MAP_TILE_URL: z
    .url({
      protocol: /^https?$/,
      message: 'expected a tile URL such as https://tiles.example.com/{z}/{x}/{y}.png',
    })
    .refine(
      (url) => ['{z}', '{x}', '{y}'].every((part) => decodeURI(url).includes(part)),
      'expected {z}, {x} and {y} in the tile URL',
    )
    .optional(),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
