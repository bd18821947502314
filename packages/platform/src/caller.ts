import { randomUUID } from 'node:crypto';
import { getPermission } from '@fleet/domain';
import { BoundedCache } from './bounded-cache';
import { callerTokenKey, canonicalCaller, signCallerToken, verifyCallerToken } from './caller-token';
import { permissionDenied, unauthenticated } from './errors';

/**
 * Who is calling a service, as verified by the gateway. It travels between processes as a short-lived
 * token signed with the internal secret, so a service never trusts a bare header.
 */
export interface Caller {
  requestId: string;
  clientIp?: string;
  tenantId?: string;
  userId?: string;
  /** The person really acting; differs from userId while masquerading. */
  actorUserId?: string;
  sessionId?: string;
  role?: string;
  /** The driver master a DRIVER session acts for: the driver app sees only that driver's duties. */
  driverId?: string;
  permissions: string[];
  isMasquerade: boolean;
}

export const CALLER_HEADER = 'x-fleet-caller';
export const REQUEST_ID_HEADER = 'x-request-id';
const CALLER_TTL_SECONDS = 60;
/** Callers whose canonical form is longer are signed without being cached by their fields. */
const MAX_CACHED_CALLER_CHARS = 16_384;
/** Longer tokens are verified every time, never cached. */
const MAX_CACHED_TOKEN_CHARS = 24_576;

export function anonymousCaller(requestId: string = randomUUID(), clientIp?: string): Caller {
  return { requestId, clientIp, permissions: [], isMasquerade: false };
}

export interface CallerCodec {
  sign(caller: Caller): Promise<string>;
  verify(token: string): Promise<Caller>;
}

export interface CallerCodecOptions {
  /** How long a token is valid (60 s). A token is reused until less than half of this remains. */
  ttlSeconds?: number;
  /** The clock, in milliseconds since the epoch (Date.now); tests move it. */
  now?: () => number;
  /** Signed tokens kept by the caller's fields, for callers rebuilt per call (256). */
  signCacheSize?: number;
  /** Tokens kept after verifying, with their caller and expiry (1024). */
  verifyCacheSize?: number;
}

/** A codec that also says how full its caches are. */
export interface CachingCallerCodec extends CallerCodec {
  cacheSizes(): { signed: number; verified: number };
}

interface SignedToken {
  token: string;
  /** From this moment (ms) less than half the token's lifetime remains: sign afresh. */
  refreshAtMs: number;
}

/** The fields a token was signed from, kept beside the caller object it was signed for. */
interface SignedForObject {
  signed: SignedToken;
  scalars: readonly unknown[];
  permissions: readonly string[];
}

const scalarsOf = (c: Caller): unknown[] => [
  c.requestId,
  c.clientIp,
  c.tenantId,
  c.userId,
  c.actorUserId,
  c.sessionId,
  c.role,
  c.driverId,
  c.isMasquerade,
];

/** Whether the caller object still holds the fields its cached token was signed from. */
function unchanged(held: SignedForObject, caller: Caller): boolean {
  const scalars = scalarsOf(caller);
  for (let i = 0; i < scalars.length; i++) if (scalars[i] !== held.scalars[i]) return false;
  const permissions = caller.permissions;
  if (!Array.isArray(permissions) || permissions.length !== held.permissions.length) return false;
  for (let i = 0; i < permissions.length; i++) if (permissions[i] !== held.permissions[i]) return false;
  return true;
}

/**
 * Signs callers into tokens and verifies them, doing each piece of work once:
 *
 * - **Signing** reuses a caller's token while more than half its lifetime remains. First by the caller
 *   object (a WeakMap: the gateway builds one caller per request and passes it to every call of that
 *   request; the entry goes when the object does), checked against a copy of the fields it was signed
 *   from so a caller changed in place is signed afresh; then by the caller's canonical fields (a
 *   bounded LRU) for callers rebuilt per call. The request id is one of the signed fields, so a token
 *   is only ever reused for calls of its own request.
 * - **Verifying** checks HMAC-SHA256 with the secret in constant time and the claims (see
 *   caller-token.ts), then keeps the token string with its frozen caller and expiry in a bounded LRU:
 *   the same bytes verify the same way, so a repeat — the very same string, compared whole — needs
 *   only a lookup and the expiry, which is checked again on every hit. Only tokens that verified are
 *   kept, so garbage cannot fill the cache; a token differing in any byte is verified from scratch.
 */
export function createCallerCodec(secret: string, options: CallerCodecOptions = {}): CachingCallerCodec {
  const key = callerTokenKey(secret);
  const ttlSeconds = options.ttlSeconds ?? CALLER_TTL_SECONDS;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1)
    throw new RangeError('ttlSeconds must be a positive integer');
  const now = options.now ?? Date.now;
  const byObject = new WeakMap<Caller, SignedForObject>();
  const byFields = new BoundedCache<string, SignedToken>(options.signCacheSize ?? 256);
  // Keyed by the token's signature segment, a short key to hash; a hit must also be the very same token.
  const verified = new BoundedCache<string, { token: string; caller: Caller; expiresAtMs: number }>(
    options.verifyCacheSize ?? 1024,
  );
  const refused = () => unauthenticated('The internal call carried no valid caller.');

  const tokenFor = (caller: Caller): string => {
    const at = now();
    const held = byObject.get(caller);
    if (held && at < held.signed.refreshAtMs && unchanged(held, caller)) return held.signed.token;
    const canonical = canonicalCaller(caller);
    let signed = byFields.get(canonical);
    if (!signed || at >= signed.refreshAtMs) {
      const iat = Math.floor(at / 1000);
      const exp = iat + ttlSeconds;
      signed = {
        token: signCallerToken(key, canonical, iat, exp),
        refreshAtMs: exp * 1000 - ttlSeconds * 500,
      };
      if (canonical.length <= MAX_CACHED_CALLER_CHARS) byFields.set(canonical, signed);
    }
    byObject.set(caller, { signed, scalars: scalarsOf(caller), permissions: [...caller.permissions] });
    return signed.token;
  };

  const callerOf = (token: string): Caller => {
    const at = now();
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const hit = verified.get(signature);
    if (hit && hit.token === token) {
      if (at < hit.expiresAtMs) return hit.caller;
      verified.delete(signature);
      throw refused();
    }
    const result = verifyCallerToken(key, token, at);
    if (!result) throw refused();
    if (token.length <= MAX_CACHED_TOKEN_CHARS) verified.set(signature, { token, ...result });
    return result.caller;
  };

  return {
    async sign(caller) {
      return tokenFor(caller);
    },
    async verify(token) {
      return callerOf(token);
    },
    cacheSizes: () => ({ signed: byFields.size, verified: verified.size }),
  };
}

/** A caller that must belong to an operator; anonymous callers are refused. */
export function requireTenant(caller: Caller): Caller & { tenantId: string; userId: string } {
  if (!caller.tenantId || !caller.userId) throw unauthenticated();
  return caller as Caller & { tenantId: string; userId: string };
}

/** Refuses a caller without the permission, naming it and what it is needed for. */
export function requirePermission(caller: Caller, permission: string, doing: string): void {
  if (!caller.permissions.includes(permission)) {
    const name = getPermission(permission)?.name ?? permission;
    throw permissionDenied(`You need the “${name}” permission to ${doing}.`);
  }
}

/** A driver signed in to the driver app, acting for one driver master; anyone else is refused. */
export type DriverCaller = Caller & { tenantId: string; userId: string; driverId: string };

export function requireDriver(caller: Caller): DriverCaller {
  const member = requireTenant(caller);
  if (member.role !== 'DRIVER' || !member.driverId) {
    throw permissionDenied('Only a driver signed in to the driver app may do this.');
  }
  return { ...member, driverId: member.driverId };
}
