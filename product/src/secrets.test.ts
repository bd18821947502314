import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distributedSecrets, installationSecrets } from './secrets';

const VARIABLES = ['AUTH_JWT_KEYS', 'OTP_HMAC_SECRET', 'INTERNAL_AUTH_SECRET'];

/** A separate Node process asking the data directory for each secret, as a started module does. */
function secretsOfAProcess(dataDir: string): Promise<Record<string, string>> {
  const script = `
    import { installationSecrets } from './product/src/secrets.ts';
    const secret = installationSecrets(${JSON.stringify(dataDir)});
    const variables = ${JSON.stringify(VARIABLES)};
    process.stdout.write(JSON.stringify(Object.fromEntries(variables.map((v) => [v, secret(v)]))));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
  });
}

describe('secrets generated per installation, in its data directory', () => {
  const dirs: string[] = [];
  const freshDataDir = () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'fleet-secrets-')), 'data');
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('gives processes started together on one data directory the same secrets', async () => {
    const dataDir = freshDataDir();
    // Started at once on an empty directory, as `npm run start:distributed` starts its processes.
    const answers = await Promise.all([1, 2, 3, 4].map(() => secretsOfAProcess(dataDir)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    for (const variable of VARIABLES) expect(answers[0]?.[variable]).toMatch(/^[\w-]{43}$/);
    expect(new Set(Object.values(answers[0] ?? {})).size).toBe(VARIABLES.length);
    expect(installationSecrets(dataDir)('AUTH_JWT_KEYS')).toBe(answers[0]?.AUTH_JWT_KEYS);
  }, 60_000);

  it('gives a new installation secrets of its own', () => {
    const first = installationSecrets(freshDataDir());
    const second = installationSecrets(freshDataDir());
    for (const variable of VARIABLES) expect(first(variable)).not.toBe(second(variable));
  });

  it('keeps them where only the installation’s user can read them', () => {
    const dataDir = freshDataDir();
    installationSecrets(dataDir)('AUTH_JWT_KEYS');
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dataDir)).toEqual(['installation-key']);
    expect(statSync(join(dataDir, 'installation-key')).mode & 0o777).toBe(0o600);
  });

  it('writes nothing until a secret is asked for', () => {
    const dataDir = freshDataDir();
    installationSecrets(dataDir);
    expect(() => statSync(dataDir)).toThrow(/ENOENT/);
  });

  it('keeps the secrets an earlier version stored in secrets.json, so its sessions survive', () => {
    const dataDir = freshDataDir();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(
      join(dataDir, 'secrets.json'),
      JSON.stringify({ jwtKeys: [{ kid: 'local', secret: 'kept-jwt-secret-0123456789abcdef0123' }] }),
    );
    const secret = installationSecrets(dataDir);
    expect(secret('AUTH_JWT_KEYS')).toBe('kept-jwt-secret-0123456789abcdef0123');
    expect(secret('OTP_HMAC_SECRET')).toMatch(/^[\w-]{43}$/);
  });
});

describe('a distributed process’s secrets when their variables are unset', () => {
  it.each(['127.0.0.1', '127.0.0.53', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'])(
    'are the installation’s when it listens on %s',
    (listenHost) => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'fleet-loopback-')), 'data');
      expect(distributedSecrets({ dataDir, listenHost })('INTERNAL_AUTH_SECRET')).toBe(
        installationSecrets(dataDir)('INTERNAL_AUTH_SECRET'),
      );
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20', 'fleet.example.com'])(
    'are refused, naming the variable, when it listens on %s',
    (listenHost) => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'fleet-exposed-')), 'data');
      expect(() => distributedSecrets({ dataDir, listenHost })('OTP_HMAC_SECRET')).toThrow(
        `OTP_HMAC_SECRET: required when listening on ${listenHost} (LISTEN_HOST)`,
      );
      expect(() => statSync(dataDir)).toThrow(/ENOENT/);
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    },
  );
});
