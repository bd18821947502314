import { allPermissionIds } from '@fleet/domain';
import { distributedPlan, SERVICES } from '@fleet/product';
import { createTestBus, createTestDatabase, type TestBus, type TestDatabase } from '@fleet/testing';
import { freePort, type RunningProcess, startModule, waitForHttp } from '../support/processes';
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
  let token: string;
  const phone = '+919822233344';
  const allHealthy = Object.fromEntries(SERVICES.map((s) => [s.name, { healthy: true }]));

  beforeAll(async () => {
    database = await createTestDatabase();
    testBus = await createTestBus();
    const ports: Record<string, string> = {};
    for (const service of SERVICES) {
      const prefix = service.name.toUpperCase().replaceAll('-', '_');
      ports[`${prefix}_GRPC_PORT`] = String(await freePort());
      ports[`${prefix}_METRICS_PORT`] = String(await freePort());
    }
    ports.GATEWAY_METRICS_PORT = String(await freePort());
    const httpPort = await freePort();
    base = `http://127.0.0.1:${httpPort}`;
    const shared = {
      DATABASE_URL: database.url,
      NATS_URL: testBus.url,
      INTERNAL_AUTH_SECRET: 'distributed-test-internal-secret-0123456789',
      AUTH_JWT_KEYS: 'k1:distributed-test-jwt-secret-0123456789abcdef',
      OTP_HMAC_SECRET: 'distributed-test-otp-secret-0123456789abcdef',
      AUTH_TEST_OTP: `${phone}=246810`,
      PORT: String(httpPort),
    };
    for (const { name, env } of distributedPlan(SERVICES, ports)) {
      running.set(name, startModule(name, { ...shared, ...env }));
    }
    const gateway = running.get('gateway')!;
    await waitForHttp(`${base}/healthz`, gateway);
    await waitForHttp(`${base}/readyz`, gateway);
  }, 180_000);

  afterAll(async () => {
    const codes: (number | null)[] = [];
    for (const process of [...running.values()].reverse()) codes.push(await process.stop());
    await testBus.close();
    await database.drop();
    expect(codes).toEqual([...running.keys()].map(() => 0));
  });

  it('lists identity, bookings and masters as healthy in /readyz', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(await res.json()).toEqual({ ready: true, services: allHealthy });
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

  it('answers 401 without a token', async () => {
    expect((await fetch(`${base}/api/trpc/user.permissions`)).status).toBe(401);
  });

  it('reports identity unhealthy once identity stops', async () => {
    await running.get('identity')!.stop();
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      ready: false,
      services: { ...allHealthy, identity: { healthy: false } },
    });
  });
});
