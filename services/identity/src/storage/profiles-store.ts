import { randomUUID } from 'node:crypto';
import { keyset, rows, type SortDirection, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import type { ProfileRecord } from '../domain/records';
import type { ProfileFields } from '../domain/user-fields';
import { escapeLike, textArray } from './employees-store';

const PROFILE_COLUMNS = sql.raw(`p.id, p.tenant_id as "tenantId", p.name, p.description, p.permissions,
  p.is_active as "isActive", p.created_at as "createdAt", p.updated_at as "updatedAt",
  (select count(*)::int from identity.employees e join identity.users u on u.id = e.user_id
    where e.permission_profile_id = p.id and u.is_active) as "employeeCount"`);

export async function getProfile(tx: Tx, id: string): Promise<ProfileRecord | undefined> {
  const [row] = await rows<ProfileRecord>(
    tx,
    sql`select ${PROFILE_COLUMNS} from identity.permission_profiles p where p.id = ${id}`,
  );
  return row;
}

export interface ProfileListQuery {
  search?: string;
  active: 'active' | 'inactive' | 'all';
  sortBy: 'name' | 'created_at';
  direction: SortDirection;
  cursor?: string;
  limit: number;
}

export async function listProfiles(tx: Tx, query: ProfileListQuery) {
  const sortKey = query.sortBy === 'name' ? sql`lower(p.name)` : sql`p.created_at`;
  const page = keyset({
    sortKey,
    id: sql`p.id`,
    direction: query.direction,
    cursor: query.cursor,
    shape: { sort: { type: query.sortBy === 'name' ? 'text' : 'timestamp', nullable: false } },
  });
  const conditions: SQL[] = [sql`true`];
  if (query.active !== 'all') conditions.push(sql`p.is_active = ${query.active === 'active'}`);
  if (query.search) {
    const like = `%${escapeLike(query.search.trim())}%`;
    conditions.push(sql`(p.name ilike ${like} or p.description ilike ${like})`);
  }
  if (page.after) conditions.push(page.after);
  return rows<ProfileRecord & { sortKey: string }>(
    tx,
    sql`select ${PROFILE_COLUMNS}, ${sortKey}::text as "sortKey" from identity.permission_profiles p
        where ${sql.join(conditions, sql` and `)} order by ${page.orderBy} limit ${query.limit + 1}`,
  );
}

export async function insertProfile(tx: Tx, tenantId: string, fields: ProfileFields): Promise<string> {
  const id = randomUUID();
  await tx.execute(sql`
    insert into identity.permission_profiles (id, tenant_id, name, description, permissions)
    values (${id}, ${tenantId}, ${fields.name}, ${fields.description}, ${textArray(fields.permissions)})`);
  return id;
}

export async function updateProfile(tx: Tx, id: string, fields: ProfileFields): Promise<void> {
  await tx.execute(sql`
    update identity.permission_profiles set name = ${fields.name}, description = ${fields.description},
      permissions = ${textArray(fields.permissions)}, updated_at = now()
    where id = ${id}`);
}

export async function setProfileActive(tx: Tx, id: string, isActive: boolean): Promise<void> {
  await tx.execute(
    sql`update identity.permission_profiles set is_active = ${isActive}, updated_at = now() where id = ${id}`,
  );
}

/** Every permission granted individually to an active employee using the profile. */
export async function grantsOfActiveHolders(tx: Tx, profileId: string): Promise<string[]> {
  const found = await rows<{ permission: string }>(
    tx,
    sql`select distinct g.permission
        from identity.employees e
        join identity.users u on u.id = e.user_id
        cross join lateral unnest(e.granted_permissions) as g(permission)
        where e.permission_profile_id = ${profileId} and u.is_active`,
  );
  return found.map((row) => row.permission);
}
