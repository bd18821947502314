import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { isEmail } from '@fleet/domain';
import { z } from 'zod';
import { env } from '../config';
import type { Logger } from '../logger';
import { EmailDeliveryError, type EmailProvider } from './email-provider';
import { createLogEmailProvider } from './log-email-provider';
import { createSmtpEmailProvider, type SmtpOptions, type SmtpSecurity } from './smtp-email-provider';

/** The From of development emails when EMAIL_FROM is unset; `.localhost` names no real domain. */
export const DEVELOPMENT_EMAIL_FROM = 'Fleet (development) <no-reply@fleet.localhost>';

/** `billing@example.com` or `Acme Cabs <billing@example.com>`: a display name without quotes, commas or brackets. */
function isFromAddress(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  const named = /^([^<>",;\\\u0000-\u001f\u007f]*[^\s<>",;\\\u0000-\u001f\u007f])\s*<([^<>\s]+)>$/.exec(
    value,
  );
  return isEmail(named ? (named[2] ?? '') : value);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The variables that say where emails go; a service that sends emails puts them in its own schema. */
export const emailConfigShape = {
  NODE_ENV: env.nodeEnv(),
  DATA_DIR: env.dataDir(),
  EMAIL_PROVIDER: z.enum(['log', 'smtp'], { message: 'expected smtp, or log (development only)' }).optional(),
  /** Where the log provider appends each email; `<DATA_DIR>/email-outbox.txt` when unset. */
  EMAIL_OUTBOX_FILE: z.string().optional(),
  EMAIL_FROM: z
    .string()
    .refine(isFromAddress, {
      message: 'expected an address such as billing@example.com or Acme Cabs <billing@example.com>',
    })
    .optional(),
  SMTP_HOST: z
    .string()
    .refine((host) => HOST_NAME.test(host) || isIP(host) !== 0, {
      message: 'expected a host name or an IP address such as smtp.example.com',
    })
    .optional(),
  SMTP_PORT: env.port(587).refine((port) => port > 0, { message: 'expected a port from 1 to 65535' }),
  SMTP_SECURITY: z
    .enum(['tls', 'starttls', 'none'], { message: 'expected tls, starttls or none' })
    .optional(),
  SMTP_USER: z
    .string()
    .refine((user) => !CONTROL.test(user), { message: 'expected a user name without control characters' })
    .optional(),
  SMTP_PASSWORD: z
    .string()
    .refine((password) => !CONTROL.test(password), {
      message: 'expected a password without control characters',
    })
    .optional(),
  SMTP_TIMEOUT_MS: z.coerce
    .number({ message: 'expected a number of milliseconds' })
    .int('expected a whole number of milliseconds')
    .min(1_000, 'expected at least 1000 ms')
    .max(120_000, 'expected at most 120000 ms')
    .default(20_000),
  /** A PEM file of certificates to trust besides the system's: a private relay's own authority. */
  SMTP_CA_FILE: z.string().optional(),
};

type EmailConfig = z.infer<z.ZodObject<typeof emailConfigShape>>;

const providerOf = (config: EmailConfig) =>
  config.EMAIL_PROVIDER ?? (config.NODE_ENV === 'production' ? undefined : 'log');

const securityOf = (config: EmailConfig): SmtpSecurity =>
  config.SMTP_SECURITY ?? (config.SMTP_PORT === 465 ? 'tls' : 'starttls');

/**
 * Production sends real emails: it needs EMAIL_PROVIDER=smtp and refuses `log`, which delivers
 * nothing. SMTP needs the server and the From; a login is both its user and its password; and in
 * production the connection is encrypted unless the server is on this machine.
 */
export function checkEmailConfig(config: EmailConfig, ctx: z.RefinementCtx): void {
  const problem = (variable: keyof EmailConfig, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message });
  const production = config.NODE_ENV === 'production';
  const provider = providerOf(config);
  if (!provider) {
    problem('EMAIL_PROVIDER', 'required in production: smtp (with SMTP_HOST and EMAIL_FROM)');
  }
  if (provider === 'log' && production) {
    problem(
      'EMAIL_PROVIDER',
      '"log" is refused when NODE_ENV=production: it sends no email; set smtp (with SMTP_HOST and EMAIL_FROM)',
    );
  }
  if (provider !== 'smtp') return;
  if (!config.SMTP_HOST)
    problem('SMTP_HOST', 'required when EMAIL_PROVIDER=smtp (the SMTP server to send through)');
  if (!config.EMAIL_FROM) {
    problem(
      'EMAIL_FROM',
      'required when EMAIL_PROVIDER=smtp (the address emails come from, which the server lets you send as)',
    );
  }
  if (config.SMTP_USER && !config.SMTP_PASSWORD) {
    problem('SMTP_PASSWORD', 'required with SMTP_USER (the login’s password)');
  }
  if (config.SMTP_PASSWORD && !config.SMTP_USER) {
    problem('SMTP_USER', 'required with SMTP_PASSWORD (the login’s user name)');
  }
  if (production && securityOf(config) === 'none' && config.SMTP_HOST && !isLoopback(config.SMTP_HOST)) {
    problem(
      'SMTP_SECURITY',
      '"none" is refused when NODE_ENV=production unless SMTP_HOST is this machine: emails and the login would cross the network in clear',
    );
  }
}

/** Emails are checked as the product's configuration: one message naming every bad variable. */
export const emailConfigSchema = z.object(emailConfigShape).superRefine(checkEmailConfig);

export type EmailSettings =
  | { provider: 'log'; outboxFile: string; from: string }
  | { provider: 'smtp'; smtp: Omit<SmtpOptions, 'ca'> & { caFile?: string } };

/** Where emails go, from a configuration `checkEmailConfig` accepted. */
export function emailSettingsOf(config: EmailConfig): EmailSettings {
  const provider = providerOf(config);
  if (provider === 'log') {
    return {
      provider,
      outboxFile: resolve(config.EMAIL_OUTBOX_FILE ?? join(config.DATA_DIR, 'email-outbox.txt')),
      from: config.EMAIL_FROM ?? DEVELOPMENT_EMAIL_FROM,
    };
  }
  const { SMTP_HOST: host, EMAIL_FROM: from, SMTP_USER: user, SMTP_PASSWORD: password } = config;
  if (provider === 'smtp' && host && from) {
    return {
      provider,
      smtp: {
        host,
        port: config.SMTP_PORT,
        security: securityOf(config),
        ...(user && password ? { auth: { user, password } } : {}),
        from,
        timeoutMs: config.SMTP_TIMEOUT_MS,
        ...(config.SMTP_CA_FILE ? { caFile: resolve(config.SMTP_CA_FILE) } : {}),
      },
    };
  }
  throw new Error('emailSettingsOf needs a configuration that checkEmailConfig accepted');
}

/** The provider the settings name; SMTP_CA_FILE is read here, at start, and a file that cannot be read stops it. */
export function createEmailProvider(settings: EmailSettings, logger: Logger): EmailProvider {
  if (settings.provider === 'log') return createLogEmailProvider({ ...settings, logger });
  const { caFile, ...smtp } = settings.smtp;
  if (!caFile) return createSmtpEmailProvider(smtp);
  let ca: string;
  try {
    ca = readFileSync(caFile, 'utf8');
  } catch (error) {
    const reason =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
    throw new EmailDeliveryError('smtp', false, `could not read SMTP_CA_FILE ${caFile} (${reason})`);
  }
  if (!ca.includes('-----BEGIN CERTIFICATE-----')) {
    throw new EmailDeliveryError('smtp', false, `SMTP_CA_FILE ${caFile} holds no PEM certificate`);
  }
  return createSmtpEmailProvider({ ...smtp, ca });
}
