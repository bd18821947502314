import { BOOKING_LIST_PERMISSION, BOOKING_SORTS } from '@fleet/domain';
import { cursorSchema, limitSchema, orderSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { bookingToJson } from './mappers';

export const listBookingsInput = z.object({
  /** The Duties link's tab slug (/duties/bookings/{tab}); the bookings service knows the tabs. */
  tab: z.string().min(1, 'Choose a tab').max(40, 'There is no such tab'),
  /** Spec §2: bookings sort by start_date, created_at or reporting_date; start_date when absent. */
  sortBy: z.enum(BOOKING_SORTS).optional(),
  /** Absent: the tab's own order (newest first for completed, failed, cancelled, bill-pending, all). */
  order: orderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});

/** One page of the bookings in a Duties tab. */
export const list = procedureNeeding(BOOKING_LIST_PERMISSION)
  .input(listBookingsInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.listBookings(
      { tab: input.tab, page: pageRequestToProto(input) },
      callAs(ctx.caller),
    );
    return { bookings: r.bookings.map(bookingToJson), ...pageInfoFromProto(r.pageInfo) };
  });
