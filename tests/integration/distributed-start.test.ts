import { randomUUID } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { allPermissionIds } from '@fleet/domain';
import { createSessionTokens, parseSigningKeys } from '@fleet/platform';
import { distributedPlan, SERVICES } from '@fleet/product';
import { createTestBus, createTestDatabase, type TestBus, type TestDatabase } from '@fleet/testing';
import {
  freeDistributedPorts,
  freePort,
  type RunningProcess,
  startModule,
  waitForHttp,
} from '../support/processes';
import { trpcClient } from '../support/trpc-client';

/**
 * `npm run start:distributed` runs exactly these: one process per service of the module table and the
 * gateway, each with the variables its plan gives (here on free ports, a test database and bus).
 */
describe('distributed: the gateway and every service as separate processes over gRPC, PostgreSQL and NATS', () => {
  let database: TestDatabase;
  let testBus: TestBus;
  const running = new Map<string, RunningProcess>();
  let base: string;
  /** The gateway's metrics listener: Prometheus' /metrics and the operator's /readyz. */
  let operator: string;
  /** A second gateway in front of the same services, as a cluster runs several. */
  let other: string;
  let token: string;
  const phone = '+919822233344';
  const secondPhone = '+919822233355';
  const employeePhone = '+919822233366';
  const jwtKeys = 'k1:distributed-test-jwt-secret-0123456789abcdef';
  const allHealthy = Object.fromEntries(SERVICES.map((s) => [s.name, { healthy: true }]));

  beforeAll(async () => {
    database = await createTestDatabase();
    testBus = await createTestBus();
    const ports = await freeDistributedPorts(SERVICES);
    const httpPort = await freePort();
    const otherPort = await freePort();
    base = `http://127.0.0.1:${httpPort}`;
    operator = `http://127.0.0.1:${ports.GATEWAY_METRICS_PORT}`;
    other = `http://127.0.0.1:${otherPort}`;
    const shared = {
      DATABASE_URL: database.url,
      NATS_URL: testBus.url,
      INTERNAL_AUTH_SECRET: 'distributed-test-internal-secret-0123456789',
      AUTH_JWT_KEYS: jwtKeys,
      OTP_HMAC_SECRET: 'distributed-test-otp-secret-0123456789abcdef',
      AUTH_TEST_OTP: [phone, secondPhone, employeePhone].map((p) => `${p}=246810`).join(','),
      PORT: String(httpPort),
      // Long enough that only identity's events can explain a gateway forgetting a session in time.
      SESSION_CACHE_SECONDS: '300',
    };
    const plan = distributedPlan(SERVICES, ports);
    for (const { name, env } of plan) {
      running.set(name, startModule(name, { ...shared, ...env }));
    }
    const gatewayEnv = plan.find((p) => p.name === 'gateway')!.env;
    running.set(
      'second gateway',
      startModule('gateway', {
        ...shared,
        ...gatewayEnv,
        PORT: String(otherPort),
        METRICS_PORT: String(await freePort()),
      }),
    );
    for (const [name, url] of [
      ['gateway', base],
      ['second gateway', other],
    ] as const) {
      await waitForHttp(`${url}/readyz`, running.get(name)!);
    }
  }, 180_000);

  afterAll(async () => {
    const codes: (number | null)[] = [];
    for (const process of [...running.values()].reverse()) codes.push(await process.stop());
    await testBus.close();
    await database.drop();
    expect(codes).toEqual([...running.keys()].map(() => 0));
  });

  it('answers /readyz with ready alone, and lists identity, bookings and masters as healthy to operators', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true });
    const detail = await fetch(`${operator}/readyz`);
    expect(detail.status).toBe(200);
    expect(await detail.json()).toEqual({ ready: true, stopping: false, services: allHealthy });
  });

  it('serves metrics on loopback only, unless METRICS_HOST says otherwise', async () => {
    expect((await fetch(`${operator}/metrics`)).status).toBe(200);
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((a) => a?.family === 'IPv4' && !a.internal)?.address;
    if (outward) {
      await expect(fetch(`${operator}/metrics`.replace('127.0.0.1', outward))).rejects.toThrow();
    }
  });

  it('signs up through the gateway, returns the owner’s permissions and counts the new operator’s tabs', async () => {
    const anonymous = trpcClient(base);
    await anonymous.auth.requestOtp.mutate({ phone });
    const verified = await anonymous.auth.verifyOtp.mutate({ phone, code: '246810' });
    expect(verified.signedUp).toBe(true);
    token = verified.token;
    const signedIn = trpcClient(base, () => ({ authorization: `Bearer ${token}` }));
    const { permissions } = await signedIn.user.permissions.query();
    expect(permissions).toEqual([...allPermissionIds()].sort());
    // The gateway reaches bookings over the network too (one batched GET, as the web app polls).
    expect(
      await Promise.all([
        signedIn.booking.incomingRequestsCount.query(),
        signedIn.booking.needsAttentionCount.query(),
      ]),
    ).toEqual([{ incomingBookingsCount: 0 }, { needsAttentionCount: 0 }]);
  });

  it('keeps a master in the masters service over the network: creates a vehicle group and lists it', async () => {
    const signedIn = trpcClient(base, () => ({ authorization: `Bearer ${token}` }));
    const group = await signedIn.masters.vehicle_group.create.mutate({
      values: { name: 'Sedan', seating_capacity: '4' },
    });
    expect(group.values).toMatchObject({ name: 'Sedan', seating_capacity: 4 });
    const listed = await signedIn.masters.vehicle_group.list.query({});
    expect(listed.records.map((r) => [r.id, r.values.name])).toEqual([[group.id, 'Sedan']]);
  });

  /** A signed-in client of one gateway; `status` is the HTTP status of its user.permissions. */
  const signIn = async (at: string, signInPhone: string) => {
    const anonymous = trpcClient(at);
    await anonymous.auth.requestOtp.mutate({ phone: signInPhone });
    const { token: signedIn } = await anonymous.auth.verifyOtp.mutate({
      phone: signInPhone,
      code: '246810',
      operatorName: 'Second Cabs',
    });
    return signedIn;
  };
  const permissionsAt = async (at: string, bearerToken: string) => {
    const res = await fetch(`${at}/api/trpc/user.permissions`, {
      headers: { authorization: `Bearer ${bearerToken}` },
    });
    const body = (await res.json()) as { result?: { data: { json: { permissions: string[] } } } };
    return { status: res.status, permissions: body.result?.data.json.permissions ?? [] };
  };
  /** Polls until `done` holds, answering how long it took; fails after `withinMs`. */
  const within = async (withinMs: number, done: () => Promise<boolean>) => {
    const started = Date.now();
    while (!(await done())) {
      if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return Date.now() - started;
  };

  it('refuses a logged-out token at once on the gateway that served the logout, and on another within a second', async () => {
    const second = await signIn(base, secondPhone);
    // Both gateways have asked identity about the session, and keep what it said.
    expect((await permissionsAt(base, second)).status).toBe(200);
    expect((await permissionsAt(other, second)).status).toBe(200);
    await trpcClient(base, () => ({ authorization: `Bearer ${second}` })).auth.logout.mutate();
    expect((await permissionsAt(base, second)).status).toBe(401);
    await within(1000, async () => (await permissionsAt(other, second)).status === 401);
  });

  it('takes a permission removed from a profile away from a holder signed in on another gateway within a second', async () => {
    const owner = trpcClient(base, () => ({ authorization: `Bearer ${token}` }));
    const profile = await owner.permissionProfile.create.mutate({
      name: 'Fleet desk',
      permissions: ['view_vehicle', 'view_vehicle_group'],
    });
    await owner.employee.create.mutate({
      name: 'Desk Clerk',
      phone: employeePhone,
      permissionProfileId: profile.id,
    });
    const clerk = await signIn(other, employeePhone);
    expect((await permissionsAt(other, clerk)).permissions).toContain('view_vehicle');
    await owner.permissionProfile.update.mutate({
      id: profile.id,
      name: 'Fleet desk',
      permissions: ['view_vehicle_group'],
    });
    await within(1000, async () => !(await permissionsAt(other, clerk)).permissions.includes('view_vehicle'));
    expect((await permissionsAt(other, clerk)).permissions).toContain('view_vehicle_group');
  });

  it('answers 401 without a token', async () => {
    expect((await fetch(`${base}/api/trpc/user.permissions`)).status).toBe(401);
  });

  it('reports identity unhealthy once identity stops, and lets in only those already signed in', async () => {
    expect((await permissionsAt(base, token)).status).toBe(200);
    await running.get('identity')!.stop();
    // The public /readyz reuses its last probes' answer for up to a second.
    let res = await fetch(`${base}/readyz`);
    for (const until = Date.now() + 5000; res.status === 200 && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await fetch(`${base}/readyz`);
    }
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ready: false });
    const detail = await fetch(`${operator}/readyz`);
    expect(detail.status).toBe(503);
    expect(await detail.json()).toEqual({
      ready: false,
      stopping: false,
      services: { ...allHealthy, identity: { healthy: false, problem: expect.any(String) } },
    });
    // The owner's session was described before identity stopped: it goes on working.
    expect((await permissionsAt(base, token)).status).toBe(200);
    // A session the gateway never heard of, though signed with the right key, is not let in.
    const unknown = await createSessionTokens(parseSigningKeys(jwtKeys)).sign(
      { sessionId: randomUUID(), userId: randomUUID(), tenantId: randomUUID() },
      new Date(Date.now() + 3_600_000),
    );
    expect((await permissionsAt(base, unknown)).status).not.toBe(200);
    // Forged, expired and garbage tokens are refused without identity.
    const forged = await createSessionTokens([
      { kid: 'k1', secret: 'not-the-secret-0123456789abcdefghij' },
    ]).sign(
      { sessionId: randomUUID(), userId: randomUUID(), tenantId: randomUUID() },
      new Date(Date.now() + 3_600_000),
    );
    const expired = await createSessionTokens(parseSigningKeys(jwtKeys)).sign(
      { sessionId: randomUUID(), userId: randomUUID(), tenantId: randomUUID() },
      new Date(Date.now() - 1000),
    );
    for (const refused of [forged, expired, 'garbage.token.here']) {
      expect((await permissionsAt(base, refused)).status).toBe(401);
    }
  });
});
