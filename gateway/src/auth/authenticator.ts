import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  type Caller,
  callAs,
  createSessionTokens,
  EVENT_HEADERS,
  type EventBus,
  fromConnectError,
  type Logger,
  type SigningKey,
  type Subscription,
} from '@fleet/platform';
import type { IdentityClient } from '../context';
import { accessLevelFromProto, roleFromProto } from '../routers/user/mappers';
import { createSessionCache, type KnownSession } from './session-cache';

export type Authentication = { ok: true; session: KnownSession } | { ok: false; message: string };

export interface Authenticator {
  /**
   * Who a session token stands for. The signature, key and expiry are checked here, so a forged, expired
   * or garbage token never reaches identity; a valid one is described by identity, then from the cache
   * until identity says something changed for its operator (or the cache's age bound passes).
   */
  authenticate(token: string, anonymous: Caller): Promise<Authentication>;
  /** Identity changed something for an operator (here or by event): ask it again about its sessions. */
  forgetTenant(tenantId: string): void;
  /** Starts listening to identity's events. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export interface AuthenticatorOptions {
  identity: IdentityClient;
  /** The keys identity signs sessions with (AUTH_JWT_KEYS): the first signs, all verify. */
  signingKeys: SigningKey[];
  /** Where identity's events arrive; every gateway process hears every one. */
  bus: EventBus;
  logger: Logger;
  /** The longest a cached description is used without asking identity again. */
  maxAgeMs: number;
  maxEntries: number;
}

export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const tokens = createSessionTokens(options.signingKeys);
  const cache = createSessionCache({ maxEntries: options.maxEntries, maxAgeMs: options.maxAgeMs });
  // Bumped by every forget: an answer identity gave before a change is not cached after it.
  let generation = 0;
  const asking = new Map<string, Promise<Authentication>>();
  let subscription: Subscription | undefined;

  const ask = async (token: string, anonymous: Caller): Promise<Authentication> => {
    const askedAt = generation;
    try {
      const r = await options.identity.authenticate({ token }, callAs(anonymous));
      const session: KnownSession = {
        sessionId: r.sessionId,
        tenantId: r.tenantId,
        userId: r.userId,
        actorUserId: r.actorUserId || r.userId,
        role: roleFromProto(r.role) ?? undefined,
        ...(r.driverId ? { driverId: r.driverId } : {}),
        branchIds: [...r.branchIds],
        permissions: [...r.permissions],
        isMasquerade: r.isMasquerade,
        accessLevel: accessLevelFromProto(r.accessLevel),
        expiresAt: r.expiresAt ? timestampDate(r.expiresAt) : null,
      };
      if (askedAt === generation) cache.set(session);
      return { ok: true, session };
    } catch (error) {
      const domain = fromConnectError(error);
      if (domain.code === 'UNAUTHENTICATED') return { ok: false, message: domain.message };
      throw domain;
    }
  };

  return {
    async authenticate(token, anonymous) {
      const claims = await tokens.verify(token);
      if (!claims) return { ok: false, message: SESSION_ENDED };
      const known = cache.get(claims.sessionId);
      if (known && known.userId === claims.userId && known.tenantId === claims.tenantId) {
        return { ok: true, session: known };
      }
      // Concurrent requests of one session ask identity once.
      let pending = asking.get(token);
      if (!pending) {
        pending = ask(token, anonymous).finally(() => asking.delete(token));
        asking.set(token, pending);
      }
      return pending;
    },
    forgetTenant(tenantId) {
      generation += 1;
      cache.forgetTenant(tenantId);
    },
    async start() {
      subscription = await options.bus.subscribe({
        durable: 'gateway-sessions',
        broadcast: true,
        subjects: ['fleet.identity.>'],
        async deliver(message) {
          // By operator, not by user: a masquerade session stands on its actor's permissions as well
          // as its target's, and a profile change reaches everyone holding it.
          generation += 1;
          cache.forgetTenant(message.headers[EVENT_HEADERS.tenantId] || undefined);
        },
      });
    },
    async stop() {
      await subscription?.stop();
    },
  };
}
