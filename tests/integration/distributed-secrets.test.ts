import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSessionTokens } from '@fleet/platform';
import { SERVICES } from '@fleet/product';
import { createTestBus, createTestDatabase, type TestBus, type TestDatabase } from '@fleet/testing';
import { freeDistributedPorts, freePort, type RunningProcess, waitForHttp } from '../support/processes';
import { trpcClient } from '../support/trpc-client';

const SECRET_VARIABLES = ['INTERNAL_AUTH_SECRET', 'AUTH_JWT_KEYS', 'OTP_HMAC_SECRET'];

/** This process's environment without any secret, as a developer's shell would be. */
function withoutSecrets(): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !SECRET_VARIABLES.includes(key)) environment[key] = value;
  }
  return environment;
}

/** `npm run start:distributed`: the runner that starts the gateway and every service as processes. */
function startDistributed(env: Record<string, string>): RunningProcess {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'product/src/start-distributed.ts'],
    {
      cwd: process.cwd(),
      env: { ...withoutSecrets(), LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
      }),
  };
}

describe('npm run start:distributed without secrets: generated once, shared through the data directory', () => {
  let database: TestDatabase;
  let testBus: TestBus;
  let runner: RunningProcess;
  let dataDir: string;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    testBus = await createTestBus();
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-distributed-'));
    const httpPort = await freePort();
    base = `http://127.0.0.1:${httpPort}`;
    runner = startDistributed({
      ...(await freeDistributedPorts(SERVICES)),
      DATABASE_URL: database.url,
      NATS_URL: testBus.url,
      PORT: String(httpPort),
      DATA_DIR: dataDir,
    });
    await waitForHttp(`${base}/readyz`, runner, 150_000);
  }, 180_000);

  afterAll(async () => {
    const code = await runner.stop();
    await testBus.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(0);
  });

  it('signs a new phone in with the code from the shared SMS outbox: every process agrees on the secrets', async () => {
    const phone = '+919833344455';
    const anonymous = trpcClient(base);
    await anonymous.auth.requestOtp.mutate({ phone });
    const outbox = readFileSync(join(dataDir, 'sms-outbox.txt'), 'utf8');
    const code = outbox.match(/to \+919833344455 {2}SIGN_IN_CODE_SMS\n(\d{6}) /)?.[1];
    if (!code) throw new Error(`no code in the outbox:\n${outbox}`);
    // Identity hashed the code with its OTP key and signed the session with its JWT key; the gateway
    // verifies that token itself and calls identity and bookings with its internal caller token.
    const { token } = await anonymous.auth.verifyOtp.mutate({
      phone,
      code,
      operatorName: 'Shared Keys Cabs',
    });
    const signedIn = trpcClient(base, () => ({ authorization: `Bearer ${token}` }));
    expect((await signedIn.user.me.query()).tenant.name).toBe('Shared Keys Cabs');
    expect(await signedIn.booking.incomingRequestsCount.query()).toEqual({ incomingBookingsCount: 0 });
  });

  it('keeps them in a file only the installation’s user can read, and gives no other installation them', async () => {
    expect(statSync(join(dataDir, 'installation-key')).mode & 0o777).toBe(0o600);
    // A token signed with another installation's generated key is refused.
    const otherDir = mkdtempSync(join(tmpdir(), 'fleet-other-'));
    const script = `import { installationSecrets } from './product/src/secrets.ts';
      process.stdout.write(installationSecrets(${JSON.stringify(join(otherDir, 'data'))})('AUTH_JWT_KEYS'));`;
    const other = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
      encoding: 'utf8',
    });
    rmSync(otherDir, { recursive: true, force: true });
    const forged = await createSessionTokens([{ kid: 'local', secret: other.stdout }]).sign(
      { sessionId: randomUUID(), userId: randomUUID(), tenantId: randomUUID() },
      new Date(Date.now() + 3_600_000),
    );
    const res = await fetch(`${base}/api/trpc/user.permissions`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(401);
  });
});

describe('a distributed process that listens beyond loopback without its secrets does not start', () => {
  const run = (module: string, env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'product/src/main.ts', module], {
      cwd: process.cwd(),
      env: {
        ...withoutSecrets(),
        NODE_ENV: 'development',
        GRPC_PORT: '0',
        METRICS_PORT: '0',
        PORT: '0',
        ...env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it.each([
    ['gateway', 'AUTH_JWT_KEYS'],
    ['identity', 'AUTH_JWT_KEYS'],
    ['bookings', 'INTERNAL_AUTH_SECRET'],
  ])(
    '%s refuses to generate %s when it listens on every address, and says how to start',
    (module, variable) => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'fleet-refused-')), 'data');
      const result = run(module, { DATA_DIR: dataDir });
      expect(result.status).toBe(78);
      expect(result.stderr).toContain(
        `${variable}: required when listening on 0.0.0.0 (LISTEN_HOST): secrets generated in DATA_DIR serve only the processes of one machine; set ${variable}, or LISTEN_HOST=127.0.0.1`,
      );
      // Nothing was generated.
      expect(existsSync(dataDir)).toBe(false);
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    },
  );
});
