import { keyset, rows, type SortDirection, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import type { EmployeeRecord, UserRecord } from '../domain/records';
import type { EmployeeFields } from '../domain/user-fields';
import { USER_COLUMNS } from './users-store';

const EMPLOYEE_COLUMNS = sql.raw(`
  e.employee_id as "employeeId", e.designation, e.date_of_joining::text as "dateOfJoining", e.gender, e.dob::text as "dob",
  e.permission_profile_id as "permissionProfileId", e.granted_permissions as "grantedPermissions",
  e.branch_ids::text[] as "branchIds",
  e.driving_licence_no as "drivingLicenceNo", e.driving_licence_expiry::text as "drivingLicenceExpiry",
  e.badge_no as "badgeNo", e.badge_expiry::text as "badgeExpiry", e.police_verification_no as "policeVerificationNo",
  e.police_verification_date::text as "policeVerificationDate", e.bank_name as "bankName",
  e.bank_account_holder as "bankAccountHolder", e.bank_account_no as "bankAccountNo", e.bank_ifsc as "bankIfsc",
  p.name as "profileName", p.permissions as "profilePermissions", p.is_active as "profileActive"`);

type EmployeeRow = UserRecord &
  EmployeeFields & {
    profileName: string | null;
    profilePermissions: string[] | null;
    profileActive: boolean | null;
    sortKey: string;
  };

const FIELD_KEYS: (keyof EmployeeFields)[] = [
  'employeeId',
  'designation',
  'dateOfJoining',
  'gender',
  'dob',
  'permissionProfileId',
  'grantedPermissions',
  'branchIds',
  'drivingLicenceNo',
  'drivingLicenceExpiry',
  'badgeNo',
  'badgeExpiry',
  'policeVerificationNo',
  'policeVerificationDate',
  'bankName',
  'bankAccountHolder',
  'bankAccountNo',
  'bankIfsc',
];

function toRecord(row: EmployeeRow): EmployeeRecord & { sortKey: string } {
  const fields = {} as Record<string, unknown>;
  const user = { ...row } as Record<string, unknown>;
  for (const key of FIELD_KEYS) {
    fields[key] = row[key];
    delete user[key];
  }
  for (const key of ['profileName', 'profilePermissions', 'profileActive', 'sortKey']) delete user[key];
  return {
    user: user as unknown as UserRecord,
    fields: fields as EmployeeFields,
    profileName: row.profileName,
    profile: row.profilePermissions
      ? { permissions: row.profilePermissions, isActive: row.profileActive ?? false }
      : undefined,
    sortKey: row.sortKey,
  };
}

const FROM = sql.raw(`identity.users u
  join identity.employees e on e.user_id = u.id
  left join identity.permission_profiles p on p.id = e.permission_profile_id`);

export async function getEmployee(tx: Tx, userId: string): Promise<EmployeeRecord | undefined> {
  const [row] = await rows<EmployeeRow>(
    tx,
    sql`select ${USER_COLUMNS}, ${EMPLOYEE_COLUMNS}, '' as "sortKey" from ${FROM} where u.id = ${userId}`,
  );
  return row ? toRecord(row) : undefined;
}

export interface EmployeeListQuery {
  search?: string;
  active: 'active' | 'inactive' | 'all';
  permissionProfileIds: string[];
  sortBy: 'name' | 'created_at';
  direction: SortDirection;
  cursor?: string;
  limit: number;
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listEmployees(tx: Tx, query: EmployeeListQuery) {
  const sortKey = query.sortBy === 'name' ? sql`lower(u.name)` : sql`u.created_at`;
  const page = keyset({
    sortKey,
    id: sql`u.id`,
    direction: query.direction,
    cursor: query.cursor,
    shape: { sort: { type: query.sortBy === 'name' ? 'text' : 'timestamp', nullable: false } },
  });
  const conditions: SQL[] = [sql`u.role = 'EMPLOYEE'`];
  if (query.active !== 'all') conditions.push(sql`u.is_active = ${query.active === 'active'}`);
  if (query.search) {
    const like = `%${escapeLike(query.search.trim())}%`;
    conditions.push(
      sql`(u.name ilike ${like} or u.phone ilike ${like} or u.email ilike ${like} or e.employee_id ilike ${like} or e.designation ilike ${like})`,
    );
  }
  if (query.permissionProfileIds.length > 0) {
    conditions.push(
      sql`e.permission_profile_id in (${sql.join(
        query.permissionProfileIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (page.after) conditions.push(page.after);
  const fetched = await rows<EmployeeRow>(
    tx,
    sql`select ${USER_COLUMNS}, ${EMPLOYEE_COLUMNS}, ${sortKey}::text as "sortKey"
        from ${FROM} where ${sql.join(conditions, sql` and `)}
        order by ${page.orderBy} limit ${query.limit + 1}`,
  );
  return fetched.map(toRecord);
}

export async function insertEmployee(
  tx: Tx,
  tenantId: string,
  userId: string,
  f: EmployeeFields,
): Promise<void> {
  await tx.execute(sql`
    insert into identity.employees (
      user_id, tenant_id, employee_id, designation, date_of_joining, gender, dob, permission_profile_id,
      granted_permissions, branch_ids, driving_licence_no, driving_licence_expiry, badge_no, badge_expiry,
      police_verification_no, police_verification_date, bank_name, bank_account_holder, bank_account_no, bank_ifsc)
    values (
      ${userId}, ${tenantId}, ${f.employeeId}, ${f.designation}, ${f.dateOfJoining}, ${f.gender}, ${f.dob},
      ${f.permissionProfileId}, ${textArray(f.grantedPermissions)}, ${textArray(f.branchIds)}::uuid[],
      ${f.drivingLicenceNo}, ${f.drivingLicenceExpiry},
      ${f.badgeNo}, ${f.badgeExpiry}, ${f.policeVerificationNo}, ${f.policeVerificationDate}, ${f.bankName},
      ${f.bankAccountHolder}, ${f.bankAccountNo}, ${f.bankIfsc})`);
}

export async function updateEmployee(tx: Tx, userId: string, f: EmployeeFields): Promise<void> {
  await tx.execute(sql`
    update identity.employees set
      employee_id = ${f.employeeId}, designation = ${f.designation}, date_of_joining = ${f.dateOfJoining},
      gender = ${f.gender}, dob = ${f.dob}, permission_profile_id = ${f.permissionProfileId},
      granted_permissions = ${textArray(f.grantedPermissions)}, branch_ids = ${textArray(f.branchIds)}::uuid[],
      driving_licence_no = ${f.drivingLicenceNo},
      driving_licence_expiry = ${f.drivingLicenceExpiry}, badge_no = ${f.badgeNo}, badge_expiry = ${f.badgeExpiry},
      police_verification_no = ${f.policeVerificationNo}, police_verification_date = ${f.policeVerificationDate},
      bank_name = ${f.bankName}, bank_account_holder = ${f.bankAccountHolder}, bank_account_no = ${f.bankAccountNo},
      bank_ifsc = ${f.bankIfsc}
    where user_id = ${userId}`);
}

/** A text[] parameter both drivers accept: an array literal cast explicitly. */
export function textArray(values: string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}
