import { webcrypto } from 'node:crypto';
import { type JWTVerifyGetKey, jwtVerify, SignJWT } from 'jose';
import { ConfigError } from './config';

/** A signing key; the first of the ring signs, every key verifies (rotation keeps old tokens valid). */
export interface SigningKey {
  kid: string;
  secret: string;
}

export interface SessionClaims {
  sessionId: string;
  userId: string;
  tenantId: string;
  /** Present while masquerading: the person really acting. */
  actorUserId?: string;
}

const ISSUER = 'fleet-identity';
const AUDIENCE = 'fleet';

/** `AUTH_JWT_KEYS="2026-11:<secret>,2026-10:<secret>"`; each secret at least 32 characters. */
export function parseSigningKeys(value: string): SigningKey[] {
  const keys = value.split(',').map((entry) => {
    const at = entry.indexOf(':');
    const kid = entry.slice(0, at).trim();
    const secret = entry.slice(at + 1).trim();
    if (at < 1 || !/^[A-Za-z0-9._-]+$/.test(kid)) throw new Error('each key is <key id>:<secret>');
    if (secret.length < 32) throw new Error(`the secret of key ${kid} must be at least 32 characters`);
    return { kid, secret };
  });
  if (keys.length === 0) throw new Error('at least one key is needed');
  return keys;
}

/**
 * A WebCrypto HMAC key, imported once: jose re-imports a KeyObject or raw bytes on every call, which
 * made each verify several times dearer.
 */
function hmacKey(secret: string): Promise<webcrypto.CryptoKey> {
  if (!secret) throw new Error('A signing secret is empty.');
  const raw = Buffer.from(secret, 'utf8');
  return webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/**
 * Session tokens: HS256 JWTs signed and verified by jose, with the key id in the header, so the ring
 * verifies tokens signed by any of its keys. The header must be exactly `{"alg":"HS256","kid":…}` with
 * a kid of the ring; issuer, audience and an expiry are required.
 */
export function createSessionTokens(keys: SigningKey[]) {
  const [active] = keys;
  if (!active) throw new Error('No signing key configured');
  const byKid = new Map(keys.map((k) => [k.kid, hmacKey(k.secret)]));
  const activeKey = byKid.get(active.kid)!;
  const keyFor: JWTVerifyGetKey = (header) => {
    const key = typeof header.kid === 'string' ? byKid.get(header.kid) : undefined;
    if (!key || Object.keys(header).length !== 2) throw new Error('not a header this ring signs');
    return key;
  };
  return {
    async sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({
        sid: claims.sessionId,
        tid: claims.tenantId,
        ...(claims.actorUserId ? { act: claims.actorUserId } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', kid: active.kid })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await activeKey);
    },
    /** The claims of a valid token, or undefined for anything forged, expired or signed by an unknown key. */
    async verify(token: string): Promise<SessionClaims | undefined> {
      const payload = await jwtVerify(token, keyFor, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp'],
      }).then(
        (verified) => verified.payload,
        () => undefined,
      );
      if (!payload) return undefined;
      const { sid, tid, sub, act } = payload;
      if (typeof sid !== 'string' || typeof tid !== 'string' || typeof sub !== 'string' || !sub)
        return undefined;
      return {
        sessionId: sid,
        tenantId: tid,
        userId: sub,
        actorUserId: typeof act === 'string' ? act : undefined,
      };
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;

/**
 * The session signing keys from AUTH_JWT_KEYS, else (outside production) one local key: identity signs
 * with them and the gateway verifies with them, so both read them the same way.
 */
export function sessionSigningKeys(
  env: Readonly<Record<string, string | undefined>>,
  localSecret: (variable: string) => string,
): SigningKey[] {
  const value = env.AUTH_JWT_KEYS?.trim();
  if (value) return parseSigningKeys(value);
  if (env.NODE_ENV === 'production') {
    throw new ConfigError([
      { variable: 'AUTH_JWT_KEYS', message: 'required in production (<key id>:<secret>,…)' },
    ]);
  }
  return [{ kid: 'local', secret: localSecret('AUTH_JWT_KEYS') }];
}
