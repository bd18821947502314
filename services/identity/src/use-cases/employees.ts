import { closePermissions, PERMISSION } from '@fleet/domain';
import {
  type Caller,
  invalid,
  notFound,
  pageSize,
  permissionDenied,
  preconditionFailed,
  requireId,
  requireIds,
  requireTenant,
  type SortDirection,
  sortKey,
  type Tx,
  toPage,
} from '@fleet/platform';
import { type AuditedState, auditedChanges } from '../domain/audit';
import { describePermissions, effectivePermissions, permissionsLacking } from '../domain/permissions';
import type { EmployeeRecord } from '../domain/records';
import { validateEmployeeFields, validateUserFields } from '../domain/user-fields';
import { IdentityEvents, identityOutbox } from '../events/published';
import { employeeToProto } from '../mappers';
import { getEmployee, insertEmployee, listEmployees, updateEmployee } from '../storage/employees-store';
import { getProfile } from '../storage/profiles-store';
import { revokeUserSessions } from '../storage/sessions-store';
import { insertUser, setUserActive, updateUser } from '../storage/users-store';
import { auditChange } from './audit';
import { assertPhoneFreeHere, withUniqueFields } from './conflicts';
import type { IdentityDeps } from './deps';
import { ownPhoneNeedsCode } from './phone-change';
import { assertOutranks } from './rank';
import { requirePermission } from './sessions';

export interface EmployeeListInput {
  search?: string;
  active?: 'active' | 'inactive' | 'all';
  permissionProfileIds?: string[];
  sortBy?: string;
  direction?: SortDirection;
  cursor?: string;
  limit?: number;
}

const SORTS = ['name', 'created_at'] as const;

/**
 * Nobody hands out more than they hold: the permissions an employee ends up with must all be the
 * granting person's own (the operator's owner holds everything).
 */
function assertCanGrant(caller: Caller, permissions: string[]) {
  const beyond = permissionsLacking(caller.permissions, permissions);
  if (beyond.length > 0) {
    throw permissionDenied(
      `You can only give permissions you hold yourself. You do not hold: ${describePermissions(beyond)}.`,
    );
  }
}

const auditedStateOf = (employee: EmployeeRecord): AuditedState => ({
  phone: employee.user.phone,
  permissionProfileId: employee.fields.permissionProfileId,
  permissionProfileName: employee.profileName,
  grantedPermissions: employee.fields.grantedPermissions,
});

export function createEmployees(deps: IdentityDeps) {
  const { db } = deps;

  async function loadProfileFor(tx: Tx, profileId: string | null) {
    if (!profileId) return undefined;
    const profile = await getProfile(tx, profileId);
    if (!profile)
      throw invalid('Choose a permission profile from the list.', [
        { field: 'permissionProfileId', message: 'This permission profile does not exist.' },
      ]);
    return profile;
  }

  return {
    async list(callerInput: Caller, input: EmployeeListInput) {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.view_employee);
      const sortBy = sortKey(input.sortBy, SORTS, 'name', 'Employees');
      const limit = pageSize(input.limit);
      const fetched = await db.read(caller.tenantId, (tx) =>
        listEmployees(tx, {
          search: input.search,
          active: input.active ?? 'active',
          permissionProfileIds: requireIds(input.permissionProfileIds ?? [], 'permissionProfileIds'),
          sortBy,
          direction: input.direction ?? 'asc',
          cursor: input.cursor,
          limit,
        }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.user.id]);
    },

    async get(callerInput: Caller, userId: string): Promise<EmployeeRecord> {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.view_employee);
      requireId(userId, 'userId');
      const employee = await db.read(caller.tenantId, (tx) => getEmployee(tx, userId));
      if (!employee) throw notFound('The employee');
      return employee;
    },

    async create(callerInput: Caller, input: { user: unknown; fields: unknown }): Promise<EmployeeRecord> {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.manage_employee);
      const userFields = validateUserFields(input.user);
      const fields = validateEmployeeFields(input.fields);
      fields.grantedPermissions = closePermissions(fields.grantedPermissions);
      return withUniqueFields(() =>
        db.withTenant(caller.tenantId, async (tx) => {
          await assertPhoneFreeHere(tx, userFields.phone);
          const profile = await loadProfileFor(tx, fields.permissionProfileId);
          if (profile && !profile.isActive)
            throw preconditionFailed('This permission profile is deactivated; choose an active one.');
          assertCanGrant(
            caller,
            effectivePermissions(
              { role: 'EMPLOYEE', isOwner: false, isActive: true },
              profile,
              fields.grantedPermissions,
            ),
          );
          const user = await insertUser(tx, caller.tenantId, 'EMPLOYEE', userFields);
          await insertEmployee(tx, caller.tenantId, user.id, fields);
          const employee = (await getEmployee(tx, user.id))!;
          await identityOutbox.enqueue(
            tx,
            IdentityEvents.employeeCreated,
            { employee: employeeToProto(employee) },
            caller,
          );
          return employee;
        }),
      );
    },

    /** Changes an employee the caller outranks; a change of their phone or access is audited. */
    async update(
      callerInput: Caller,
      userId: string,
      input: { user: unknown; fields: unknown; userAgent?: string },
    ): Promise<EmployeeRecord> {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.manage_employee);
      requireId(userId, 'userId');
      const userFields = validateUserFields(input.user);
      const fields = validateEmployeeFields(input.fields);
      fields.grantedPermissions = closePermissions(fields.grantedPermissions);
      return withUniqueFields(() =>
        db.withTenant(caller.tenantId, async (tx) => {
          const existing = await getEmployee(tx, userId);
          if (!existing) throw notFound('The employee');
          assertOutranks(caller, existing);
          if (userFields.phone !== existing.user.phone) {
            if (userId === caller.userId || userId === caller.actorUserId) throw ownPhoneNeedsCode();
            await assertPhoneFreeHere(tx, userFields.phone, userId);
          }
          const profile = await loadProfileFor(tx, fields.permissionProfileId);
          if (profile && !profile.isActive && profile.id !== existing.fields.permissionProfileId) {
            throw preconditionFailed('This permission profile is deactivated; choose an active one.');
          }
          assertCanGrant(
            caller,
            effectivePermissions(
              { role: 'EMPLOYEE', isOwner: false, isActive: true },
              profile,
              fields.grantedPermissions,
            ),
          );
          await updateUser(tx, userId, userFields);
          await updateEmployee(tx, userId, fields);
          const employee = (await getEmployee(tx, userId))!;
          const changes = auditedChanges(auditedStateOf(existing), auditedStateOf(employee));
          const audited = { subjectUserId: userId, userAgent: input.userAgent };
          if (changes.phone.length > 0)
            await auditChange(tx, caller, { ...audited, action: 'PHONE_CHANGE', changes: changes.phone });
          if (changes.access.length > 0)
            await auditChange(tx, caller, { ...audited, action: 'ACCESS_CHANGE', changes: changes.access });
          await identityOutbox.enqueue(
            tx,
            IdentityEvents.employeeUpdated,
            { employee: employeeToProto(employee) },
            caller,
          );
          return employee;
        }),
      );
    },

    /** (De)activates an employee the caller outranks; deactivating ends their sessions. */
    async setActive(callerInput: Caller, userId: string, isActive: boolean): Promise<EmployeeRecord> {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.manage_employee);
      requireId(userId, 'userId');
      if (!isActive && (userId === caller.userId || userId === caller.actorUserId)) {
        throw preconditionFailed('You cannot deactivate your own account.');
      }
      return db.withTenant(caller.tenantId, async (tx) => {
        const existing = await getEmployee(tx, userId);
        if (!existing) throw notFound('The employee');
        assertOutranks(caller, existing);
        await setUserActive(tx, userId, isActive);
        if (!isActive) await revokeUserSessions(tx, userId);
        const employee = (await getEmployee(tx, userId))!;
        await identityOutbox.enqueue(
          tx,
          isActive ? IdentityEvents.employeeActivated : IdentityEvents.employeeDeactivated,
          { employee: employeeToProto(employee) },
          caller,
        );
        return employee;
      });
    },
  };
}
