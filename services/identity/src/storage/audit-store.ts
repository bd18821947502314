import { randomUUID } from 'node:crypto';
import { rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import type { AuditAction, AuditChange, AuditEntryRecord } from '../domain/records';

export interface NewAuditEntry {
  tenantId: string;
  action: AuditAction;
  actorUserId: string;
  asUserId: string | null;
  subjectUserId: string;
  sessionId: string | null;
  changes: AuditChange[];
  ip?: string;
  userAgent?: string;
}

export async function insertAuditEntry(tx: Tx, entry: NewAuditEntry): Promise<void> {
  await tx.execute(sql`
    insert into identity.audit_log
      (id, tenant_id, action, actor_user_id, as_user_id, subject_user_id, session_id, changes, ip, user_agent)
    values (${randomUUID()}, ${entry.tenantId}, ${entry.action}, ${entry.actorUserId}, ${entry.asUserId},
            ${entry.subjectUserId}, ${entry.sessionId}, ${JSON.stringify(entry.changes)}::jsonb,
            ${entry.ip ?? null}, ${entry.userAgent ?? null})`);
}

/** A page of the log, newest first, optionally of some actions only, with the names of the people in it. */
export async function listAuditLog(
  tx: Tx,
  options: { after?: SQL; orderBy: SQL; limit: number; actions?: readonly AuditAction[] },
): Promise<(AuditEntryRecord & { sortKey: string })[]> {
  const conditions: SQL[] = [];
  if (options.actions) {
    conditions.push(
      sql`a.action in (${sql.join(
        options.actions.map((action) => sql`${action}`),
        sql`, `,
      )})`,
    );
  }
  if (options.after) conditions.push(options.after);
  return rows<AuditEntryRecord & { sortKey: string }>(
    tx,
    sql`select a.id, a.action, a.actor_user_id as "actorUserId", actor.name as "actorName",
               a.as_user_id as "asUserId", acted_as.name as "asName",
               a.subject_user_id as "subjectUserId", subject.name as "subjectName", a.changes,
               a.ip, a.user_agent as "userAgent", a.at, a.at::text as "sortKey"
        from identity.audit_log a
        join identity.users actor on actor.id = a.actor_user_id
        left join identity.users acted_as on acted_as.id = a.as_user_id
        join identity.users subject on subject.id = a.subject_user_id
        ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
        order by ${options.orderBy} limit ${options.limit + 1}`,
  );
}
