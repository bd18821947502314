import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { env } from '../config';
import type { Logger } from '../logger';
import { createFcmPushProvider, FCM_HOST, type FcmOptions } from './fcm-push-provider';
import { type FcmServiceAccount, parseFcmServiceAccount } from './fcm-service-account';
import { createLogPushProvider } from './log-push-provider';
import type { PushProvider } from './push-provider';

/** The variables that say where driver-app pushes go; a service that pushes puts them in its own schema. */
export const pushConfigShape = {
  NODE_ENV: env.nodeEnv(),
  DATA_DIR: env.dataDir(),
  PUSH_PROVIDER: z.enum(['log', 'fcm'], { message: 'expected fcm, or log (development only)' }).optional(),
  /** Where the log provider appends each push; `<DATA_DIR>/push-outbox.txt` when unset. */
  PUSH_OUTBOX_FILE: z.string().optional(),
  /** The service account's JSON key itself (a secret), as Google Cloud hands it out. */
  FCM_SERVICE_ACCOUNT_JSON: z.string().optional(),
  /** Or a path to that JSON key (a mounted secret). */
  FCM_SERVICE_ACCOUNT_FILE: z.string().optional(),
  FCM_BASE_URL: z
    .url({ protocol: /^https?$/, message: `expected a URL such as ${FCM_HOST}` })
    .default(FCM_HOST),
  FCM_TIMEOUT_MS: z.coerce
    .number({ message: 'expected a number of milliseconds' })
    .int('expected a whole number of milliseconds')
    .min(1_000, 'expected at least 1000 ms')
    .max(60_000, 'expected at most 60000 ms')
    .default(10_000),
};

type PushConfig = z.infer<z.ZodObject<typeof pushConfigShape>>;

const FCM_NEEDS = 'fcm (with FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE)';

const providerOf = (config: PushConfig) =>
  config.PUSH_PROVIDER ?? (config.NODE_ENV === 'production' ? undefined : 'log');

type ServiceAccountRead =
  | { ok: true; account: FcmServiceAccount; variable: keyof PushConfig }
  | { ok: false; variable: keyof PushConfig; message: string };

/** The service account from whichever variable gives it, or the problem, naming that variable. */
function readServiceAccount(config: PushConfig): ServiceAccountRead {
  const { FCM_SERVICE_ACCOUNT_JSON: json, FCM_SERVICE_ACCOUNT_FILE: file } = config;
  if (json && file) {
    return {
      ok: false,
      variable: 'FCM_SERVICE_ACCOUNT_FILE',
      message: 'set FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE, not both',
    };
  }
  if (file) {
    let text: string;
    try {
      text = readFileSync(resolve(file), 'utf8');
    } catch (error) {
      const reason =
        typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
      return {
        ok: false,
        variable: 'FCM_SERVICE_ACCOUNT_FILE',
        message: `could not read ${file} (${reason})`,
      };
    }
    const parsed = parseFcmServiceAccount(text);
    return parsed.ok
      ? { ok: true, account: parsed.account, variable: 'FCM_SERVICE_ACCOUNT_FILE' }
      : { ok: false, variable: 'FCM_SERVICE_ACCOUNT_FILE', message: `${file} ${parsed.reason}` };
  }
  if (json) {
    const parsed = parseFcmServiceAccount(json);
    return parsed.ok
      ? { ok: true, account: parsed.account, variable: 'FCM_SERVICE_ACCOUNT_JSON' }
      : { ok: false, variable: 'FCM_SERVICE_ACCOUNT_JSON', message: parsed.reason };
  }
  return {
    ok: false,
    variable: 'FCM_SERVICE_ACCOUNT_JSON',
    message:
      'required when PUSH_PROVIDER=fcm (the service account’s JSON key, or FCM_SERVICE_ACCOUNT_FILE naming a file that holds it)',
  };
}

/**
 * Production pushes for real: it needs PUSH_PROVIDER=fcm and refuses `log`, which delivers nothing.
 * FCM needs a service account's JSON key, read and checked here, at start — its private key must load
 * as RSA — so a bad key stops the service rather than the first duty's push.
 */
export function checkPushConfig(config: PushConfig, ctx: z.RefinementCtx): void {
  const problem = (variable: keyof PushConfig, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message });
  const production = config.NODE_ENV === 'production';
  const provider = providerOf(config);
  if (!provider) problem('PUSH_PROVIDER', `required in production: ${FCM_NEEDS}`);
  if (provider === 'log' && production) {
    problem(
      'PUSH_PROVIDER',
      `"log" is refused when NODE_ENV=production: it sends no push to any driver; set ${FCM_NEEDS}`,
    );
  }
  if (provider !== 'fcm') return;
  const read = readServiceAccount(config);
  if (!read.ok) problem(read.variable, read.message);
  else if (production && !read.account.tokenUri.startsWith('https:')) {
    problem(
      read.variable,
      'its token_uri must be https when NODE_ENV=production: it carries the signed assertion',
    );
  }
  if (production && URL.canParse(config.FCM_BASE_URL) && new URL(config.FCM_BASE_URL).protocol !== 'https:') {
    problem('FCM_BASE_URL', 'must be https when NODE_ENV=production: it carries the access token');
  }
}

/** Pushes are checked as the product's configuration: one message naming every bad variable. */
export const pushConfigSchema = z.object(pushConfigShape).superRefine(checkPushConfig);

export type PushSettings =
  | { provider: 'log'; outboxFile: string }
  | { provider: 'fcm'; fcm: Required<Pick<FcmOptions, 'serviceAccount' | 'baseUrl' | 'timeoutMs'>> };

/** Where pushes go, from a configuration `checkPushConfig` accepted. */
export function pushSettingsOf(config: PushConfig): PushSettings {
  const provider = providerOf(config);
  if (provider === 'log') {
    return {
      provider,
      outboxFile: resolve(config.PUSH_OUTBOX_FILE ?? join(config.DATA_DIR, 'push-outbox.txt')),
    };
  }
  const read = provider === 'fcm' ? readServiceAccount(config) : undefined;
  if (provider === 'fcm' && read?.ok) {
    return {
      provider,
      fcm: { serviceAccount: read.account, baseUrl: config.FCM_BASE_URL, timeoutMs: config.FCM_TIMEOUT_MS },
    };
  }
  throw new Error('pushSettingsOf needs a configuration that checkPushConfig accepted');
}

export function createPushProvider(settings: PushSettings, logger: Logger): PushProvider {
  return settings.provider === 'log'
    ? createLogPushProvider({ outboxFile: settings.outboxFile, logger })
    : createFcmPushProvider(settings.fcm);
}
