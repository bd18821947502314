import { getPermission } from '@fleet/domain';

/** An audit entry as the screen needs it (the gateway's audit.list answer). */
export interface AuditEntryView {
  action: 'MASQUERADE_START' | 'MASQUERADE_STOP' | 'PHONE_CHANGE' | 'ACCESS_CHANGE' | null;
  changes: { field: string; before: string[]; after: string[] }[];
}

const permissionNames = (ids: string[]) => ids.map((id) => getPermission(id)?.name ?? id).join(', ');

function describeChange(change: AuditEntryView['changes'][number]): string {
  const before = change.before.join(', ');
  const after = change.after.join(', ');
  if (change.field === 'phone') return `Sign-in phone ${before} → ${after}`;
  if (change.field === 'permissionProfile')
    return `Permission profile ${before || 'none'} → ${after || 'none'}`;
  const added = change.after.filter((id) => !change.before.includes(id));
  const removed = change.before.filter((id) => !change.after.includes(id));
  const parts = [
    ...(added.length > 0 ? [`gave ${permissionNames(added)}`] : []),
    ...(removed.length > 0 ? [`took away ${permissionNames(removed)}`] : []),
  ];
  return `Individual permissions: ${parts.join('; ')}`;
}

/** What an entry records, in words: what was done, and what changed from what to what. */
export function describeAuditEntry(entry: AuditEntryView): string {
  switch (entry.action) {
    case 'MASQUERADE_START':
      return 'Started acting as them';
    case 'MASQUERADE_STOP':
      return 'Stopped acting as them';
    default:
      return entry.changes.map(describeChange).join('. ');
  }
}
