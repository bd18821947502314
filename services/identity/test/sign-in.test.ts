import { allPermissionIds } from '@fleet/domain';
import { callAs, rows, startEventConsumer } from '@fleet/platform';
import { expectDomainError, quietLogger } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { IdentityEvents, OTP } from '../src';
import { bootIdentity, freshPhone, type IdentityHarness } from './support';

describe('phone-OTP sign-in', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity({ testOtps: { '+919800000001': '123456' } });
  });
  afterAll(() => h.close());

  it('signs up a new phone as the owner of a new operator holding every permission', async () => {
    const phone = freshPhone();
    const anon = h.anonymous();
    const sent = await h.client.requestOtp({ phone }, callAs(anon));
    expect(sent.expiresInSeconds).toBe(300);
    const code = h.lastCodeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await h.client.verifyOtp({ phone, code, operatorName: 'Sharma Travels' }, callAs(anon));
    expect(verified.signedUp).toBe(true);
    const caller = await h.callerForToken(verified.token);
    expect(caller.permissions).toEqual([...allPermissionIds()].sort());
    const me = await h.client.getMe({}, callAs(caller));
    expect(me.tenant?.name).toBe('Sharma Travels');
    expect(me.user?.isOwner).toBe(true);
  });

  it('signs an existing user back in to the same operator', async () => {
    const phone = freshPhone();
    const first = await h.signIn(phone);
    h.advance(31_000);
    const second = await h.signIn(phone);
    expect(second.caller.tenantId).toBe(first.caller.tenantId);
    expect(second.caller.userId).toBe(first.caller.userId);
  });

  it('stores codes hashed, never in clear', async () => {
    const phone = freshPhone();
    await h.client.requestOtp({ phone }, callAs(h.anonymous()));
    const code = h.lastCodeFor(phone);
    const stored = await h.database.db.asSystem((tx) =>
      rows<{ code_hash: string }>(tx, sql`select code_hash from identity.otp_codes where phone = ${phone}`),
    );
    expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.code_hash).not.toContain(code);
  });

  it('refuses a code after five minutes', async () => {
    const phone = freshPhone();
    await h.client.requestOtp({ phone }, callAs(h.anonymous()));
    const code = h.lastCodeFor(phone);
    h.advance(OTP.ttlSeconds * 1000 + 1000);
    const error = await expectDomainError(h.client.verifyOtp({ phone, code }, callAs(h.anonymous())));
    expect(error.reason).toBe('OTP_EXPIRED');
    expect(error.code).toBe('FAILED_PRECONDITION');
  });

  it('refuses a code used once already', async () => {
    const phone = freshPhone();
    await h.client.requestOtp({ phone }, callAs(h.anonymous()));
    const code = h.lastCodeFor(phone);
    await h.client.verifyOtp({ phone, code }, callAs(h.anonymous()));
    const error = await expectDomainError(h.client.verifyOtp({ phone, code }, callAs(h.anonymous())));
    expect(error.reason).toBe('OTP_NOT_REQUESTED');
  });

  it('locks the code after five wrong tries, even against the right code', async () => {
    const phone = freshPhone();
    await h.client.requestOtp({ phone }, callAs(h.anonymous()));
    const code = h.lastCodeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const error = await expectDomainError(
        h.client.verifyOtp({ phone, code: wrong }, callAs(h.anonymous())),
      );
      expect(error.reason).toBe('OTP_INVALID');
      expect(error.message).toContain(`${5 - attempt} ${5 - attempt === 1 ? 'try' : 'tries'} left`);
      expect(error.fieldViolations[0]?.field).toBe('code');
    }
    const fifth = await expectDomainError(h.client.verifyOtp({ phone, code: wrong }, callAs(h.anonymous())));
    expect(fifth.reason).toBe('OTP_LOCKED');
    expect(fifth.code).toBe('RESOURCE_EXHAUSTED');
    const right = await expectDomainError(h.client.verifyOtp({ phone, code }, callAs(h.anonymous())));
    expect(right.reason).toBe('OTP_LOCKED');
    // A new code cannot be asked for while locked either.
    h.advance(60_000);
    const resend = await expectDomainError(h.client.requestOtp({ phone }, callAs(h.anonymous())));
    expect(resend.reason).toBe('OTP_LOCKED');
    expect(resend.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('throttles sends per phone: 30 seconds apart and five an hour', async () => {
    const phone = freshPhone();
    const ip = '10.9.9.1';
    await h.client.requestOtp({ phone }, callAs(h.anonymous(ip)));
    const tooSoon = await expectDomainError(h.client.requestOtp({ phone }, callAs(h.anonymous(ip))));
    expect(tooSoon.reason).toBe('OTP_RESEND_TOO_SOON');
    expect(tooSoon.retryAfterSeconds).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      h.advance(31_000);
      await h.client.requestOtp({ phone }, callAs(h.anonymous(ip)));
    }
    h.advance(31_000);
    const sixth = await expectDomainError(h.client.requestOtp({ phone }, callAs(h.anonymous(ip))));
    expect(sixth.reason).toBe('OTP_THROTTLED');
    expect(sixth.message).toMatch(/this phone/);
    h.advance(3600_000);
    await expect(h.client.requestOtp({ phone }, callAs(h.anonymous(ip)))).resolves.toBeDefined();
  });

  it('throttles sends per IP address across phones', async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < OTP.maxSendsPerIpPerHour; i++) {
      await h.client.requestOtp({ phone: freshPhone() }, callAs(h.anonymous(ip)));
    }
    const error = await expectDomainError(
      h.client.requestOtp({ phone: freshPhone() }, callAs(h.anonymous(ip))),
    );
    expect(error.reason).toBe('OTP_THROTTLED');
    expect(error.message).toMatch(/your network/);
    await expect(
      h.client.requestOtp({ phone: freshPhone() }, callAs(h.anonymous('10.7.7.8'))),
    ).resolves.toBeDefined();
  });

  it('gives listed test phones their fixed code without an SMS', async () => {
    const before = h.sent.length;
    await h.client.requestOtp({ phone: '+919800000001' }, callAs(h.anonymous()));
    expect(h.sent.length).toBe(before);
    const verified = await h.client.verifyOtp(
      { phone: '+919800000001', code: '123456' },
      callAs(h.anonymous()),
    );
    expect(verified.token).toBeTruthy();
  });

  it('explains a badly formed phone number', async () => {
    const error = await expectDomainError(h.client.requestOtp({ phone: '98123' }, callAs(h.anonymous())));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.fieldViolations).toEqual([
      { field: 'phone', message: 'Enter the phone number with country code, e.g. +919812345678' },
    ]);
  });

  it('ends a session at logout', async () => {
    const { token, caller } = await h.signIn(freshPhone());
    await h.client.logout({}, callAs(caller));
    const error = await expectDomainError(h.client.authenticate({ token }, callAs(h.anonymous())));
    expect(error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses forged and expired tokens', async () => {
    const { token } = await h.signIn(freshPhone());
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(
      (await expectDomainError(h.client.authenticate({ token: forged }, callAs(h.anonymous())))).code,
    ).toBe('UNAUTHENTICATED');
    h.advance(13 * 3600_000);
    expect((await expectDomainError(h.client.authenticate({ token }, callAs(h.anonymous())))).code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('publishes fleet.identity.tenant.created on JetStream when an operator signs up', async () => {
    const seen: string[] = [];
    const subscription = await startEventConsumer({
      name: 'test.tenant-created',
      db: h.database.db,
      schema: 'identity',
      bus: h.testBus.bus,
      logger: quietLogger(),
      events: [IdentityEvents.tenantCreated],
      async handle(_tx, event) {
        seen.push(event.message.tenant?.name ?? '');
      },
    });
    await h.signIn(freshPhone(), { operatorName: 'Evented Cabs' });
    const deadline = Date.now() + 10_000;
    while (!seen.includes('Evented Cabs') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await subscription.stop();
    expect(seen).toContain('Evented Cabs');
  });
});

describe('sign-up switched off', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity({ signupEnabled: false });
  });
  afterAll(() => h.close());

  it('refuses a phone that is not yet a user', async () => {
    const error = await expectDomainError(
      h.client.requestOtp({ phone: freshPhone() }, callAs(h.anonymous())),
    );
    expect(error.reason).toBe('PHONE_NOT_REGISTERED');
  });
});
