import type { KeyObject } from 'node:crypto';
import type { Caller } from './caller';
import { claimsHold, hs256Key, signJws, verifyJws } from './jws';

/**
 * The caller token on the wire: a compact JWS (RFC 7515) with HS256 (./jws), keyed with
 * INTERNAL_AUTH_SECRET, carrying the JWT (RFC 7519) claims `c` (the caller), `aud`, `iat` and `exp`.
 * It is the very format jose produced before — same header, same claims — so any HS256 JWT library
 * verifies these tokens.
 *
 * The protected header must be exactly the one signed here (`{"alg":"HS256"}`, so no algorithm choice,
 * `crit`, `kid` or `b64` to interpret); `aud` must name the internal audience, `exp` must be a number
 * still in the future, and the caller must have a Caller's shape.
 */

export const CALLER_TOKEN_AUDIENCE = 'fleet-internal';

const HEADER = '{"alg":"HS256"}';
const ENCODED_HEADER = Buffer.from(HEADER).toString('base64url');
const OPTIONAL_FIELDS = [
  'clientIp',
  'tenantId',
  'userId',
  'actorUserId',
  'sessionId',
  'role',
  'driverId',
] as const;

export const callerTokenKey = (secret: string): KeyObject => hs256Key(secret);

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
    driverId: caller.driverId,
    permissions: caller.permissions,
    isMasquerade: caller.isMasquerade,
  });
}

/** Signs a caller given as `canonicalCaller(...)`, issued at `iat`, expiring at `exp` (seconds). */
export function signCallerToken(key: KeyObject, canonical: string, iat: number, exp: number): string {
  return signJws(
    key,
    HEADER,
    `{"c":${canonical},"aud":"${CALLER_TOKEN_AUDIENCE}","iat":${iat},"exp":${exp}}`,
  );
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
  const claims = verifyJws(token, (_header, encoded) => (encoded === ENCODED_HEADER ? key : undefined));
  if (!claims || !claimsHold(claims, CALLER_TOKEN_AUDIENCE, nowMs)) return undefined;
  const exp = claims.exp as number;
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
