import type { AuditChange } from './records';

/** What the audit log says about a person's sign-in phone and access, before or after a change. */
export interface AuditedState {
  phone: string;
  permissionProfileId: string | null;
  permissionProfileName: string | null;
  grantedPermissions: string[];
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((p) => b.includes(p));
const sorted = (ids: string[]) => [...ids].sort();
const listed = (value: string | null) => (value === null ? [] : [value]);

/** The changes worth an audit entry between two states: the phone's, and the access's (profile, grants). */
export function auditedChanges(before: AuditedState, after: AuditedState) {
  const phone: AuditChange[] =
    before.phone === after.phone ? [] : [{ field: 'phone', before: [before.phone], after: [after.phone] }];
  const access: AuditChange[] = [];
  if (before.permissionProfileId !== after.permissionProfileId) {
    access.push({
      field: 'permissionProfile',
      before: listed(before.permissionProfileName),
      after: listed(after.permissionProfileName),
    });
  }
  if (!sameSet(before.grantedPermissions, after.grantedPermissions)) {
    access.push({
      field: 'grantedPermissions',
      before: sorted(before.grantedPermissions),
      after: sorted(after.grantedPermissions),
    });
  }
  return { phone, access };
}
