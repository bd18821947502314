import { jwtVerify, SignJWT } from 'jose';
import { createSessionTokens, parseSigningKeys } from './session-token';

const claims = { sessionId: 's1', userId: 'u1', tenantId: 't1' };
const inAnHour = () => new Date(Date.now() + 3600_000);
const oldKey = { kid: '2026-10', secret: 'the-october-signing-secret-0123456789' };
const newKey = { kid: '2026-11', secret: 'the-november-signing-secret-012345678' };

describe('session tokens and key rotation', () => {
  it('keeps tokens signed by the previous key valid after a new key is put first', async () => {
    const before = createSessionTokens([oldKey]);
    const token = await before.sign(claims, inAnHour());
    const after = createSessionTokens([newKey, oldKey]);
    expect(await after.verify(token)).toEqual({ ...claims, actorUserId: undefined });
    const fresh = await after.sign(claims, inAnHour());
    expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).toBe('2026-11');
  });

  it('refuses tokens once their key is retired from the ring', async () => {
    const token = await createSessionTokens([oldKey]).sign(claims, inAnHour());
    expect(await createSessionTokens([newKey]).verify(token)).toBeUndefined();
  });

  it('refuses an expired token and a token whose key id was swapped', async () => {
    const tokens = createSessionTokens([newKey, oldKey]);
    expect(await tokens.verify(await tokens.sign(claims, new Date(Date.now() - 1000)))).toBeUndefined();
    const token = await createSessionTokens([oldKey]).sign(claims, inAnHour());
    const [, payload, signature] = token.split('.');
    const swapped = `${Buffer.from(JSON.stringify({ alg: 'HS256', kid: '2026-11' })).toString('base64url')}.${payload}.${signature}`;
    expect(await tokens.verify(swapped)).toBeUndefined();
  });

  it('speaks standard HS256 JWT both ways: a JWT library reads its tokens and it reads theirs', async () => {
    const tokens = createSessionTokens([newKey]);
    const secret = new TextEncoder().encode(newKey.secret);
    const { payload, protectedHeader } = await jwtVerify(await tokens.sign(claims, inAnHour()), secret, {
      issuer: 'fleet-identity',
      audience: 'fleet',
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', kid: '2026-11' });
    expect(payload).toMatchObject({ sid: 's1', tid: 't1', sub: 'u1' });
    const signed = (header: Record<string, unknown>, issuer = 'fleet-identity') =>
      new SignJWT({ sid: 's1', tid: 't1' })
        .setProtectedHeader(header as { alg: string })
        .setSubject('u1')
        .setIssuer(issuer)
        .setAudience('fleet')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secret);
    expect(await tokens.verify(await signed({ alg: 'HS256', kid: '2026-11' }))).toEqual({
      ...claims,
      actorUserId: undefined,
    });
    // Another issuer, an extra header (crit, b64, typ…) or no key id: refused.
    expect(
      await tokens.verify(await signed({ alg: 'HS256', kid: '2026-11' }, 'someone-else')),
    ).toBeUndefined();
    expect(await tokens.verify(await signed({ alg: 'HS256', kid: '2026-11', typ: 'JWT' }))).toBeUndefined();
    expect(await tokens.verify(await signed({ alg: 'HS256' }))).toBeUndefined();
    // alg "none" with the signature cut off, and garbage.
    const [, body] = (await signed({ alg: 'HS256', kid: '2026-11' })).split('.');
    const none = `${Buffer.from('{"alg":"none","kid":"2026-11"}').toString('base64url')}.${body}.`;
    for (const bad of [none, 'a.b.c', '...', 'not a token', ''])
      expect(await tokens.verify(bad)).toBeUndefined();
  });

  it('records the real actor while masquerading', async () => {
    const tokens = createSessionTokens([newKey]);
    const token = await tokens.sign({ ...claims, actorUserId: 'boss' }, inAnHour());
    expect((await tokens.verify(token))?.actorUserId).toBe('boss');
  });

  it('parses the key ring and explains a weak key', () => {
    expect(parseSigningKeys(`a:${'x'.repeat(32)}, b:${'y'.repeat(40)}`).map((k) => k.kid)).toEqual([
      'a',
      'b',
    ]);
    expect(() => parseSigningKeys('a:short')).toThrow(/at least 32 characters/);
    expect(() => parseSigningKeys('nokid')).toThrow(/<key id>:<secret>/);
  });
});
