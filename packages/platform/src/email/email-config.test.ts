import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../logger';
import {
  createEmailProvider,
  DEVELOPMENT_EMAIL_FROM,
  emailConfigSchema,
  emailSettingsOf,
} from './email-config';
import { EmailDeliveryError } from './email-provider';

const settings = (env: Record<string, string>) => emailSettingsOf(loadConfig(emailConfigSchema, env));
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(emailConfigSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

const smtp = {
  EMAIL_PROVIDER: 'smtp',
  SMTP_HOST: 'smtp.acme-cabs.in',
  EMAIL_FROM: 'Acme Cabs <billing@acme-cabs.in>',
  SMTP_USER: 'billing@acme-cabs.in',
  SMTP_PASSWORD: 'Tr1p-0tp-s3cret!',
};

describe('where emails go (EMAIL_PROVIDER and its settings)', () => {
  it('writes emails to the outbox in the data directory outside production', () => {
    expect(settings({})).toEqual({
      provider: 'log',
      outboxFile: resolve('.data/email-outbox.txt'),
      from: DEVELOPMENT_EMAIL_FROM,
    });
    expect(settings({ DATA_DIR: '/srv/fleet', EMAIL_FROM: 'ops@acme-cabs.in' })).toEqual({
      provider: 'log',
      outboxFile: '/srv/fleet/email-outbox.txt',
      from: 'ops@acme-cabs.in',
    });
    expect(settings({ EMAIL_OUTBOX_FILE: '/tmp/mails.txt' })).toMatchObject({ outboxFile: '/tmp/mails.txt' });
  });

  it('sends over SMTP on the submission port with STARTTLS unless told otherwise', () => {
    expect(settings(smtp)).toEqual({
      provider: 'smtp',
      smtp: {
        host: 'smtp.acme-cabs.in',
        port: 587,
        security: 'starttls',
        auth: { user: smtp.SMTP_USER, password: smtp.SMTP_PASSWORD },
        from: smtp.EMAIL_FROM,
        timeoutMs: 20_000,
      },
    });
    expect(settings({ ...smtp, SMTP_PORT: '465' })).toMatchObject({ smtp: { port: 465, security: 'tls' } });
    expect(
      settings({
        EMAIL_PROVIDER: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: '25',
        SMTP_SECURITY: 'none',
        EMAIL_FROM: 'ops@acme-cabs.in',
        SMTP_TIMEOUT_MS: '5000',
        SMTP_CA_FILE: 'certs/relay.pem',
      }),
    ).toEqual({
      provider: 'smtp',
      smtp: {
        host: '127.0.0.1',
        port: 25,
        security: 'none',
        from: 'ops@acme-cabs.in',
        timeoutMs: 5_000,
        caFile: resolve('certs/relay.pem'),
      },
    });
  });

  it('refuses production without a provider, naming EMAIL_PROVIDER', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      { variable: 'EMAIL_PROVIDER', message: 'required in production: smtp (with SMTP_HOST and EMAIL_FROM)' },
    ]);
  });

  it('refuses the log provider in production, which would deliver no email', () => {
    expect(problemsOf({ NODE_ENV: 'production', EMAIL_PROVIDER: 'log' })).toEqual([
      {
        variable: 'EMAIL_PROVIDER',
        message: expect.stringMatching(/^"log" is refused when NODE_ENV=production: it sends no email/),
      },
    ]);
  });

  it('names every SMTP setting that is missing, and half a login', () => {
    expect(problemsOf({ NODE_ENV: 'production', EMAIL_PROVIDER: 'smtp' }).map((p) => p.variable)).toEqual([
      'SMTP_HOST',
      'EMAIL_FROM',
    ]);
    expect(problemsOf({ ...smtp, SMTP_PASSWORD: '' })).toEqual([
      { variable: 'SMTP_PASSWORD', message: 'required with SMTP_USER (the login’s password)' },
    ]);
    expect(problemsOf({ ...smtp, SMTP_USER: '' })).toEqual([
      { variable: 'SMTP_USER', message: 'required with SMTP_PASSWORD (the login’s user name)' },
    ]);
  });

  it('names malformed SMTP settings and an unknown provider', () => {
    expect(
      problemsOf({
        ...smtp,
        SMTP_HOST: 'smtp://mail.example.com',
        SMTP_PORT: '0',
        SMTP_SECURITY: 'ssl',
        SMTP_TIMEOUT_MS: '50',
        EMAIL_FROM: 'Acme, Cabs <billing@acme-cabs.in>',
        SMTP_PASSWORD: 'Tr1p\r\nQUIT',
      }),
    ).toEqual([
      {
        variable: 'EMAIL_FROM',
        message: 'expected an address such as billing@example.com or Acme Cabs <billing@example.com>',
      },
      { variable: 'SMTP_HOST', message: 'expected a host name or an IP address such as smtp.example.com' },
      { variable: 'SMTP_PORT', message: 'expected a port from 1 to 65535' },
      { variable: 'SMTP_SECURITY', message: 'expected tls, starttls or none' },
      { variable: 'SMTP_PASSWORD', message: 'expected a password without control characters' },
      { variable: 'SMTP_TIMEOUT_MS', message: 'expected at least 1000 ms' },
    ]);
    expect(problemsOf({ EMAIL_PROVIDER: 'sendgrid' })).toEqual([
      { variable: 'EMAIL_PROVIDER', message: 'expected smtp, or log (development only)' },
    ]);
  });

  it('refuses SMTP in clear in production, unless the server is this machine', () => {
    expect(problemsOf({ ...smtp, NODE_ENV: 'production', SMTP_SECURITY: 'none' })).toEqual([
      {
        variable: 'SMTP_SECURITY',
        message: expect.stringMatching(
          /^"none" is refused when NODE_ENV=production unless SMTP_HOST is this machine/,
        ),
      },
    ]);
    expect(
      settings({ ...smtp, NODE_ENV: 'production', SMTP_SECURITY: 'none', SMTP_HOST: 'localhost' }),
    ).toMatchObject({ smtp: { host: 'localhost', security: 'none' } });
  });

  it('reads SMTP_CA_FILE at start, and stops on one that is missing or holds no certificate', () => {
    const logger = createLogger({ name: 'email-config-test', level: 'silent' });
    const withCa = (caFile: string) =>
      createEmailProvider(
        {
          provider: 'smtp',
          smtp: { host: '127.0.0.1', port: 587, security: 'starttls', from: 'ops@acme-cabs.in', caFile },
        },
        logger,
      );
    expect(withCa(join(__dirname, 'fixtures', 'loopback-smtp.crt')).name).toBe('smtp');
    const missing = join(__dirname, 'fixtures', 'no-such.pem');
    expect(() => withCa(missing)).toThrow(
      new EmailDeliveryError('smtp', false, `could not read SMTP_CA_FILE ${missing} (ENOENT)`),
    );
    const key = join(__dirname, 'fixtures', 'loopback-smtp.key');
    expect(() => withCa(key)).toThrow(`SMTP_CA_FILE ${key} holds no PEM certificate`);
  });
});
