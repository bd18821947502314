import { PERMISSION } from '@fleet/domain';
import { type Caller, keyset, pageSize, requireTenant, type Tx, toPage } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import type { AuditAction, AuditChange } from '../domain/records';
import { insertAuditEntry, listAuditLog } from '../storage/audit-store';
import type { IdentityDeps } from './deps';
import { requirePermission } from './sessions';

export const MASQUERADE_ACTIONS = ['MASQUERADE_START', 'MASQUERADE_STOP'] as const;

/**
 * Records what a caller changed about a person, in the transaction of the change: the person really
 * acting and, while masquerading, whom they acted as; when, from where and what changed.
 */
export async function auditChange(
  tx: Tx,
  caller: Caller & { tenantId: string; userId: string },
  entry: { action: AuditAction; subjectUserId: string; changes: AuditChange[]; userAgent?: string },
): Promise<void> {
  const masquerading = caller.isMasquerade && !!caller.actorUserId && caller.actorUserId !== caller.userId;
  await insertAuditEntry(tx, {
    tenantId: caller.tenantId,
    action: entry.action,
    actorUserId: masquerading ? caller.actorUserId! : caller.userId,
    asUserId: masquerading ? caller.userId : null,
    subjectUserId: entry.subjectUserId,
    sessionId: caller.sessionId ?? null,
    changes: entry.changes,
    ip: caller.clientIp,
    userAgent: entry.userAgent || undefined,
  });
}

/** The operator's audit log: masquerades, and changes of people's sign-in phones and permissions. */
export function createAudit(deps: IdentityDeps) {
  const { db } = deps;
  return {
    async list(
      callerInput: Caller,
      input: { cursor?: string; limit?: number; actions?: readonly AuditAction[] },
    ) {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.manage_employee);
      const limit = pageSize(input.limit);
      const page = keyset({
        sortKey: sql`a.at`,
        id: sql`a.id`,
        direction: 'desc',
        cursor: input.cursor,
        shape: { sort: { type: 'timestamp', nullable: false } },
      });
      const fetched = await db.read(caller.tenantId, (tx) =>
        listAuditLog(tx, { after: page.after, orderBy: page.orderBy, limit, actions: input.actions }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.id]);
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
