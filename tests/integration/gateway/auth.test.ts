// Sign-in, sessions and the guard, through HTTP against the real identity module.
import { allPermissionIds } from '@fleet/domain';
import {
  type Authenticator,
  appRouter,
  createAuthenticator,
  createCallerFactory,
  createContext,
  createDutyChanges,
  createRateLimits,
  createSharedReports,
  type IdentityClient,
} from '@fleet/gateway';
import { bearer, bootGateway, cookieNamed, freshPhone, type GatewayHarness } from './support';

describe('sign-in and the session guard', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await bootGateway();
  });
  afterAll(() => h?.close());

  describe('signing in', () => {
    it('sends a code, then signs a new phone up and sets the session cookie', async () => {
      const phone = freshPhone();
      const requested = await h.mutate('auth.requestOtp', { phone }, { 'x-forwarded-for': '10.9.0.1' });
      expect(requested.status).toBe(200);
      expect(requested.body.result?.data).toEqual({ expiresInSeconds: 300, resendAfterSeconds: 30 });

      const verified = await h.mutate(
        'auth.verifyOtp',
        { phone, code: h.lastCodeFor(phone), operatorName: 'Alpha Cabs', userName: 'Asha' },
        { 'x-forwarded-for': '10.9.0.1' },
      );
      expect(verified.status).toBe(200);
      const data = verified.body.result?.data as {
        token: string;
        signedUp: boolean;
        expiresAt: Date;
        user: { name: string };
      };
      expect(data.signedUp).toBe(true);
      expect(data.expiresAt).toBeInstanceOf(Date);
      expect(data.expiresAt.getTime()).toBeGreaterThan(Date.now());
      expect(data.user.name).toBe('Asha');

      const token = cookieNamed(verified.setCookie, 'token');
      expect(token?.value).toBe(data.token);
      expect(token?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
      expect(token?.attributes.secure).toBeUndefined(); // NODE_ENV=test; production adds Secure
      expect(new Date(String(token?.attributes.expires)).getTime()).toBe(
        Math.floor(data.expiresAt.getTime() / 1000) * 1000,
      );
      // Signing in ends any masquerade flag left over from before.
      const flag = cookieNamed(verified.setCookie, 'is_masquerade');
      expect(flag?.value).toBe('');
      expect(new Date(String(flag?.attributes.expires)).getTime()).toBeLessThan(Date.now());
    });

    it('lets the cookie or a bearer header carry the session', async () => {
      const { token } = await h.signIn();
      const byCookie = await h.query('user.permissions', undefined, { cookie: `token=${token}` });
      const byBearer = await h.query('user.permissions', undefined, bearer(token));
      expect(byCookie.status).toBe(200);
      expect(byBearer.body).toEqual(byCookie.body);
      // Spec §7: data.permissions, a list of identifiers. The owner of a new operator holds them all.
      expect(byCookie.body.result?.data).toEqual({ permissions: expect.any(Array) });
      const { permissions } = byCookie.body.result!.data as { permissions: string[] };
      expect([...permissions].sort()).toEqual([...allPermissionIds()].sort());
    });

    it('explains a badly formed phone with a field error (400)', async () => {
      const r = await h.mutate('auth.requestOtp', { phone: '98123 45678' });
      expect(r.status).toBe(400);
      expect(r.body.error?.data).toMatchObject({
        code: 'BAD_REQUEST',
        reason: 'INVALID_INPUT',
        fieldErrors: { phone: 'Enter the phone number with country code, e.g. +919812345678' },
      });
      expect(r.body.error?.message).toContain('phone: Enter the phone number with country code');
      expect(r.body.error?.data.stack).toBeUndefined();
    });

    it('passes on the service’s field errors (a wrong code)', async () => {
      const phone = freshPhone();
      await h.mutate('auth.requestOtp', { phone }, { 'x-forwarded-for': '10.9.0.2' });
      const wrong = h.lastCodeFor(phone) === '000000' ? '111111' : '000000';
      const r = await h.mutate('auth.verifyOtp', { phone, code: wrong }, { 'x-forwarded-for': '10.9.0.2' });
      expect(r.status).toBe(400);
      expect(r.body.error?.message).toBe('That code is not right. 4 tries left.');
      expect(r.body.error?.data).toMatchObject({
        code: 'BAD_REQUEST',
        reason: 'OTP_INVALID',
        fieldErrors: { code: 'That code is not right. 4 tries left.' },
        retryAfterSeconds: null,
      });
    });

    it('answers a throttled service call with 429, its reason and Retry-After', async () => {
      const phone = freshPhone();
      const ip = { 'x-forwarded-for': '10.9.0.3' };
      expect((await h.mutate('auth.requestOtp', { phone }, ip)).status).toBe(200);
      const again = await h.mutate('auth.requestOtp', { phone }, ip);
      expect(again.status).toBe(429);
      expect(again.body.error?.data).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        reason: 'OTP_RESEND_TOO_SOON',
      });
      const seconds = again.body.error?.data.retryAfterSeconds as number;
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(30);
      expect(again.headers.get('retry-after')).toBe(String(seconds));
      expect(again.body.error?.message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);
    });
  });

  describe('UNAUTHORIZED (401)', () => {
    it('without a token', async () => {
      const r = await h.query('user.permissions');
      expect(r.status).toBe(401);
      expect(r.body.error?.data).toMatchObject({
        code: 'UNAUTHORIZED',
        httpStatus: 401,
        path: 'user.permissions',
      });
      expect(r.body.error?.message).toBe('Please sign in to continue.');
    });

    it.each([
      ['a garbage bearer token', bearer('not-a-token')],
      ['a garbage cookie', { cookie: 'token=abc.def.ghi' }],
      ['an absurdly long token', bearer('x'.repeat(5000))],
    ])('with %s', async (_label, headers) => {
      const r = await h.query('user.me', undefined, headers);
      expect(r.status).toBe(401);
      expect(r.body.error?.data.code).toBe('UNAUTHORIZED');
    });

    it('after logout, which also clears both cookies', async () => {
      const { token } = await h.signIn();
      expect((await h.query('user.me', undefined, bearer(token))).status).toBe(200);
      const out = await h.mutate('auth.logout', undefined, { cookie: `token=${token}` });
      expect(out.status).toBe(200);
      expect(out.body.result?.data).toEqual({ signedOut: true });
      for (const name of ['token', 'is_masquerade']) {
        const cleared = cookieNamed(out.setCookie, name);
        expect(cleared?.value).toBe('');
        expect(new Date(String(cleared?.attributes.expires)).getTime()).toBeLessThan(Date.now());
      }
      // The token itself is revoked, so a copy of it (bearer) stops working too.
      const after = await h.query('user.me', undefined, bearer(token));
      expect(after.status).toBe(401);
      expect(after.body.error?.data.code).toBe('UNAUTHORIZED');
      expect((await h.mutate('auth.logout', undefined, bearer(token))).status).toBe(401);
    });

    it('comes before input validation, so nothing about inputs leaks to strangers', async () => {
      const r = await h.query('employee.get', { userId: 42 });
      expect(r.status).toBe(401);
    });
  });

  describe('FORBIDDEN (403)', () => {
    it('for a signed-in user lacking the permission, naming it in words', async () => {
      const owner = await h.signIn(freshPhone(), { operatorName: 'Beta Cabs' });
      const { body: profile } = await h.mutate(
        'permissionProfile.create',
        { name: 'Bookings only', permissions: ['view_booking'] },
        bearer(owner.token),
      );
      const profileId = (profile.result!.data as { id: string }).id;
      const phone = freshPhone();
      const created = await h.mutate(
        'employee.create',
        { name: 'Meena', phone, permissionProfileId: profileId },
        bearer(owner.token),
      );
      expect(created.status).toBe(200);

      const employee = await h.signIn(phone);
      const perms = await h.query('user.permissions', undefined, bearer(employee.token));
      expect((perms.body.result!.data as { permissions: string[] }).permissions).not.toContain(
        'view_employee',
      );

      const r = await h.query('employee.list', undefined, bearer(employee.token));
      expect(r.status).toBe(403);
      expect(r.body.error?.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403, path: 'employee.list' });
      expect(r.body.error?.message).toBe(
        'You need the “View Employees” permission to do this. Ask an administrator of your company to give it to you.',
      );
      const masquerade = await h.mutate('masquerade.start', { userId: 'someone' }, bearer(employee.token));
      expect(masquerade.status).toBe(403);
      expect(masquerade.body.error?.message).toContain('“Auto Login”');
      // Signed-in procedures still work for them.
      expect((await h.query('user.me', undefined, bearer(employee.token))).status).toBe(200);
    });
  });

  describe('without HTTP (createCaller)', () => {
    const authenticatorFor = (identity: IdentityClient) =>
      createAuthenticator({
        identity,
        signingKeys: h.signingKeys,
        bus: h.testBus.bus,
        logger: h.logger,
        maxAgeMs: 15_000,
        maxEntries: 100,
      });
    let authenticator: Authenticator;
    beforeAll(() => {
      authenticator = authenticatorFor(h.identity);
    });

    it('builds the context from plain values and sets cookies through the collectors', async () => {
      const cookies: { name: string; value?: string; options?: unknown; cleared?: boolean }[] = [];
      const ctx = (token?: string) =>
        createContext({
          token,
          clientIp: '10.8.0.1',
          userAgent: 'jest',
          requestId: 'req-createcaller-0001',
          setCookie: (name, value, options) => cookies.push({ name, value, options }),
          clearCookie: (name) => cookies.push({ name, cleared: true }),
          services: h.services,
          authenticator,
          dutyChanges: createDutyChanges({ bus: h.testBus.bus, logger: h.logger }),
          sharedReports: createSharedReports({ ttlMs: 1_000, capacity: 10 }),
          rateLimits: createRateLimits(h.config),
          logger: h.logger,
          production: true,
        });
      const call = createCallerFactory(appRouter);
      const phone = freshPhone();
      await call(ctx()).auth.requestOtp({ phone });
      const { token, signedUp } = await call(ctx()).auth.verifyOtp({ phone, code: h.lastCodeFor(phone) });
      expect(signedUp).toBe(true);
      expect(cookies).toEqual([
        {
          name: 'token',
          value: token,
          options: expect.objectContaining({
            httpOnly: true,
            sameSite: 'lax',
            path: '/',
            secure: true,
            expires: expect.any(Date),
          }),
        },
        { name: 'is_masquerade', cleared: true },
      ]);
      const me = await call(ctx(token)).user.me();
      expect(me.user.phone).toBe(phone);
      expect(me.tenant.createdAt).toBeInstanceOf(Date);
      await expect(call(ctx()).user.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('asks identity who the token is once, however many procedures and requests run', async () => {
      const { token } = await h.signIn();
      let calls = 0;
      const identity = new Proxy(h.identity, {
        get(target, key, receiver) {
          if (key === 'authenticate') calls += 1;
          return Reflect.get(target, key, receiver);
        },
      });
      const once = authenticatorFor(identity);
      const ctx = (requestId: string) =>
        createContext({
          token,
          clientIp: '10.8.0.2',
          userAgent: 'jest',
          requestId,
          setCookie: () => {},
          clearCookie: () => {},
          services: { ...h.services, identity },
          authenticator: once,
          dutyChanges: createDutyChanges({ bus: h.testBus.bus, logger: h.logger }),
          sharedReports: createSharedReports({ ttlMs: 1_000, capacity: 10 }),
          rateLimits: createRateLimits(h.config),
          logger: h.logger,
        });
      const caller = createCallerFactory(appRouter)(ctx('req-memo-00000001'));
      await Promise.all([caller.user.permissions(), caller.user.me(), caller.permission.catalogue()]);
      expect(calls).toBe(1);
      // The next request of the same session is answered from what identity said.
      const next = createCallerFactory(appRouter)(ctx('req-memo-00000002'));
      expect((await next.user.permissions()).permissions.length).toBeGreaterThan(0);
      expect(calls).toBe(1);
    });
  });
});
