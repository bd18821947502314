import { allPermissionIds } from '@fleet/domain';
import { createTestBus, createTestDatabase, type TestBus, type TestDatabase } from '@fleet/testing';
import { freePort, type RunningProcess, startModule, waitForHttp } from '../support/processes';
import { trpcClient } from '../support/trpc-client';

/**
 * `npm run start:distributed` runs exactly these: identity, bookings, masters and the gateway as separate
 * processes.
 */
describe('distributed: gateway, identity, bookings and masters as separate processes over gRPC, PostgreSQL and NATS', () => {
  let database: TestDatabase;
  let testBus: TestBus;
  let identity: RunningProcess;
  let bookings: RunningProcess;
  let masters: RunningProcess;
  let gateway: RunningProcess;
  let base: string;
  let token: string;
  const phone = '+919822233344';

  beforeAll(async () => {
    database = await createTestDatabase();
    testBus = await createTestBus();
    const grpcPort = await freePort();
    const bookingsPort = await freePort();
    const mastersPort = await freePort();
    const httpPort = await freePort();
    base = `http://127.0.0.1:${httpPort}`;
    const shared = {
      DATABASE_URL: database.url,
      NATS_URL: testBus.url,
      INTERNAL_AUTH_SECRET: 'distributed-test-internal-secret-0123456789',
    };
    identity = startModule('identity', {
      ...shared,
      GRPC_PORT: String(grpcPort),
      METRICS_PORT: String(await freePort()),
      AUTH_JWT_KEYS: 'k1:distributed-test-jwt-secret-0123456789abcdef',
      OTP_HMAC_SECRET: 'distributed-test-otp-secret-0123456789abcdef',
      AUTH_TEST_OTP: `${phone}=246810`,
    });
    bookings = startModule('bookings', {
      ...shared,
      GRPC_PORT: String(bookingsPort),
      METRICS_PORT: String(await freePort()),
    });
    masters = startModule('masters', {
      ...shared,
      GRPC_PORT: String(mastersPort),
      METRICS_PORT: String(await freePort()),
    });
    gateway = startModule('gateway', {
      ...shared,
      PORT: String(httpPort),
      METRICS_PORT: String(await freePort()),
      IDENTITY_URL: `http://127.0.0.1:${grpcPort}`,
      BOOKINGS_URL: `http://127.0.0.1:${bookingsPort}`,
      MASTERS_URL: `http://127.0.0.1:${mastersPort}`,
    });
    await waitForHttp(`${base}/healthz`, gateway);
    await waitForHttp(`${base}/readyz`, gateway);
  }, 180_000);

  afterAll(async () => {
    const codes = [await gateway.stop(), await masters.stop(), await bookings.stop(), await identity.stop()];
    await testBus.close();
    await database.drop();
    expect(codes).toEqual([0, 0, 0, 0]);
  });

  it('lists identity, bookings and masters as healthy in /readyz', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(await res.json()).toEqual({
      ready: true,
      services: { identity: { healthy: true }, bookings: { healthy: true }, masters: { healthy: true } },
    });
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
    await identity.stop();
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      ready: false,
      services: { identity: { healthy: false }, bookings: { healthy: true }, masters: { healthy: true } },
    });
  });
});
