import { randomUUID } from 'node:crypto';
import type { Tx } from '@fleet/platform';
import { insertActivity } from '../storage/booking-record-store';
import type { TenantCaller } from './deps';

/** Writes what a member of staff did to a duty to its activity: who (and as whom), what, from → to, why. */
export function logStaffAction(
  tx: Tx,
  caller: TenantCaller,
  bookingId: string,
  change: { action: string; from: string | null; to: string; reason?: string },
): Promise<void> {
  return insertActivity(tx, {
    id: randomUUID(),
    tenantId: caller.tenantId,
    bookingId,
    actor: 'STAFF',
    userId: caller.userId,
    actorUserId: caller.actorUserId ?? caller.userId,
    action: change.action,
    fromStatus: change.from,
    toStatus: change.to,
    reason: change.reason ?? '',
  });
}
