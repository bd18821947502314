// A duty is BILLED while a live invoice holds it (billing says so by its invoice events): it leaves the
// bill-pending tab, and its details and customer charges change only on the invoice. A cancelled or
// discarded invoice, or a duty taken off a draft, makes it bill-pending again.
import { randomUUID } from 'node:crypto';
import { idArray, rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import { BookingsEvents, bookingsOutbox } from '../events/published';
import { bookingDetailToProto } from '../mappers';
import { getBookingDetail, insertActivity } from '../storage/booking-record-store';

export async function markDutiesBilled(
  tx: Tx,
  context: { tenantId: string; requestId: string },
  change: { bookingIds: readonly string[]; billed: boolean; invoiceNo: string; action: string },
): Promise<void> {
  if (change.bookingIds.length === 0) return;
  const { tenantId } = context;
  const changed = await rows<{ id: string }>(
    tx,
    sql`
    update bookings.bookings set is_billed = ${change.billed}, version = version + 1, updated_at = now()
    where id = any(${idArray(change.bookingIds)})
      and is_billed <> ${change.billed}
    returning id`,
  );
  for (const { id } of changed) {
    const booking = (await getBookingDetail(tx, id))!;
    const action = change.billed ? 'billed' : 'unbilled';
    const reason = change.billed
      ? `On invoice ${change.invoiceNo}.`
      : `Invoice ${change.invoiceNo} ${change.action === 'updated' ? 'no longer bills it' : `was ${change.action}`}.`;
    await insertActivity(tx, {
      id: randomUUID(),
      tenantId,
      bookingId: id,
      actor: 'SYSTEM',
      userId: null,
      actorUserId: null,
      action,
      fromStatus: booking.status,
      toStatus: booking.status,
      reason,
    });
    await bookingsOutbox.enqueue(
      tx,
      BookingsEvents.bookingUpdated,
      {
        tenantId,
        booking: bookingDetailToProto(booking),
        action,
        fromStatus: booking.status,
        toStatus: booking.status,
        reason,
      },
      context,
    );
  }
}
