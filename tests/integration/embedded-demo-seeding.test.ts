import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type RunningProcess, startModule, waitForHttp } from '../support/processes';
import { trpcClient } from '../support/trpc-client';

/**
 * A first `npm start` whose AUTH_TEST_OTP lists only some other phone: the demo operator is still
 * seeded (seeding needs no sign-in code), and the demo phones keep the code the banner promises.
 */
describe('npm start (embedded) with AUTH_TEST_OTP listing another phone', () => {
  const otherPhone = '+919811100021';
  let proc: RunningProcess;
  let base: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-embedded-demo-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    proc = startModule('all', {
      PORT: String(port),
      METRICS_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      AUTH_TEST_OTP: `${otherPhone}=135721`,
    });
    await waitForHttp(`${base}/healthz`, proc);
    // The server answers while the demo operator is still being seeded; the banner follows the seed.
    const deadline = Date.now() + 150_000;
    while (
      !proc.output().includes('Sign in as the demo operator') &&
      proc.child.exitCode === null &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 330_000);

  afterAll(async () => {
    const code = await proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(0);
  });

  it('seeds the demo operator and keeps running', () => {
    expect(proc.child.exitCode).toBeNull();
    expect(proc.output()).toContain('demo operator seeded');
    expect(proc.output()).not.toContain('That code is not right');
    expect(proc.output()).toContain('phone +919800000001, code 123456');
  });

  it('signs the demo owner in with the demo code', async () => {
    const anonymous = trpcClient(base);
    await anonymous.auth.requestOtp.mutate({ phone: '+919800000001' });
    const { token, signedUp } = await anonymous.auth.verifyOtp.mutate({
      phone: '+919800000001',
      code: '123456',
    });
    expect(signedUp).toBe(false);
    const owner = trpcClient(base, () => ({ authorization: `Bearer ${token}` }));
    expect((await owner.user.me.query()).tenant.name).toBe('Demo Travels');
    const employees = await owner.employee.list.query({});
    expect(employees.employees.map((e) => e.name)).toEqual(['Arjun Mehta', 'Kavya Rao', 'Priya Nair']);
  });

  it('signs an employee of the demo in with the demo code too', async () => {
    const anonymous = trpcClient(base);
    await anonymous.auth.requestOtp.mutate({ phone: '+919800000002' });
    const { signedUp } = await anonymous.auth.verifyOtp.mutate({ phone: '+919800000002', code: '123456' });
    expect(signedUp).toBe(false);
  });

  it('keeps the listed phone’s own code', async () => {
    const anonymous = trpcClient(base);
    await anonymous.auth.requestOtp.mutate({ phone: otherPhone });
    const { signedUp } = await anonymous.auth.verifyOtp.mutate({
      phone: otherPhone,
      code: '135721',
      operatorName: 'Listed Phone Cabs',
    });
    expect(signedUp).toBe(true);
  });
});
