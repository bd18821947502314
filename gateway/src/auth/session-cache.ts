/** What identity said about a session: everything a request's caller needs but its own ids. */
export interface KnownSession {
  sessionId: string;
  tenantId: string;
  userId: string;
  actorUserId: string;
  role: 'USER' | 'EMPLOYEE' | 'DRIVER' | 'CUSTOMER' | 'SUPPLIER' | undefined;
  /** For a DRIVER: the driver master the session acts for. */
  driverId?: string;
  /** For an employee limited to branches: those branches; empty: every branch. */
  branchIds: string[];
  permissions: string[];
  isMasquerade: boolean;
  accessLevel: 'ADMIN' | 'CHANNEL_ONLY' | null;
  expiresAt: Date | null;
}

export interface SessionCache {
  /** The session as identity last described it, unless that was longer ago than the cache keeps it. */
  get(sessionId: string): KnownSession | undefined;
  set(session: KnownSession): void;
  /** Forgets every session of an operator (identity changed something there); none given: all. */
  forgetTenant(tenantId?: string): void;
  readonly size: number;
}

/**
 * Sessions by id, as identity described them, each kept at most `maxAgeMs` (then identity is asked
 * again) and never past the session's own expiry; at most `maxEntries`, the least recently used
 * going first. Identity's events empty it per operator; `maxAgeMs` bounds what a lost event can cost.
 */
export function createSessionCache(options: {
  maxEntries: number;
  maxAgeMs: number;
  now?: () => number;
}): SessionCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { session: KnownSession; storedAt: number }>();
  return {
    get(sessionId) {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      const at = now();
      const expired = entry.session.expiresAt !== null && entry.session.expiresAt.getTime() <= at;
      if (expired || at - entry.storedAt >= options.maxAgeMs) {
        entries.delete(sessionId);
        return undefined;
      }
      // Most recently used last, so the first key is the one to evict.
      entries.delete(sessionId);
      entries.set(sessionId, entry);
      return entry.session;
    },
    set(session) {
      entries.delete(session.sessionId);
      entries.set(session.sessionId, { session, storedAt: now() });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    forgetTenant(tenantId) {
      if (tenantId === undefined) {
        entries.clear();
        return;
      }
      for (const [id, entry] of entries) if (entry.session.tenantId === tenantId) entries.delete(id);
    },
    get size() {
      return entries.size;
    },
  };
}
