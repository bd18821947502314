import { type Caller, permissionDenied, type Tx, unauthenticated } from '@fleet/platform';
import { effectivePermissions, masqueradePermissions } from '../domain/permissions';
import type { SessionRecord, UserRecord } from '../domain/records';
import { IdentityEvents, identityOutbox } from '../events/published';
import { driverAccountOfUser } from '../storage/driver-accounts-store';
import { getEmployee } from '../storage/employees-store';
import { getSession, insertSession, revokeSessions } from '../storage/sessions-store';
import { getUser } from '../storage/users-store';
import type { IdentityDeps } from './deps';

export interface Authenticated {
  session: SessionRecord;
  user: UserRecord;
  actor: UserRecord;
  permissions: string[];
  isMasquerade: boolean;
  /** For a DRIVER: the driver master the session acts for. */
  driverId?: string;
  /** For an employee limited to branches: those branches; empty for everyone else. */
  branchIds: string[];
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export async function permissionsOf(tx: Tx, user: UserRecord): Promise<string[]> {
  if (user.role !== 'EMPLOYEE') return effectivePermissions(user, undefined, []);
  const employee = await getEmployee(tx, user.id);
  return effectivePermissions(user, employee?.profile, employee?.fields.grantedPermissions ?? []);
}

/**
 * The permissions a session reports and is held to: the user's own, or while masquerading, only those
 * the real actor holds too. Everything that says what a session may do asks this.
 */
export async function permissionsOfSession(tx: Tx, user: UserRecord, actor: UserRecord): Promise<string[]> {
  const own = await permissionsOf(tx, user);
  return actor.id === user.id ? own : masqueradePermissions(own, await permissionsOf(tx, actor));
}

const live = (session: SessionRecord | undefined, now: Date): session is SessionRecord =>
  !!session && !session.revokedAt && new Date(session.expiresAt) > now;

export function createSessions(deps: IdentityDeps) {
  const { db, tokens, clock, settings } = deps;

  return {
    async open(
      tx: Tx,
      input: {
        user: UserRecord;
        actorUserId?: string;
        parentSessionId?: string;
        expiresAt?: Date;
        ip?: string;
        userAgent?: string;
      },
    ): Promise<{ token: string; expiresAt: Date; session: SessionRecord }> {
      const expiresAt = input.expiresAt ?? new Date(clock().getTime() + settings.sessionTtlHours * 3600_000);
      const session = await insertSession(tx, {
        tenantId: input.user.tenantId,
        userId: input.user.id,
        actorUserId: input.actorUserId ?? input.user.id,
        parentSessionId: input.parentSessionId ?? null,
        expiresAt,
        ip: input.ip,
        userAgent: input.userAgent,
      });
      return { token: await this.tokenFor(session), expiresAt, session };
    },

    async tokenFor(session: SessionRecord): Promise<string> {
      return tokens.sign(
        {
          sessionId: session.id,
          userId: session.userId,
          tenantId: session.tenantId,
          actorUserId: session.actorUserId !== session.userId ? session.actorUserId : undefined,
        },
        new Date(session.expiresAt),
      );
    },

    /** Who a token stands for, with fresh permissions; anything revoked, expired or inactive is refused. */
    async authenticate(token: string): Promise<Authenticated> {
      const claims = token ? await tokens.verify(token) : undefined;
      if (!claims) throw unauthenticated(SESSION_ENDED);
      const now = clock();
      return db.read(claims.tenantId, async (tx) => {
        const session = await getSession(tx, claims.sessionId);
        if (!live(session, now) || session.userId !== claims.userId) throw unauthenticated(SESSION_ENDED);
        const user = await getUser(tx, session.userId);
        if (!user?.isActive) throw unauthenticated('This account has been deactivated.');
        const isMasquerade = session.actorUserId !== session.userId;
        let actor = user;
        if (isMasquerade) {
          const parent = session.parentSessionId ? await getSession(tx, session.parentSessionId) : undefined;
          const realActor = await getUser(tx, session.actorUserId);
          if (!live(parent, now) || !realActor?.isActive) throw unauthenticated(SESSION_ENDED);
          actor = realActor;
        }
        let driverId: string | undefined;
        const branchIds =
          user.role === 'EMPLOYEE' ? ((await getEmployee(tx, user.id))?.fields.branchIds ?? []) : [];
        if (user.role === 'DRIVER') {
          const account = await driverAccountOfUser(tx, user.id);
          if (!account?.isActive) throw unauthenticated('This account has been deactivated.');
          driverId = account.driverId;
        }
        return {
          session,
          user,
          actor,
          permissions: await permissionsOfSession(tx, user, actor),
          isMasquerade,
          driverId,
          branchIds,
        };
      });
    },

    /** Ends the caller's session; while masquerading, the real person's session ends too. */
    async logout(caller: Caller): Promise<void> {
      if (!caller.tenantId || !caller.sessionId) throw unauthenticated();
      await db.withTenant(caller.tenantId, async (tx) => {
        const session = await getSession(tx, caller.sessionId!);
        if (!session) return;
        const ended = [session.id, ...(session.parentSessionId ? [session.parentSessionId] : [])];
        await revokeSessions(tx, ended);
        await identityOutbox.enqueue(
          tx,
          IdentityEvents.sessionRevoked,
          { sessionIds: ended, userId: session.userId },
          { requestId: caller.requestId, tenantId: caller.tenantId! },
        );
      });
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

export function requirePermission(caller: Caller, permission: string): void {
  if (!caller.permissions.includes(permission)) throw permissionDenied();
}
