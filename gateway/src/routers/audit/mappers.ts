import { AuditAction, type AuditEntry } from '@fleet/proto/fleet/identity/v1/audit_pb';
import { dateOrNull, enumTable, textOrNull } from '../shared-mappers';

const actions = enumTable<
  'MASQUERADE_START' | 'MASQUERADE_STOP' | 'PHONE_CHANGE' | 'ACCESS_CHANGE',
  AuditAction
>({
  MASQUERADE_START: AuditAction.MASQUERADE_START,
  MASQUERADE_STOP: AuditAction.MASQUERADE_STOP,
  PHONE_CHANGE: AuditAction.PHONE_CHANGE,
  ACCESS_CHANGE: AuditAction.ACCESS_CHANGE,
});

export function auditEntryToJson(entry: AuditEntry) {
  return {
    id: entry.id,
    action: actions.fromProto(entry.action),
    actorUserId: entry.actorUserId,
    actorName: entry.actorName,
    /** Whom the actor was acting as, while masquerading. */
    asUserId: textOrNull(entry.asUserId),
    asName: textOrNull(entry.asName),
    subjectUserId: entry.subjectUserId,
    subjectName: entry.subjectName,
    changes: entry.changes.map((change) => ({
      field: change.field,
      before: [...change.before],
      after: [...change.after],
    })),
    ip: textOrNull(entry.ip),
    userAgent: textOrNull(entry.userAgent),
    at: dateOrNull(entry.at),
  };
}
export type AuditEntryJson = ReturnType<typeof auditEntryToJson>;
