import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { quietLogger, startFcmPeer } from '@fleet/testing';
import { ConfigError, loadConfig } from '../config';
import { createPushProvider, pushConfigSchema, pushSettingsOf } from './push-config';

const settings = (env: Record<string, string>) => pushSettingsOf(loadConfig(pushConfigSchema, env));
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(pushConfigSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

const pemOf = (type: 'rsa' | 'ec') =>
  (type === 'rsa'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : generateKeyPairSync('ec', { namedCurve: 'P-256' })
  ).privateKey
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();

const PRIVATE_KEY = pemOf('rsa');
const keyJson = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'fleet-driver-prod',
    private_key_id: '3f2a9c0d4e5b6a7f8091a2b3c4d5e6f708192a3b',
    private_key: PRIVATE_KEY,
    client_email: 'fcm-sender@fleet-driver-prod.iam.gserviceaccount.com',
    client_id: '100000000000000000001',
    token_uri: 'https://oauth2.googleapis.com/token',
    ...overrides,
  });
const account = {
  projectId: 'fleet-driver-prod',
  clientEmail: 'fcm-sender@fleet-driver-prod.iam.gserviceaccount.com',
  privateKey: PRIVATE_KEY,
  privateKeyId: '3f2a9c0d4e5b6a7f8091a2b3c4d5e6f708192a3b',
  tokenUri: 'https://oauth2.googleapis.com/token',
};

describe('where driver-app pushes go (PUSH_PROVIDER and its settings)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-push-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes pushes to the push outbox in the data directory outside production', () => {
    expect(settings({})).toEqual({ provider: 'log', outboxFile: resolve('.data/push-outbox.txt') });
    expect(settings({ DATA_DIR: '/srv/fleet' })).toEqual({
      provider: 'log',
      outboxFile: '/srv/fleet/push-outbox.txt',
    });
    expect(settings({ PUSH_OUTBOX_FILE: '/tmp/push.txt' })).toEqual({
      provider: 'log',
      outboxFile: '/tmp/push.txt',
    });
  });

  it('sends through FCM with the service account given as JSON or as a file', () => {
    expect(settings({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_JSON: keyJson() })).toEqual({
      provider: 'fcm',
      fcm: { serviceAccount: account, baseUrl: 'https://fcm.googleapis.com', timeoutMs: 10_000 },
    });
    const file = join(dir, 'fcm-key.json');
    writeFileSync(file, keyJson());
    expect(
      settings({
        NODE_ENV: 'production',
        PUSH_PROVIDER: 'fcm',
        FCM_SERVICE_ACCOUNT_FILE: file,
        FCM_TIMEOUT_MS: '5000',
      }),
    ).toEqual({
      provider: 'fcm',
      fcm: { serviceAccount: account, baseUrl: 'https://fcm.googleapis.com', timeoutMs: 5_000 },
    });
  });

  it('takes Google’s token endpoint when the key names none', () => {
    const { token_uri: _dropped, ...withoutTokenUri } = JSON.parse(keyJson());
    expect(
      settings({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(withoutTokenUri) }),
    ).toMatchObject({ fcm: { serviceAccount: { tokenUri: 'https://oauth2.googleapis.com/token' } } });
  });

  it('refuses a service account key that is not one, naming the variable and never repeating the key', () => {
    const fcm = (json: string) => problemsOf({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_JSON: json });
    expect(fcm('{"type": "service_account", ')).toEqual([
      {
        variable: 'FCM_SERVICE_ACCOUNT_JSON',
        message: 'is not JSON (expected the service account’s JSON key)',
      },
    ]);
    expect(fcm('"just a string"')).toEqual([
      {
        variable: 'FCM_SERVICE_ACCOUNT_JSON',
        message: 'is not a JSON object (expected the service account’s JSON key)',
      },
    ]);
    expect(
      fcm(keyJson({ project_id: 'Fleet Driver', private_key: undefined, client_email: 'fcm-sender' })),
    ).toEqual([
      {
        variable: 'FCM_SERVICE_ACCOUNT_JSON',
        message:
          'is not a service account key: project_id is not a Google Cloud project id; client_email is not the service account’s email address; private_key is missing',
      },
    ]);
    const ecKey = pemOf('ec');
    const notRsa = fcm(keyJson({ private_key: ecKey, type: 'authorized_user' }));
    expect(notRsa).toEqual([
      {
        variable: 'FCM_SERVICE_ACCOUNT_JSON',
        message:
          'is not a service account key: type is not "service_account"; private_key is not a PEM RSA private key',
      },
    ]);
    expect(JSON.stringify(notRsa)).not.toContain('PRIVATE KEY');
  });

  it('names FCM_SERVICE_ACCOUNT_FILE when the file cannot be read or holds no key, and refuses both ways at once', () => {
    const missing = join(dir, 'missing.json');
    expect(problemsOf({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_FILE: missing })).toEqual([
      { variable: 'FCM_SERVICE_ACCOUNT_FILE', message: `could not read ${missing} (ENOENT)` },
    ]);
    const notJson = join(dir, 'key.pem');
    writeFileSync(notJson, PRIVATE_KEY);
    expect(problemsOf({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_FILE: notJson })).toEqual([
      {
        variable: 'FCM_SERVICE_ACCOUNT_FILE',
        message: `${notJson} is not JSON (expected the service account’s JSON key)`,
      },
    ]);
    expect(
      problemsOf({
        PUSH_PROVIDER: 'fcm',
        FCM_SERVICE_ACCOUNT_JSON: keyJson(),
        FCM_SERVICE_ACCOUNT_FILE: notJson,
      }),
    ).toEqual([
      {
        variable: 'FCM_SERVICE_ACCOUNT_FILE',
        message: 'set FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE, not both',
      },
    ]);
  });

  it('refuses production without a provider, and refuses the log provider there, which would reach no driver', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      {
        variable: 'PUSH_PROVIDER',
        message: 'required in production: fcm (with FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE)',
      },
    ]);
    expect(problemsOf({ NODE_ENV: 'production', PUSH_PROVIDER: 'log' })).toEqual([
      {
        variable: 'PUSH_PROVIDER',
        message:
          '"log" is refused when NODE_ENV=production: it sends no push to any driver; set fcm (with FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE)',
      },
    ]);
  });

  it('names a missing key, an unknown provider, and cleartext addresses in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', PUSH_PROVIDER: 'fcm' })).toEqual([
      {
        variable: 'FCM_SERVICE_ACCOUNT_JSON',
        message:
          'required when PUSH_PROVIDER=fcm (the service account’s JSON key, or FCM_SERVICE_ACCOUNT_FILE naming a file that holds it)',
      },
    ]);
    expect(problemsOf({ PUSH_PROVIDER: 'apns' })).toEqual([
      { variable: 'PUSH_PROVIDER', message: 'expected fcm, or log (development only)' },
    ]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        PUSH_PROVIDER: 'fcm',
        FCM_SERVICE_ACCOUNT_JSON: keyJson({ token_uri: 'http://oauth-proxy.internal/token' }),
        FCM_BASE_URL: 'http://fcm-proxy.internal',
      }),
    ).toEqual([
      {
        variable: 'FCM_SERVICE_ACCOUNT_JSON',
        message: 'its token_uri must be https when NODE_ENV=production: it carries the signed assertion',
      },
      {
        variable: 'FCM_BASE_URL',
        message: 'must be https when NODE_ENV=production: it carries the access token',
      },
    ]);
    expect(problemsOf({ FCM_BASE_URL: 'fcm', FCM_TIMEOUT_MS: '50' })).toEqual([
      { variable: 'FCM_BASE_URL', message: 'expected a URL such as https://fcm.googleapis.com' },
      { variable: 'FCM_TIMEOUT_MS', message: 'expected at least 1000 ms' },
    ]);
  });

  it('builds a provider that pushes through the configured FCM', async () => {
    const peer = await startFcmPeer();
    try {
      const provider = createPushProvider(
        settings({
          PUSH_PROVIDER: 'fcm',
          FCM_SERVICE_ACCOUNT_JSON: peer.serviceAccountJson,
          FCM_BASE_URL: peer.baseUrl,
        }),
        quietLogger(),
      );
      expect(provider.name).toBe('fcm');
      const sent = await provider.send({
        token: 'device-token-1',
        title: 'New duty',
        body: '07:30 Terminal 3',
        data: {},
      });
      expect(sent.providerMessageId).toBe(peer.delivered[0]?.name);
    } finally {
      await peer.close();
    }
    expect(createPushProvider(settings({}), quietLogger()).name).toBe('log');
  });
});
