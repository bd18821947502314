import { randomUUID } from 'node:crypto';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Tx } from '@fleet/platform';
import type { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import type { BookingDetail } from '../domain/booking';
import { BookingsEvents, bookingsOutbox } from '../events/published';
import { bookingDetailToProto } from '../mappers';
import { getBookingDetail, insertActivity } from '../storage/booking-record-store';
import type { TenantCaller } from './deps';

export interface DutyChange {
  action: string;
  from: string | null;
  to: string;
  reason?: string;
}

/**
 * Writes what someone did to a duty to its activity: who (and as whom), what, from → to, why. The driver
 * app's acts are the driver's; everything else reaching here is a member of staff's.
 */
export function logDutyAction(
  tx: Tx,
  caller: TenantCaller,
  bookingId: string,
  change: DutyChange,
): Promise<void> {
  return insertActivity(tx, {
    id: randomUUID(),
    tenantId: caller.tenantId,
    bookingId,
    actor: caller.role === 'DRIVER' ? 'DRIVER' : 'STAFF',
    userId: caller.userId,
    actorUserId: caller.actorUserId ?? caller.userId,
    action: change.action,
    fromStatus: change.from,
    toStatus: change.to,
    reason: change.reason ?? '',
  });
}

/** What an event says beyond the duty and the change itself: a closed or adjusted duty's charges. */
type ChargesOfEvent = Pick<
  MessageInitShape<typeof BookingChangedSchema>,
  'charges' | 'purchaseCharges' | 'driverAllowances'
>;

/**
 * A change a member of staff (or the driver, in the driver app) made to a duty, made known: written to its activity and published through
 * the outbox in the same transaction — created, its status changed, or anything else about it updated
 * (labels, slip, charges…) — with the duty as it now is, which is returned.
 */
export async function recordDutyChange(
  tx: Tx,
  caller: TenantCaller,
  bookingId: string,
  change: Omit<DutyChange, 'to'> & {
    /** The status it is in now; read from the duty when not given. */
    to?: string;
    event: 'bookingCreated' | 'bookingStatusChanged' | 'bookingUpdated' | 'bookingDeleted';
    charges?: ChargesOfEvent;
  },
): Promise<BookingDetail> {
  const booking = (await getBookingDetail(tx, bookingId))!;
  const to = change.to ?? booking.status;
  await logDutyAction(tx, caller, bookingId, { ...change, to });
  await bookingsOutbox.enqueue(
    tx,
    BookingsEvents[change.event],
    {
      tenantId: caller.tenantId,
      booking: bookingDetailToProto(booking),
      action: change.action,
      fromStatus: change.from ?? '',
      toStatus: to,
      reason: change.reason ?? '',
      changedByUserId: caller.userId,
      actorUserId: caller.actorUserId ?? caller.userId,
      ...change.charges,
    },
    caller,
  );
  return booking;
}
