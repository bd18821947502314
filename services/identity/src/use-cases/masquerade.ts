import { isUuid, PERMISSION } from '@fleet/domain';
import {
  type Caller,
  invalid,
  notFound,
  permissionDenied,
  preconditionFailed,
  requireTenant,
  unauthenticated,
} from '@fleet/platform';
import { mayMasqueradeAs } from '../domain/permissions';
import { IdentityEvents, identityOutbox } from '../events/published';
import { insertAuditEntry } from '../storage/audit-store';
import { getSession, revokeSessions } from '../storage/sessions-store';
import { getUser } from '../storage/users-store';
import type { IdentityDeps } from './deps';
import { permissionsOf, requirePermission, type Sessions } from './sessions';

/**
 * Masquerade: a holder of auto_login acts as another user of the same operator. The session records the
 * real actor, every start and stop is audited with who, as whom, when and from where, and nobody can
 * widen their own powers by acting as someone who holds more than they do.
 */
export function createMasquerade(deps: IdentityDeps, sessions: Sessions) {
  const { db, clock } = deps;

  return {
    async start(callerInput: Caller, input: { userId: string; userAgent?: string }) {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.auto_login);
      if (caller.isMasquerade) {
        throw preconditionFailed(
          'You are already acting as someone else. Stop that first.',
          'ALREADY_MASQUERADING',
        );
      }
      if (!isUuid(input.userId))
        throw invalid('Choose a user to act as.', [{ field: 'userId', message: 'Choose a user to act as.' }]);
      if (input.userId === caller.userId) throw invalid('You are already signed in as yourself.');
      return db.withTenant(caller.tenantId, async (tx) => {
        const target = await getUser(tx, input.userId);
        if (!target) throw notFound('The user');
        if (!target.isActive) throw preconditionFailed('This user is deactivated.', 'USER_INACTIVE');
        if (target.role === 'DRIVER')
          throw preconditionFailed('Drivers use the driver app; you cannot act as a driver here.');
        const actor = await getUser(tx, caller.userId);
        const parent = await getSession(tx, caller.sessionId!);
        if (!actor || !parent) throw unauthenticated();
        if (!mayMasqueradeAs(caller.permissions, await permissionsOf(tx, target), actor.isOwner)) {
          throw permissionDenied(
            `You can only act as someone whose permissions you also hold, and ${target.name} holds more.`,
          );
        }
        const opened = await sessions.open(tx, {
          user: target,
          actorUserId: actor.id,
          parentSessionId: parent.id,
          expiresAt: new Date(parent.expiresAt),
          ip: caller.clientIp,
          userAgent: input.userAgent,
        });
        await insertAuditEntry(tx, {
          tenantId: caller.tenantId,
          action: 'MASQUERADE_START',
          actorUserId: actor.id,
          asUserId: null,
          subjectUserId: target.id,
          sessionId: opened.session.id,
          changes: [],
          ip: caller.clientIp,
          userAgent: input.userAgent,
        });
        await identityOutbox.enqueue(
          tx,
          IdentityEvents.masqueradeStarted,
          { actorUserId: actor.id, targetUserId: target.id, ip: caller.clientIp ?? '' },
          caller,
        );
        return { token: opened.token, expiresAt: opened.expiresAt, user: target };
      });
    },

    async stop(callerInput: Caller, input: { userAgent?: string }) {
      const caller = requireTenant(callerInput);
      if (!caller.isMasquerade || !caller.sessionId) {
        throw preconditionFailed('You are not acting as anyone else.', 'NOT_MASQUERADING');
      }
      return db.withTenant(caller.tenantId, async (tx) => {
        const session = await getSession(tx, caller.sessionId!);
        const parent = session?.parentSessionId ? await getSession(tx, session.parentSessionId) : undefined;
        if (!session || !parent || parent.revokedAt || new Date(parent.expiresAt) <= clock()) {
          throw unauthenticated('Your own session has ended. Please sign in again.');
        }
        await revokeSessions(tx, [session.id]);
        await insertAuditEntry(tx, {
          tenantId: caller.tenantId,
          action: 'MASQUERADE_STOP',
          actorUserId: session.actorUserId,
          asUserId: null,
          subjectUserId: session.userId,
          sessionId: session.id,
          changes: [],
          ip: caller.clientIp,
          userAgent: input.userAgent,
        });
        await identityOutbox.enqueue(
          tx,
          IdentityEvents.masqueradeStopped,
          { actorUserId: session.actorUserId, targetUserId: session.userId, ip: caller.clientIp ?? '' },
          caller,
        );
        const actor = await getUser(tx, parent.userId);
        return {
          token: await sessions.tokenFor(parent),
          expiresAt: new Date(parent.expiresAt),
          user: actor!,
        };
      });
    },
  };
}
