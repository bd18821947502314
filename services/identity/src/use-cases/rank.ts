import { closePermissions } from '@fleet/domain';
import { type Caller, permissionDenied, type Tx } from '@fleet/platform';
import {
  describePermissions,
  effectivePermissions,
  knownPermission,
  permissionsLacking,
} from '../domain/permissions';
import type { EmployeeRecord, ProfileRecord } from '../domain/records';
import { grantsOfActiveHolders } from '../storage/profiles-store';

// Rank: acting on a person — changing their account, sign-in phone, profile or permissions, activating
// or deactivating them — needs the caller to hold at least everything that person holds, so nobody can
// disarm, take over or reshape someone above them. The operator's owner holds everything, so may act on
// anyone; nobody else may act on the owner.

/**
 * What an employee holds, whether or not they are active just now: reactivating someone gives it back,
 * so it is what the caller must hold to do that too.
 */
function standingOf(employee: EmployeeRecord): string[] {
  return effectivePermissions(
    { ...employee.user, isActive: true },
    employee.profile,
    employee.fields.grantedPermissions,
  );
}

/** Refuses unless the caller holds at least everything the employee holds. */
export function assertOutranks(caller: Caller, employee: EmployeeRecord): void {
  if (employee.user.isOwner) {
    throw permissionDenied('Only the owner can change the owner’s account.');
  }
  const lacking = permissionsLacking(caller.permissions, standingOf(employee));
  if (lacking.length > 0) {
    throw permissionDenied(
      `${employee.user.name} holds permissions you do not: ${describePermissions(lacking)}. Only someone who holds at least as much can change their account.`,
    );
  }
}

/**
 * Refuses to change or (de)activate a profile unless the caller holds at least what each active employee
 * using it holds with it: its permissions and their own grants.
 */
export async function assertOutranksHoldersOf(tx: Tx, caller: Caller, profile: ProfileRecord): Promise<void> {
  if (profile.employeeCount === 0) return;
  const held = closePermissions(
    [...profile.permissions, ...(await grantsOfActiveHolders(tx, profile.id))].filter(knownPermission),
  );
  const lacking = permissionsLacking(caller.permissions, held);
  if (lacking.length > 0) {
    throw permissionDenied(
      `Employees using this profile hold permissions you do not: ${describePermissions(lacking)}. Only someone who holds at least as much can change it.`,
    );
  }
}
