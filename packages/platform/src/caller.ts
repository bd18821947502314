import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { unauthenticated } from './errors';

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
  permissions: string[];
  isMasquerade: boolean;
}

export const CALLER_HEADER = 'x-fleet-caller';
export const REQUEST_ID_HEADER = 'x-request-id';
const CALLER_TTL_SECONDS = 60;
const AUDIENCE = 'fleet-internal';

export function anonymousCaller(requestId: string = randomUUID(), clientIp?: string): Caller {
  return { requestId, clientIp, permissions: [], isMasquerade: false };
}

export interface CallerCodec {
  sign(caller: Caller): Promise<string>;
  verify(token: string): Promise<Caller>;
}

export function createCallerCodec(secret: string): CallerCodec {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(caller) {
      return new SignJWT({ c: caller })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${CALLER_TTL_SECONDS}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: ['HS256'] });
        return payload.c as Caller;
      } catch {
        throw unauthenticated('The internal call carried no valid caller.');
      }
    },
  };
}

/** A caller that must belong to an operator; anonymous callers are refused. */
export function requireTenant(caller: Caller): Caller & { tenantId: string; userId: string } {
  if (!caller.tenantId || !caller.userId) throw unauthenticated();
  return caller as Caller & { tenantId: string; userId: string };
}
