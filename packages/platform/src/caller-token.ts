import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { Caller } from './caller';

/**
 * The caller token on the wire: a compact JWS (RFC 7515) with HS256, i.e. HMAC-SHA256 keyed with
 * INTERNAL_AUTH_SECRET over `base64url(header) "." base64url(payload)`, carrying the JWT (RFC 7519)
 * claims `c` (the caller), `aud`, `iat` and `exp`. It is the very format jose produced before — same
 * header, same claims — so any HS256 JWT library verifies these tokens and these functions verify the
 * tokens the previous code signed; only the work is cheaper: node:crypto's HMAC, synchronously, instead
 * of jose over WebCrypto (async key import, sign and verify on every call).
 *
 * Verification is deliberately narrower than a general JWT library's: the protected header must be
 * exactly the one signed here (`{"alg":"HS256"}`, so no algorithm choice, `crit`, `kid` or `b64` to
 * interpret), the signature must be the canonical base64url of the HMAC and is compared in constant
 * time, and only then is the payload parsed; `aud` must name the internal audience, `exp` must be a
 * number still in the future, and the caller must have a Caller's shape.
 */

export const CALLER_TOKEN_AUDIENCE = 'fleet-internal';

const HEADER = Buffer.from('{"alg":"HS256"}').toString('base64url');
const OPTIONAL_FIELDS = ['clientIp', 'tenantId', 'userId', 'actorUserId', 'sessionId', 'role'] as const;

export function callerTokenKey(secret: string): KeyObject {
  if (!secret) throw new Error('The internal auth secret is empty.');
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/**
 * The caller's fields, in a fixed order, as JSON: the `c` claim of its token and the key its token is
 * cached under. Only the fields of `Caller` are signed; undefined ones are left out (as JSON does).
 */
export function canonicalCaller(caller: Caller): string {
  return JSON.stringify({
    requestId: caller.requestId,
    clientIp: caller.clientIp,
    tenantId: caller.tenantId,
    userId: caller.userId,
    actorUserId: caller.actorUserId,
    sessionId: caller.sessionId,
    role: caller.role,
    permissions: caller.permissions,
    isMasquerade: caller.isMasquerade,
  });
}

function hmac(key: KeyObject, signingInput: string): string {
  return createHmac('sha256', key).update(signingInput).digest('base64url');
}

/** Signs a caller given as `canonicalCaller(...)`, issued at `iat`, expiring at `exp` (seconds). */
export function signCallerToken(key: KeyObject, canonical: string, iat: number, exp: number): string {
  const payload = `{"c":${canonical},"aud":"${CALLER_TOKEN_AUDIENCE}","iat":${iat},"exp":${exp}}`;
  const signingInput = `${HEADER}.${Buffer.from(payload, 'utf8').toString('base64url')}`;
  return `${signingInput}.${hmac(key, signingInput)}`;
}

export interface VerifiedCallerToken {
  /** Frozen: one verified token's caller may be handed to many calls. */
  caller: Caller;
  /** When the token stops being valid, in milliseconds since the epoch. */
  expiresAtMs: number;
}

/** The token's caller and expiry when it is genuine, unexpired at `nowMs` and well formed; else undefined. */
export function verifyCallerToken(
  key: KeyObject,
  token: string,
  nowMs: number,
): VerifiedCallerToken | undefined {
  const firstDot = token.indexOf('.');
  const secondDot = token.indexOf('.', firstDot + 1);
  if (firstDot < 0 || secondDot < 0 || token.indexOf('.', secondDot + 1) >= 0) return undefined;
  if (token.slice(0, firstDot) !== HEADER) return undefined;

  const signingInput = token.slice(0, secondDot);
  const given = Buffer.from(token.slice(secondDot + 1), 'utf8');
  const expected = Buffer.from(hmac(key, signingInput), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;

  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(token.slice(firstDot + 1, secondDot), 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(claims)) return undefined;
  const { aud, exp, nbf, iat } = claims;
  if (aud !== CALLER_TOKEN_AUDIENCE && !(Array.isArray(aud) && aud.includes(CALLER_TOKEN_AUDIENCE)))
    return undefined;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || nowMs >= exp * 1000) return undefined;
  if (nbf !== undefined && (typeof nbf !== 'number' || nowMs < nbf * 1000)) return undefined;
  if (iat !== undefined && typeof iat !== 'number') return undefined;
  const caller = callerFrom(claims.c);
  return caller ? { caller, expiresAtMs: exp * 1000 } : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A frozen Caller holding only a Caller's fields, or undefined when `value` does not have its shape. */
function callerFrom(value: unknown): Caller | undefined {
  if (!isRecord(value)) return undefined;
  const { requestId, permissions, isMasquerade } = value;
  if (typeof requestId !== 'string' || typeof isMasquerade !== 'boolean') return undefined;
  if (!Array.isArray(permissions) || !permissions.every((p) => typeof p === 'string')) return undefined;
  // `permissions` is JSON.parse's own array, fresh for this token: freezing it shares nothing.
  const caller: Caller = { requestId, permissions: Object.freeze(permissions) as string[], isMasquerade };
  for (const field of OPTIONAL_FIELDS) {
    const v = value[field];
    if (v === undefined) continue;
    if (typeof v !== 'string') return undefined;
    caller[field] = v;
  }
  return Object.freeze(caller);
}
