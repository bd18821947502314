import { spawnSync } from 'node:child_process';
import { createMastersModule } from '@fleet/masters';
import { createInProcessBus } from '@fleet/platform';
import { createTestDatabase, quietLogger, type TestDatabase } from '@fleet/testing';
import { sql } from 'drizzle-orm';

const run = (module: string, env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'product/src/main.ts', module], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('a process with bad configuration does not start', () => {
  it('refuses AUTH_TEST_OTP when NODE_ENV=production and says which variable is wrong', () => {
    const result = run('identity', {
      NODE_ENV: 'production',
      AUTH_TEST_OTP: '+919800000001=123456',
      AUTH_JWT_KEYS: 'k:0123456789abcdef0123456789abcdef',
      OTP_HMAC_SECRET: '0123456789abcdef0123456789abcdef',
      INTERNAL_AUTH_SECRET: '0123456789abcdef0123456789abcdef',
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain(
      'AUTH_TEST_OTP: fixed sign-in codes are refused when NODE_ENV=production',
    );
  });

  it('refuses to start messaging, which texts the sign-in codes, in production with the development SMS provider', () => {
    const result = run('messaging', {
      NODE_ENV: 'production',
      SMS_PROVIDER: 'log',
      INTERNAL_AUTH_SECRET: '0123456789abcdef0123456789abcdef',
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('SMS_PROVIDER: "log" is refused when NODE_ENV=production');
    const unset = run('messaging', {
      NODE_ENV: 'production',
      INTERNAL_AUTH_SECRET: '0123456789abcdef0123456789abcdef',
    });
    expect(unset.status).toBe(78);
    expect(unset.stderr).toContain('SMS_PROVIDER: required in production: msg91');
  });

  it('refuses to start messaging in production with the development push provider, which pushes to no driver', () => {
    const production = {
      NODE_ENV: 'production',
      INTERNAL_AUTH_SECRET: '0123456789abcdef0123456789abcdef',
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: '416091ALVB8qpT65cb570bP1',
      MSG91_OTP_TEMPLATE_ID: '65e06f45d6fc05278c7d47e2',
      MSG91_SENDER_ID: 'FLEETS',
      EMAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'smtp.example.com',
      EMAIL_FROM: 'billing@example.com',
      DRIVER_CHAT: 'off',
    };
    const result = run('messaging', { ...production, PUSH_PROVIDER: 'log' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('PUSH_PROVIDER: "log" is refused when NODE_ENV=production');
    const withoutKey = run('messaging', { ...production, PUSH_PROVIDER: 'fcm' });
    expect(withoutKey.status).toBe(78);
    expect(withoutKey.stderr).toContain('FCM_SERVICE_ACCOUNT_JSON: required when PUSH_PROVIDER=fcm');
  });

  it('names a malformed port', () => {
    const result = run('gateway', { PORT: 'three thousand' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('PORT: expected a port number');
  });

  it('names a malformed service URL, masters included', () => {
    const result = run('gateway', { MASTERS_URL: '127.0.0.1:50053' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('MASTERS_URL: expected a URL such as http://masters:50053');
  });

  it('names an unknown module and lists the modules there are, masters included', () => {
    const result = run('billing-ish', {});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Unknown module "billing-ish"');
    for (const module of ['all', 'gateway', 'identity', 'bookings', 'masters']) {
      expect(result.stderr).toMatch(new RegExp(`^  ${module} +\\S`, 'm'));
    }
  });
});

describe('a service whose applied migration was edited does not start', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Applied as released; then the record disagrees with the file, as it would after an edit.
    const module = await createMastersModule({
      db: database.db,
      bus: createInProcessBus(),
      logger: quietLogger('edited-migration-test'),
    });
    await module.stop();
    await database.db.asOwner((tx) =>
      tx.execute(sql`update masters.schema_migrations set checksum = 'edited' where id = '0003_masters'`),
    );
  }, 60_000);
  afterAll(() => database?.drop());

  it('names the file and exits', () => {
    const result = run('masters', {
      DATABASE_URL: database.url,
      INTERNAL_AUTH_SECRET: '0123456789abcdef0123456789abcdef',
      GRPC_PORT: '0',
      METRICS_PORT: '0',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'services/masters/migrations/0003_masters.sql was edited after it was applied to schema masters',
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
