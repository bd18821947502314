import { spawnSync } from 'node:child_process';

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
