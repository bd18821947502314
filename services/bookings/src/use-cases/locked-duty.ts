import { BOOKING_STATUS_LABELS } from '@fleet/domain';
import { conflict, notFound, type Tx } from '@fleet/platform';
import { type LockedDuty, lockDuty } from '../storage/booking-record-store';

/**
 * The duty locked for this transaction, as the person last read it: refused as not found when it is
 * not the operator's, and as stale (naming its status now) when someone changed it since they read
 * version `expectedVersion` (0 or absent: they did not say, and any version will do).
 */
export async function lockDutyAsRead(tx: Tx, id: string, expectedVersion?: number): Promise<LockedDuty> {
  const duty = await lockDuty(tx, id);
  if (!duty) throw notFound('The booking');
  if (expectedVersion && duty.version !== expectedVersion) {
    throw conflict(
      `Someone changed this duty while you were looking at it (it is ${BOOKING_STATUS_LABELS[duty.status]} now). Reload it and try again.`,
      'STALE_VERSION',
    );
  }
  return duty;
}
