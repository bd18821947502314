import type { MasqueradeAuditEntry } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { dateOrNull, textOrNull } from '../shared-mappers';

export function masqueradeAuditEntryToJson(entry: MasqueradeAuditEntry) {
  return {
    id: entry.id,
    action: entry.action,
    actorUserId: entry.actorUserId,
    actorName: entry.actorName,
    targetUserId: entry.targetUserId,
    targetName: entry.targetName,
    ip: textOrNull(entry.ip),
    userAgent: textOrNull(entry.userAgent),
    at: dateOrNull(entry.at),
  };
}
