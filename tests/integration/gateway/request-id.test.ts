import { IdentityEvents } from '@fleet/identity';
import { startEventConsumer } from '@fleet/platform';
import { quietLogger } from '@fleet/testing';
import { bootGateway, freshPhone, type GatewayHarness } from './support';

/** One request id follows a request from the browser through gRPC into the events it causes. */
describe('request ids', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await bootGateway();
  });
  afterAll(() => h.close());

  it('carries the id from the HTTP request through gRPC metadata into the service log and the event headers', async () => {
    const seen: (string | undefined)[] = [];
    const subscription = await startEventConsumer({
      name: 'test.request-id',
      db: h.database.db,
      schema: 'identity',
      bus: h.testBus.bus,
      logger: quietLogger(),
      events: [IdentityEvents.tenantCreated],
      async handle(_tx, event) {
        seen.push(event.requestId);
      },
    });
    const phone = freshPhone();
    await h.mutate('auth.requestOtp', { phone }, { 'x-request-id': 'req-otp-0001' });
    const verified = await h.mutate(
      'auth.verifyOtp',
      { phone, code: h.lastCodeFor(phone) },
      { 'x-request-id': 'req-signup-0001' },
    );
    expect(verified.status).toBe(200);
    expect(verified.headers.get('x-request-id')).toBe('req-signup-0001');

    const deadline = Date.now() + 10_000;
    while (!seen.includes('req-signup-0001') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await subscription.stop();
    expect(seen).toContain('req-signup-0001');
    // The identity service logged the signup under the same id.
    expect(
      h.logs.some((line) => line.requestId === 'req-signup-0001' && line.msg === 'new operator signed up'),
    ).toBe(true);
  });
});
