import { createHmac, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { BoundedCache } from './bounded-cache';
import { anonymousCaller, type Caller, createCallerCodec } from './caller';

const SECRET = 'caller-codec-tests-secret-0123456789abcdef';
// A whole second, so iat is exact and the windows below are exact.
const T0 = 1_900_000_000_000;

function clock(start = T0) {
  const c = { now: start, fn: () => c.now };
  return c;
}

const callerWith = (overrides: Partial<Caller> = {}): Caller => ({
  requestId: randomUUID(),
  clientIp: '10.2.3.4',
  tenantId: 'tenant-a',
  userId: 'user-a',
  actorUserId: 'user-a',
  sessionId: 'session-a',
  role: 'OWNER',
  permissions: ['view_duty', 'edit_duty', 'view_vehicle'],
  isMasquerade: false,
  ...overrides,
});

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const hs256 = (secret: string, input: string) =>
  createHmac('sha256', secret).update(input).digest('base64url');
/** A token built by hand: header and claims as given, signed with `secret`. */
const handMade = (secret: string, claims: unknown, header: unknown = { alg: 'HS256' }) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${hs256(secret, input)}`;
};
const refusal = { code: 'UNAUTHENTICATED' };

describe('signing a caller once', () => {
  it('reuses a byte-identical token for the same caller, object or rebuilt, within half its lifetime', async () => {
    const t = clock();
    const codec = createCallerCodec(SECRET, { now: t.fn });
    const caller = callerWith();
    const first = await codec.sign(caller);
    expect(await codec.sign(caller)).toBe(first);
    expect(await codec.sign({ ...caller, permissions: [...caller.permissions] })).toBe(first);
    t.now = T0 + 29_999;
    expect(await codec.sign(caller)).toBe(first);
    expect(claimsOf(first)).toMatchObject({ aud: 'fleet-internal', iat: T0 / 1000, exp: T0 / 1000 + 60 });
  });

  it('signs afresh once less than half the lifetime remains, while the old token is still valid', async () => {
    const t = clock();
    const codec = createCallerCodec(SECRET, { now: t.fn });
    const caller = callerWith();
    const first = await codec.sign(caller);
    t.now = T0 + 30_000;
    const second = await codec.sign(caller);
    expect(second).not.toBe(first);
    expect(claimsOf(second).exp).toBe(T0 / 1000 + 90);
    expect(await codec.sign({ ...caller })).toBe(second);
    await expect(codec.verify(first)).resolves.toEqual(caller);
  });

  it('never hands out a token with less than half its lifetime left', async () => {
    const t = clock(T0 + 123);
    const codec = createCallerCodec(SECRET, { now: t.fn });
    const caller = callerWith();
    const rebuilt = () => ({ ...caller });
    for (; t.now < T0 + 200_000; t.now += 731) {
      for (const token of [await codec.sign(caller), await codec.sign(rebuilt())]) {
        const remaining = claimsOf(token).exp * 1000 - t.now;
        expect(remaining).toBeGreaterThan(30_000);
        expect(remaining).toBeLessThanOrEqual(60_000);
      }
    }
  });

  it('signs a caller changed in place afresh, with its new fields', async () => {
    const codec = createCallerCodec(SECRET);
    const caller = callerWith();
    const first = await codec.sign(caller);
    caller.permissions.push('delete_duty');
    const second = await codec.sign(caller);
    expect(second).not.toBe(first);
    expect((await codec.verify(second)).permissions).toContain('delete_duty');
    caller.permissions[0] = 'something_else';
    const third = await codec.sign(caller);
    expect((await codec.verify(third)).permissions[0]).toBe('something_else');
    caller.tenantId = 'tenant-b';
    caller.isMasquerade = true;
    expect(await codec.verify(await codec.sign(caller))).toMatchObject({
      tenantId: 'tenant-b',
      isMasquerade: true,
    });
  });

  it("keeps each request's own id: callers differing only in request id never share a token", async () => {
    const codec = createCallerCodec(SECRET);
    const base = callerWith();
    const requestIds = Array.from({ length: 20 }, () => randomUUID());
    const tokens = await Promise.all(requestIds.map((requestId) => codec.sign({ ...base, requestId })));
    expect(new Set(tokens).size).toBe(requestIds.length);
    // Interleaved, again, from the caches this time.
    for (let round = 0; round < 3; round++) {
      for (const [i, requestId] of requestIds.entries()) {
        const token = await codec.sign({ ...base, requestId });
        expect(token).toBe(tokens[i]);
        expect((await codec.verify(token)).requestId).toBe(requestId);
      }
    }
  });

  it('signs only the fields of a Caller', async () => {
    const codec = createCallerCodec(SECRET);
    const caller = { ...anonymousCaller('req-1', '10.0.0.1'), extra: 'not signed' } as Caller;
    const verified = await codec.verify(await codec.sign(caller));
    expect(verified).toEqual({
      requestId: 'req-1',
      clientIp: '10.0.0.1',
      permissions: [],
      isMasquerade: false,
    });
  });
});

describe('verifying a caller token', () => {
  it('returns the caller, frozen, the same for every verify of the token', async () => {
    const codec = createCallerCodec(SECRET);
    const caller = callerWith();
    const token = await codec.sign(caller);
    const once = await codec.verify(token);
    expect(once).toEqual(caller);
    expect(Object.isFrozen(once) && Object.isFrozen(once.permissions)).toBe(true);
    // A service verifying with its own codec (another process).
    expect(await createCallerCodec(SECRET).verify(token)).toEqual(caller);
    expect(await codec.verify(token)).toEqual(caller);
  });

  it('refuses an expired token, also when it had been verified and cached', async () => {
    const t = clock();
    const signer = createCallerCodec(SECRET, { now: t.fn });
    const service = createCallerCodec(SECRET, { now: t.fn });
    const token = await signer.sign(callerWith());
    await service.verify(token);
    expect(service.cacheSizes().verified).toBe(1);
    t.now = T0 + 59_999;
    await expect(service.verify(token)).resolves.toBeDefined();
    t.now = T0 + 60_000;
    await expect(service.verify(token)).rejects.toMatchObject(refusal);
    await expect(createCallerCodec(SECRET, { now: t.fn }).verify(token)).rejects.toMatchObject(refusal);
    // The expired entry is gone; asking again still refuses.
    expect(service.cacheSizes().verified).toBe(0);
    await expect(service.verify(token)).rejects.toMatchObject(refusal);
  });

  it('refuses a token signed with another secret', async () => {
    const token = await createCallerCodec('another-secret-entirely-0123456789abc').sign(callerWith());
    await expect(createCallerCodec(SECRET).verify(token)).rejects.toMatchObject(refusal);
  });

  it('refuses a tampered payload, header or signature, even when the genuine token is cached', async () => {
    const codec = createCallerCodec(SECRET);
    const token = await codec.sign(callerWith({ tenantId: 'tenant-a' }));
    await codec.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = claimsOf(token);
    const forged = [
      `${header}.${b64({ ...claims, c: { ...claims.c, tenantId: 'tenant-b' } })}.${signature}`,
      `${header}.${b64({ ...claims, exp: claims.exp + 3600 })}.${signature}`,
      `${header}.${b64({ ...claims, c: { ...claims.c, permissions: [...claims.c.permissions, 'x'] } })}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
      `${b64({ alg: 'none' })}.${payload}.`,
      `${b64({ alg: 'HS512' })}.${payload}.${signature}`,
      `${token}.`,
      `${token} `,
      ` ${token}`,
    ];
    for (const token of forged) await expect(codec.verify(token)).rejects.toMatchObject(refusal);
    await expect(codec.verify(token)).resolves.toMatchObject({ tenantId: 'tenant-a' });
  });

  it('refuses garbage', async () => {
    const codec = createCallerCodec(SECRET);
    for (const garbage of [
      '',
      '.',
      '..',
      'abc',
      'a.b.c',
      'a.b.c.d',
      '\u0000.\u0001.\u0002',
      'é.é.é',
      'x'.repeat(50_000),
    ])
      await expect(codec.verify(garbage)).rejects.toMatchObject(refusal);
    expect(codec.cacheSizes().verified).toBe(0);
  });

  it('refuses a genuinely signed token whose claims are not a caller token', async () => {
    const codec = createCallerCodec(SECRET);
    const c = callerWith();
    const exp = Math.floor(Date.now() / 1000) + 60;
    const refused = [
      handMade(SECRET, { c, aud: 'someone-else', exp }),
      handMade(SECRET, { c, exp }),
      handMade(SECRET, { c, aud: 'fleet-internal' }),
      handMade(SECRET, { c, aud: 'fleet-internal', exp: String(exp) }),
      handMade(SECRET, { c, aud: 'fleet-internal', exp, nbf: exp }),
      handMade(SECRET, { aud: 'fleet-internal', exp }),
      handMade(SECRET, { c: { ...c, permissions: 'all' }, aud: 'fleet-internal', exp }),
      handMade(SECRET, { c: { ...c, requestId: 7 }, aud: 'fleet-internal', exp }),
      handMade(SECRET, { c: { ...c, tenantId: null }, aud: 'fleet-internal', exp }),
      handMade(SECRET, { c: { ...c, isMasquerade: 'no' }, aud: 'fleet-internal', exp }),
      handMade(SECRET, [c]),
    ];
    for (const token of refused) await expect(codec.verify(token)).rejects.toMatchObject(refusal);
    await expect(codec.verify(handMade(SECRET, { c, aud: 'fleet-internal', exp }))).resolves.toEqual(c);
  });
});

describe('the token is a standard HS256 JWT, as before', () => {
  const key = new TextEncoder().encode(SECRET);

  it('is verified by jose, with the caller in its c claim', async () => {
    const caller = callerWith();
    const token = await createCallerCodec(SECRET).sign(caller);
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      audience: 'fleet-internal',
      algorithms: ['HS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'HS256' });
    expect(payload.c).toEqual(caller);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(60);
  });

  it('verifies a token signed by the previous code (jose), and refuses it once expired', async () => {
    const caller = callerWith();
    const token = await new SignJWT({ c: caller })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('fleet-internal')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(key);
    await expect(createCallerCodec(SECRET).verify(token)).resolves.toEqual(caller);
    const later = Date.now() + 61_000;
    await expect(createCallerCodec(SECRET, { now: () => later }).verify(token)).rejects.toMatchObject(
      refusal,
    );
  });
});

describe('the caches stay within their bounds', () => {
  it('keeps at most signCacheSize callers by their fields and verifyCacheSize tokens', async () => {
    const codec = createCallerCodec(SECRET, { signCacheSize: 8, verifyCacheSize: 5 });
    for (let i = 0; i < 100; i++) {
      const token = await codec.sign(callerWith());
      await codec.verify(token);
      expect(codec.cacheSizes().signed).toBeLessThanOrEqual(8);
      expect(codec.cacheSizes().verified).toBeLessThanOrEqual(5);
    }
    expect(codec.cacheSizes()).toEqual({ signed: 8, verified: 5 });
  });

  it('an evicted token still verifies, from scratch', async () => {
    const codec = createCallerCodec(SECRET, { verifyCacheSize: 2 });
    const callers = [callerWith(), callerWith(), callerWith()];
    const tokens = await Promise.all(callers.map((c) => codec.sign(c)));
    for (const token of tokens) await codec.verify(token);
    expect(codec.cacheSizes().verified).toBe(2);
    await expect(codec.verify(tokens[0]!)).resolves.toEqual(callers[0]);
  });

  it('BoundedCache evicts the least recently used entry', () => {
    const cache = new BoundedCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    cache.set('c', 30);
    expect(cache.size).toBe(3);
    expect(() => new BoundedCache(0)).toThrow(RangeError);
  });
});
