import { randomUUID } from 'node:crypto';
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import type { SessionRecord } from '../domain/records';

const SESSION_COLUMNS =
  sql.raw(`id, tenant_id as "tenantId", user_id as "userId", actor_user_id as "actorUserId",
  parent_session_id as "parentSessionId", expires_at as "expiresAt", revoked_at as "revokedAt"`);

export async function insertSession(
  tx: Tx,
  session: Omit<SessionRecord, 'id' | 'revokedAt'> & { ip?: string; userAgent?: string },
): Promise<SessionRecord> {
  const [row] = await rows<SessionRecord>(
    tx,
    sql`insert into identity.sessions (id, tenant_id, user_id, actor_user_id, parent_session_id, expires_at, ip, user_agent)
        values (${randomUUID()}, ${session.tenantId}, ${session.userId}, ${session.actorUserId},
                ${session.parentSessionId}, ${session.expiresAt}, ${session.ip ?? null}, ${session.userAgent ?? null})
        returning ${SESSION_COLUMNS}`,
  );
  return row!;
}

export async function getSession(tx: Tx, id: string): Promise<SessionRecord | undefined> {
  const [row] = await rows<SessionRecord>(
    tx,
    sql`select ${SESSION_COLUMNS} from identity.sessions where id = ${id}`,
  );
  return row;
}

export async function revokeSessions(tx: Tx, ids: string[]): Promise<void> {
  for (const id of ids) {
    await tx.execute(
      sql`update identity.sessions set revoked_at = now() where id = ${id} and revoked_at is null`,
    );
  }
}

/** Ends every session of a user, e.g. when the user is deactivated. */
export async function revokeUserSessions(tx: Tx, userId: string): Promise<void> {
  await tx.execute(
    sql`update identity.sessions set revoked_at = now() where (user_id = ${userId} or actor_user_id = ${userId}) and revoked_at is null`,
  );
}
