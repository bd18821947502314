// The passenger's trip-start code is 4 digits: the driver app's tries at it are counted per duty, and
// after TRIP_START_CODE_TRIES wrong ones the start is locked, refusing even the right code, until staff
// who send the trip's details unlock it from the duty's page. A wrong code is counted and logged in a
// transaction of its own, so the refusal of the act does not take the count back with it.
import { randomUUID } from 'node:crypto';
import { PERMISSION, TRIP_START_CODE_TRIES } from '@fleet/domain';
import {
  type DriverCaller,
  invalidField,
  preconditionFailed,
  requireId,
  requirePermission,
  type Tx,
} from '@fleet/platform';
import type { BookingDetail } from '../domain/booking';
import { recordDriverAction } from '../storage/driver-duties-store';
import {
  countWrongStartCode,
  readTripStartCodeState,
  unlockTripStart,
} from '../storage/trip-start-code-store';
import { logDutyAction, recordDutyChange } from './activity';
import type { BookingsDeps, TenantCaller } from './deps';
import { lockDutyAsRead } from './locked-duty';

export const TRIP_START_LOCKED_MESSAGE =
  'Too many wrong start codes: the start of this duty is locked. Call the office to unlock it.';

export type StartCodeVerdict = 'RIGHT' | 'WRONG' | 'LOCKED';

/**
 * Checks the code on the driver's own duty, locked by the caller's transaction: a locked start is
 * LOCKED whatever the code; a wrong code is counted, logged, and locks the start at the last try.
 */
export async function checkTripStartCode(
  tx: Tx,
  caller: DriverCaller,
  booking: BookingDetail,
  act: { code: string; at: Date },
): Promise<{ verdict: StartCodeVerdict; triesLeft: number }> {
  const before = await readTripStartCodeState(tx, booking.id);
  if (before.lockedAt) return { verdict: 'LOCKED', triesLeft: 0 };
  if (act.code === booking.tripStartOtp) return { verdict: 'RIGHT', triesLeft: 0 };
  const after = await countWrongStartCode(tx, booking.id, TRIP_START_CODE_TRIES);
  const driverAct = (action: string) =>
    recordDriverAction(tx, {
      tenantId: caller.tenantId,
      clientActionId: randomUUID(),
      bookingId: booking.id,
      driverId: caller.driverId,
      action,
      at: act.at,
      details: { wrongCodes: after.wrongCodes },
    });
  await driverAct('TRIP_START_CODE_WRONG');
  await logDutyAction(tx, caller, booking.id, {
    action: 'tripStartCodeWrong',
    from: booking.status,
    to: booking.status,
    reason: `Wrong start code ${after.wrongCodes} of ${TRIP_START_CODE_TRIES}.`,
  });
  if (!after.lockedAt) return { verdict: 'WRONG', triesLeft: TRIP_START_CODE_TRIES - after.wrongCodes };
  await driverAct('TRIP_START_LOCKED');
  await recordDutyChange(tx, caller, booking.id, {
    action: 'tripStartLocked',
    from: booking.status,
    to: booking.status,
    reason: `Locked after ${after.wrongCodes} wrong start codes; the office must unlock it.`,
    event: 'bookingUpdated',
  });
  return { verdict: 'LOCKED', triesLeft: 0 };
}

/** The refusal a verdict other than RIGHT answers the driver with. */
export function startCodeRefusal(outcome: { verdict: StartCodeVerdict; triesLeft: number }): Error {
  if (outcome.verdict === 'LOCKED') return preconditionFailed(TRIP_START_LOCKED_MESSAGE, 'TRIP_START_LOCKED');
  return invalidField(
    'code',
    `That is not the passenger’s start code. Ask the passenger again (${outcome.triesLeft} ${
      outcome.triesLeft === 1 ? 'try' : 'tries'
    } left).`,
  );
}

export function createTripStartUnlock(deps: BookingsDeps) {
  const { db } = deps;
  return {
    async unlock(caller: TenantCaller, id: string): Promise<BookingDetail> {
      requireId(id, 'id');
      requirePermission(caller, PERMISSION.send_duty_info, 'unlock a duty’s trip start');
      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDutyAsRead(tx, id);
        const state = await readTripStartCodeState(tx, id);
        if (!state.lockedAt) {
          throw preconditionFailed('The start of this duty is not locked.', 'TRIP_START_NOT_LOCKED');
        }
        await unlockTripStart(tx, id);
        return recordDutyChange(tx, caller, id, {
          action: 'tripStartUnlocked',
          from: duty.status,
          to: duty.status,
          reason: `Unlocked after ${state.wrongCodes} wrong start codes.`,
          event: 'bookingUpdated',
        });
      });
    },
  };
}
