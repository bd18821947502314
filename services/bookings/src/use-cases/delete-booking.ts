// Deleting a booking entered by mistake (Delete Booking): the whole booking, every duty of it, and only
// while nothing has happened to any of them (deleteRefusal: tentative or booked, never allotted, sent,
// started or cancelled, no slip, no invoice, not a network party's) — anything further is cancelled
// instead. A soft delete: the rows stay, marked with who deleted them and when, their activity says so,
// and they leave every list, count, search and read; `fleet.bookings.booking.deleted` tells the read
// models and the open screens.
import { deleteRefusal, PERMISSION } from '@fleet/domain';
import { invalidField, notFound, permissionDenied, preconditionFailed, requireId } from '@fleet/platform';
import {
  activityActions,
  dutiesOfBooking,
  getBookingDetail,
  markDeleted,
} from '../storage/booking-record-store';
import { recordDutyChange } from './activity';
import type { BookingsDeps, TenantCaller } from './deps';
import { lockDutyAsRead } from './locked-duty';

const REASON_MAX = 500;

export function createDeleteBooking(deps: BookingsDeps) {
  const { db, clock } = deps;

  return {
    /** Deletes the booking `id` is a duty of; answers the ids of the duties deleted. */
    async delete(
      caller: TenantCaller,
      input: { id: string; reason?: string; expectedVersion?: number },
    ): Promise<string[]> {
      if (!caller.permissions.includes(PERMISSION.delete_booking)) {
        throw permissionDenied('You need the “Delete Booking” permission to delete a booking.');
      }
      requireId(input.id, 'id');
      const reason = (input.reason ?? '').trim();
      if ([...reason].length > REASON_MAX)
        throw invalidField('reason', `Keep the reason to ${REASON_MAX} characters or fewer.`);

      return db.withTenant(caller.tenantId, async (tx) => {
        await lockDutyAsRead(tx, input.id, input.expectedVersion);
        const ids = (await dutiesOfBooking(tx, input.id)).map((d) => d.id);
        if (ids.length === 0) throw notFound('The booking');
        const at = clock();
        for (const id of ids) {
          const duty = await lockDutyAsRead(tx, id);
          const booking = (await getBookingDetail(tx, id))!;
          const refusal = deleteRefusal({
            status: duty.status,
            isBilled: duty.isBilled,
            isNetworkIncoming: booking.isNetworkIncoming,
            activity: await activityActions(tx, id),
          });
          if (refusal) {
            const which = ids.length > 1 ? ` (duty of ${booking.startDate})` : '';
            throw preconditionFailed(`${refusal}${which}`, 'NOT_DELETABLE');
          }
        }
        for (const id of ids) {
          const duty = await lockDutyAsRead(tx, id);
          // Written to the activity and published while the duty still reads back, then hidden.
          await recordDutyChange(tx, caller, id, {
            action: 'deleted',
            from: duty.status,
            to: duty.status,
            reason,
            event: 'bookingDeleted',
          });
          await markDeleted(tx, id, { userId: caller.userId, at });
        }
        return ids;
      });
    },
  };
}
