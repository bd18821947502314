// What the office does to a driver's duty is kept in its driver actions beside the app's own acts
// (spec §4 driver booking actions): the allotment cleared, the duty marked unfulfilled, closed by ops.
// The office's act has no id from a phone, so it is given one; the driver is the one allotted then.
import { randomUUID } from 'node:crypto';
import type { DriverBookingAction } from '@fleet/domain';
import type { Tx } from '@fleet/platform';
import type { BookingDetail } from '../domain/booking';
import { recordDriverAction } from '../storage/driver-duties-store';

export async function recordOfficeDriverAction(
  tx: Tx,
  tenantId: string,
  booking: Pick<BookingDetail, 'id' | 'allotedDriverId'>,
  act: { action: DriverBookingAction; at: Date; reason?: string },
): Promise<void> {
  if (!booking.allotedDriverId) return;
  await recordDriverAction(tx, {
    tenantId,
    clientActionId: randomUUID(),
    bookingId: booking.id,
    driverId: booking.allotedDriverId,
    action: act.action,
    at: act.at,
    reason: act.reason ?? '',
  });
}
