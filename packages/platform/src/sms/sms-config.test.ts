import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { smsConfigSchema, smsSettingsOf } from './sms-config';

const settings = (env: Record<string, string>) => smsSettingsOf(loadConfig(smsConfigSchema, env));
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(smsConfigSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

const msg91 = {
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: '416091ALVB8qpT65cb570bP1',
  MSG91_OTP_TEMPLATE_ID: '65e06f45d6fc05278c7d47e2',
  MSG91_SENDER_ID: 'FLEETS',
};

describe('where texts go (SMS_PROVIDER and its settings)', () => {
  it('writes texts to the outbox in the data directory outside production', () => {
    expect(settings({})).toEqual({ provider: 'log', outboxFile: resolve('.data/sms-outbox.txt') });
    expect(settings({ DATA_DIR: '/srv/fleet' })).toEqual({
      provider: 'log',
      outboxFile: '/srv/fleet/sms-outbox.txt',
    });
    expect(settings({ SMS_OUTBOX_FILE: '/tmp/texts.txt' })).toEqual({
      provider: 'log',
      outboxFile: '/tmp/texts.txt',
    });
  });

  it('sends through MSG91 at its real host unless MSG91_BASE_URL says otherwise', () => {
    expect(settings(msg91)).toEqual({
      provider: 'msg91',
      msg91: {
        authKey: msg91.MSG91_AUTH_KEY,
        baseUrl: 'https://control.msg91.com',
        senderId: 'FLEETS',
        templateIds: { otp: msg91.MSG91_OTP_TEMPLATE_ID },
      },
    });
  });

  it('passes on the DLT template ids of the booking texts that are configured, refusing malformed ones', () => {
    const withBookingTexts = settings({
      ...msg91,
      MSG91_CONFIRMATION_SMS_TEMPLATE_ID: '65e06f45d6fc05278c7d47e3',
    });
    expect(withBookingTexts.provider === 'msg91' && withBookingTexts.msg91.templateIds).toEqual({
      otp: msg91.MSG91_OTP_TEMPLATE_ID,
      CONFIRMATION_SMS: '65e06f45d6fc05278c7d47e3',
    });
    expect(problemsOf({ ...msg91, MSG91_CANCELLATION_SMS_TEMPLATE_ID: 'not an id!' })).toEqual([
      {
        variable: 'MSG91_CANCELLATION_SMS_TEMPLATE_ID',
        message: 'expected MSG91’s template id: letters and digits',
      },
    ]);
  });

  it('refuses production without a provider, naming SMS_PROVIDER', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      {
        variable: 'SMS_PROVIDER',
        message:
          'required in production: msg91 (with MSG91_AUTH_KEY, MSG91_OTP_TEMPLATE_ID and MSG91_SENDER_ID)',
      },
    ]);
  });

  it('refuses the log provider in production, which would deliver no code', () => {
    expect(problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'log' })).toEqual([
      {
        variable: 'SMS_PROVIDER',
        message: expect.stringMatching(/^"log" is refused when NODE_ENV=production: it sends no text/),
      },
    ]);
  });

  it('names every MSG91 setting that is missing', () => {
    expect(problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'msg91' }).map((p) => p.variable)).toEqual([
      'MSG91_AUTH_KEY',
      'MSG91_OTP_TEMPLATE_ID',
      'MSG91_SENDER_ID',
    ]);
  });

  it('names malformed MSG91 settings and an unknown provider', () => {
    expect(problemsOf({ ...msg91, NODE_ENV: 'production', MSG91_BASE_URL: 'control' })).toEqual([
      { variable: 'MSG91_BASE_URL', message: 'expected a URL such as https://control.msg91.com' },
    ]);
    expect(problemsOf({ ...msg91, MSG91_AUTH_KEY: 'short key', MSG91_SENDER_ID: 'FLEET-SMS' })).toEqual([
      {
        variable: 'MSG91_AUTH_KEY',
        message: 'expected the authkey of your MSG91 account: 16 or more letters and digits',
      },
      {
        variable: 'MSG91_SENDER_ID',
        message: 'expected a sender id of 3 to 11 letters and digits, such as FLEETS',
      },
    ]);
    expect(problemsOf({ SMS_PROVIDER: 'twilio' })).toEqual([
      { variable: 'SMS_PROVIDER', message: 'expected msg91, or log (development only)' },
    ]);
  });

  it('refuses a cleartext MSG91_BASE_URL in production, where it would carry the key', () => {
    expect(
      problemsOf({ ...msg91, NODE_ENV: 'production', MSG91_BASE_URL: 'http://msg91-proxy.internal' }),
    ).toEqual([
      {
        variable: 'MSG91_BASE_URL',
        message: 'must be https when NODE_ENV=production: it carries MSG91_AUTH_KEY',
      },
    ]);
    expect(settings({ ...msg91, MSG91_BASE_URL: 'http://127.0.0.1:4010' })).toMatchObject({
      msg91: { baseUrl: 'http://127.0.0.1:4010' },
    });
  });
});
