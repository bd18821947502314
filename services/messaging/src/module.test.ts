import { generateKeyPairSync } from 'node:crypto';
import { resolve } from 'node:path';
import { ConfigError } from '@fleet/platform';
import { messagingService, messagingSettings } from './module';

/** What production needs for texts and emails, so the push settings are what is checked. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: '416091ALVB8qpT65cb570bP1',
  MSG91_OTP_TEMPLATE_ID: '65e06f45d6fc05278c7d47e2',
  MSG91_SENDER_ID: 'FLEETS',
  EMAIL_PROVIDER: 'smtp',
  SMTP_HOST: 'smtp.example.com',
  EMAIL_FROM: 'Acme Cabs <billing@example.com>',
  PUBLIC_BASE_URL: 'https://fleet.example.com',
  DRIVER_CHAT: 'off',
};

const serviceAccountJson = JSON.stringify({
  type: 'service_account',
  project_id: 'fleet-driver-prod',
  private_key_id: '3f2a9c0d4e5b6a7f8091a2b3c4d5e6f708192a3b',
  private_key: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  client_email: 'fcm-sender@fleet-driver-prod.iam.gserviceaccount.com',
  token_uri: 'https://oauth2.googleapis.com/token',
});

function problemsOf(env: Record<string, string>) {
  try {
    messagingSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('where messaging sends driver-app pushes', () => {
  it('writes them to the development push outbox outside production', () => {
    expect(messagingSettings({ DATA_DIR: '/srv/fleet' }).pushSettings).toEqual({
      provider: 'log',
      outboxFile: '/srv/fleet/push-outbox.txt',
    });
    expect(messagingSettings({ PUSH_OUTBOX_FILE: 'tmp/pushes.txt' }).pushSettings).toEqual({
      provider: 'log',
      outboxFile: resolve('tmp/pushes.txt'),
    });
  });

  it('refuses to start in production with the development provider, or with none, naming PUSH_PROVIDER', () => {
    expect(problemsOf({ ...PRODUCTION, PUSH_PROVIDER: 'log' })).toEqual([
      {
        variable: 'PUSH_PROVIDER',
        message:
          '"log" is refused when NODE_ENV=production: it sends no push to any driver; set fcm (with FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE)',
      },
    ]);
    expect(problemsOf(PRODUCTION)).toEqual([
      {
        variable: 'PUSH_PROVIDER',
        message: 'required in production: fcm (with FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE)',
      },
    ]);
    expect(problemsOf({ ...PRODUCTION, PUSH_PROVIDER: 'fcm' })).toEqual([
      {
        variable: 'FCM_SERVICE_ACCOUNT_JSON',
        message: expect.stringContaining('required when PUSH_PROVIDER=fcm'),
      },
    ]);
  });

  it('sends through FCM in production with a service account’s key', () => {
    const { pushSettings } = messagingSettings({
      ...PRODUCTION,
      PUSH_PROVIDER: 'fcm',
      FCM_SERVICE_ACCOUNT_JSON: serviceAccountJson,
      FCM_TIMEOUT_MS: '5000',
    });
    expect(pushSettings).toMatchObject({
      provider: 'fcm',
      fcm: {
        baseUrl: 'https://fcm.googleapis.com',
        timeoutMs: 5000,
        serviceAccount: { projectId: 'fleet-driver-prod' },
      },
    });
  });

  it('reads the service account’s key from the Secret like the other providers’ secrets', () => {
    expect(messagingService.secretEnv).toContain('FCM_SERVICE_ACCOUNT_JSON');
  });
});
