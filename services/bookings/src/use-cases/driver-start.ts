// A trip's beginning in the driver app (driver-app.ts in the domain): refused while the driver or the
// vehicle is on another running duty, and held for the office's consent when it is more than
// EARLY_START_CONSENT_MINUTES before the reporting time. The held try is kept, in a transaction of its
// own, as the request the office sees on the duty and answers with its consent.
import { randomUUID } from 'node:crypto';
import {
  beginsTrip,
  EARLY_START_CONSENT_MINUTES,
  isEarlyStart,
  PERMISSION,
  shownBookingNo,
  type TripEvent,
  wallClock,
} from '@fleet/domain';
import {
  type DriverCaller,
  preconditionFailed,
  requireId,
  requirePermission,
  type Tx,
} from '@fleet/platform';
import type { BookingDetail } from '../domain/booking';
import { getBookingDetail } from '../storage/booking-record-store';
import { recordDriverAction } from '../storage/driver-duties-store';
import { consentToEarlyStart, findRunningDuty, markEarlyStartRequested } from '../storage/driver-start-store';
import { recordDutyChange } from './activity';
import type { BookingsDeps, TenantCaller } from './deps';
import { lockDutyAsRead } from './locked-duty';

/** A driver's duty before its trip, which the office may let start early. */
const WAITING_TO_START: readonly string[] = ['ALLOTED', 'DRIVER_ACCEPTED', 'DISPATCHED'];

const pad = (n: number) => String(n).padStart(2, '0');
/** DD/MM/YYYY HH:MM on the operator's clock. */
function shownTime(at: Date): string {
  const c = wallClock(at);
  return `${pad(c.day)}/${pad(c.month)}/${c.year} ${pad(c.hour)}:${pad(c.minute)}`;
}

/**
 * Refuses the trip's beginning while the driver or the vehicle runs another duty; 'EARLY' when it is
 * early and the office has not consented, 'OK' otherwise (and for an event that begins no trip).
 */
export async function checkTripBeginning(
  tx: Tx,
  caller: DriverCaller,
  booking: BookingDetail,
  act: { event: TripEvent; at: Date },
): Promise<'OK' | 'EARLY'> {
  if (!beginsTrip(booking.status, act.event)) return 'OK';
  const running = await findRunningDuty(tx, {
    id: booking.id,
    driverId: caller.driverId,
    vehicleId: booking.allotedVehicleId,
  });
  if (running) {
    const no = shownBookingNo(running.bookingNo);
    throw preconditionFailed(
      running.sameDriver
        ? `You are still on duty ${no}: end it before starting this one.`
        : `Vehicle ${running.vehicleNo} is still on duty ${no}: a vehicle runs one duty at a time.`,
      'ANOTHER_DUTY_RUNNING',
    );
  }
  return isEarlyStart(act.at, new Date(booking.reportingAt)) && !booking.earlyStartConsentedAt
    ? 'EARLY'
    : 'OK';
}

/** Keeps the driver's early try as the request the office sees (its own transaction). */
export async function requestEarlyStart(
  tx: Tx,
  caller: DriverCaller,
  booking: BookingDetail,
  at: Date,
): Promise<void> {
  await markEarlyStartRequested(tx, booking.id, at);
  await recordDriverAction(tx, {
    tenantId: caller.tenantId,
    clientActionId: randomUUID(),
    bookingId: booking.id,
    driverId: caller.driverId,
    action: 'EARLY_START_REQUESTED',
    at,
  });
  await recordDutyChange(tx, caller, booking.id, {
    action: 'earlyStartRequested',
    from: booking.status,
    to: booking.status,
    reason: `The driver tried to start at ${shownTime(at)}; the duty reports at ${shownTime(new Date(booking.reportingAt))}.`,
    event: 'bookingUpdated',
  });
}

export function earlyStartRefusal(booking: BookingDetail): Error {
  return preconditionFailed(
    `This duty reports at ${shownTime(new Date(booking.reportingAt))}. Starting more than ${
      EARLY_START_CONSENT_MINUTES / 60
    } hours early needs the office’s consent: the office has been asked; try again once they agree.`,
    'EARLY_START_NEEDS_CONSENT',
  );
}

export function createEarlyStartConsent(deps: BookingsDeps) {
  const { db, clock } = deps;
  return {
    async consent(caller: TenantCaller, id: string): Promise<BookingDetail> {
      requireId(id, 'id');
      requirePermission(caller, PERMISSION.send_duty_info, 'let a driver start a duty early');
      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDutyAsRead(tx, id);
        if (!WAITING_TO_START.includes(duty.status)) {
          throw preconditionFailed('This duty is not waiting to start.', 'NOT_WAITING_TO_START');
        }
        if ((await getBookingDetail(tx, id))?.earlyStartConsentedAt) {
          throw preconditionFailed('The driver may start this duty early already.', 'EARLY_START_CONSENTED');
        }
        await consentToEarlyStart(tx, id, caller.userId, clock());
        return recordDutyChange(tx, caller, id, {
          action: 'earlyStartConsented',
          from: duty.status,
          to: duty.status,
          reason: 'The driver may start before the reporting time.',
          event: 'bookingUpdated',
        });
      });
    },
  };
}
