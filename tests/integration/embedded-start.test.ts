import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allPermissionIds } from '@fleet/domain';
import { eventually } from '@fleet/testing';
import { TRPCClientError } from '@trpc/client';
import { freePort, type RunningProcess, startModule, waitForHttp } from '../support/processes';
import { trpcClient } from '../support/trpc-client';

/**
 * `npm start` runs exactly this: the runner with module `all` (embedded: PGlite, in-process events).
 * AUTH_TEST_OTP lists only another phone: the demo is still seeded (seeding needs no sign-in code) and
 * the demo phones keep the code the banner promises.
 */
describe('npm start (embedded)', () => {
  let proc: RunningProcess;
  let base: string;
  /** The metrics listener: Prometheus' /metrics and the operator's /readyz, on loopback. */
  let operator: string;
  let dataDir: string;
  const newPhone = '+919811122233';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-embedded-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const metricsPort = await freePort();
    operator = `http://127.0.0.1:${metricsPort}`;
    proc = startModule('all', {
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      DATA_DIR: dataDir,
      AUTH_TEST_OTP: `${newPhone}=654321`,
      // Everything the product logs, so that a sign-in code would show if any line carried one.
      LOG_LEVEL: 'trace',
    });
    await waitForHttp(`${base}/healthz`, proc);
    // The server answers while the demo operator is still being seeded; the banner follows the seed, and
    // the seed's log line (written through the logger's buffer, behind a busy seed's trace lines) soon after.
    const deadline = Date.now() + 280_000;
    const seeded = () =>
      proc.output().includes('Sign in as the demo operator') &&
      proc.output().includes('demo operator seeded');
    while (!seeded() && proc.child.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 330_000);

  afterAll(async () => {
    const code = await proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(0); // SIGTERM shuts down gracefully
  });

  it('seeds the demo operator and keeps running', () => {
    expect(proc.child.exitCode).toBeNull();
    expect(proc.output()).toContain('demo operator seeded');
    expect(proc.output()).not.toContain('That code is not right');
  });

  it('signs an employee of the demo in with the demo code too', async () => {
    const anonymous = trpcClient(base);
    await anonymous.auth.requestOtp.mutate({ phone: '+919800000002' });
    const { signedUp } = await anonymous.auth.verifyOtp.mutate({ phone: '+919800000002', code: '123456' });
    expect(signedUp).toBe(false);
  });

  it('prints how to sign in', async () => {
    expect(proc.output()).toContain('phone +919800000001, code 123456');
  });

  it('tells anyone only whether it is ready, and operators on the metrics listener which service is', async () => {
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ ready: true });
    const detail = await fetch(`${operator}/readyz`);
    expect(detail.status).toBe(200);
    expect(await detail.json()).toEqual({
      ready: true,
      stopping: false,
      services: {
        identity: { healthy: true },
        bookings: { healthy: true },
        masters: { healthy: true },
        messaging: { healthy: true },
        billing: { healthy: true },
      },
    });
    expect((await fetch(`${operator}/metrics`)).status).toBe(200);
    expect(proc.output()).toContain(
      `Metrics and readiness for operators: ${operator}/metrics, ${operator}/readyz`,
    );
  });

  it('signs up an unknown phone with a test code and returns the owner’s full permission list in a batched call', async () => {
    const anonymous = trpcClient(base);
    await anonymous.auth.requestOtp.mutate({ phone: newPhone });
    const { token, signedUp } = await anonymous.auth.verifyOtp.mutate({
      phone: newPhone,
      code: '654321',
      operatorName: 'Fresh Clone Cabs',
    });
    expect(signedUp).toBe(true);

    const signedIn = trpcClient(base, () => ({ authorization: `Bearer ${token}` }));
    // Two queries, one HTTP request: tRPC batches them, superjson carries the Date back as a Date.
    const [permissions, me] = await Promise.all([
      signedIn.user.permissions.query(),
      signedIn.user.me.query(),
    ]);
    expect(permissions.permissions).toEqual([...allPermissionIds()].sort());
    expect(me.tenant.name).toBe('Fresh Clone Cabs');
    expect(me.user.createdAt).toBeInstanceOf(Date);
    // The bookings counts run on PGlite too.
    expect(
      await Promise.all([
        signedIn.booking.incomingRequestsCount.query(),
        signedIn.booking.needsAttentionCount.query(),
      ]),
    ).toEqual([{ incomingBookingsCount: 0 }, { needsAttentionCount: 0 }]);
  });

  it('prints where the development SMS outbox is, next to the demo sign-in', () => {
    expect(proc.output()).toContain(
      `its code is in the development SMS outbox, ${join(dataDir, 'sms-outbox.txt')}`,
    );
  });

  it('texts a phone’s code to the development SMS outbox and never writes it to the log', async () => {
    const phone = '+919811122244';
    const anonymous = trpcClient(base);
    await anonymous.auth.requestOtp.mutate({ phone });
    const outboxFile = join(dataDir, 'sms-outbox.txt');
    const entry = readFileSync(outboxFile, 'utf8')
      .split('\n\n')
      .find((e) => e.includes(`to ${phone}`));
    const code = entry?.match(/\n(\d{6}) is your sign-in code/)?.[1];
    if (!code) throw new Error(`no code for ${phone} in the outbox:\n${entry}`);
    expect(statSync(outboxFile).mode & 0o777).toBe(0o600);

    const wrong = code === '000000' ? '111111' : '000000';
    await expect(anonymous.auth.verifyOtp.mutate({ phone, code: wrong })).rejects.toThrow(/not right/);
    // Nor does a request the gateway cannot read show its body in the log.
    const garbled = await fetch(`${base}/api/trpc/auth.verifyOtp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"json":{"phone":"${phone}","code":"${code}"`,
    });
    expect(garbled.status).toBe(400);
    const { signedUp } = await anonymous.auth.verifyOtp.mutate({ phone, code, operatorName: 'Outbox Cabs' });
    expect(signedUp).toBe(true);

    const output = proc.output();
    expect(output).toMatch(
      /"to":"\+919811122244","purpose":"SIGN_IN_CODE_SMS".*"msg":"SMS written to the development outbox"/,
    );
    expect(output).not.toContain('is your sign-in code');
    expect(output).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });

  it('answers UNAUTHORIZED (401) without a token', async () => {
    const res = await fetch(`${base}/api/trpc/user.permissions`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { json: { data: { code: string } } } };
    expect(body.error.json.data.code).toBe('UNAUTHORIZED');
    await expect(trpcClient(base).user.permissions.query()).rejects.toBeInstanceOf(TRPCClientError);
  });

  it('has seeded the demo operator, whose owner signs in with the demo code', async () => {
    const anonymous = trpcClient(base);
    await anonymous.auth.requestOtp.mutate({ phone: '+919800000001' });
    const { token, signedUp } = await anonymous.auth.verifyOtp.mutate({
      phone: '+919800000001',
      code: '123456',
    });
    expect(signedUp).toBe(false);
    const owner = trpcClient(base, () => ({ authorization: `Bearer ${token}` }));
    const employees = await owner.employee.list.query({});
    expect(employees.employees.map((e) => e.name)).toEqual(['Arjun Mehta', 'Kavya Rao', 'Priya Nair']);
    // …and its fleet: the demo's 50 vehicles, in pages of 20, with their groups' names.
    const first = await owner.masters.vehicle.list.query({ limit: 20 });
    expect(first.records).toHaveLength(20);
    expect(first.records[0]?.refNames.vehicle_group_id).toEqual([expect.any(String)]);
    let count = first.records.length;
    for (let cursor = first.nextCursor; cursor; ) {
      const page = await owner.masters.vehicle.list.query({ limit: 20, cursor });
      count += page.records.length;
      cursor = page.nextCursor;
    }
    expect(count).toBe(50);
    // …and the month's money: receipts against its invoices, a bounced cheque, an advance applied.
    const receipts = await owner.receipt.list.query({ includeCancelled: true, limit: 100 });
    expect(receipts.receipts.length).toBeGreaterThanOrEqual(3);
    expect(receipts.receipts.filter((r) => r.isCancelled).map((r) => r.cancellationReason)).toEqual([
      'Cheque returned unpaid: funds insufficient.',
    ]);
    const advance = receipts.receipts.find((r) => r.type === 'ON_ACCOUNT');
    expect(advance?.adjustedAmount.gt(0)).toBe(true);
    const notes = await owner.note.list.query({});
    expect(notes.notes.map((n) => n.type).sort()).toEqual(['CREDIT', 'DEBIT']);
    // …and the paper sent: receipts emailed, and a customer asked to pay.
    const emailTypes = await eventually(
      async () =>
        (await owner.message.list.query({ channel: 'EMAIL', limit: 200 })).messages.map((m) => m.type),
      (types) => types.includes('RECEIPT_EMAIL') && types.includes('PAYMENT_REQUEST_EMAIL'),
    );
    expect(emailTypes.filter((type) => type === 'RECEIPT_EMAIL').length).toBeGreaterThanOrEqual(3);
  });
});
