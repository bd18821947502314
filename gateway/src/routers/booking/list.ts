import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { cursorSchema, limitSchema, orderSchema } from '../inputs';
import { bookingToJson, pageFromProto, pageRequest } from '../mappers';

export const listBookingsInput = z.object({
  /** The Duties link's tab slug (/duties/bookings/{tab}); the bookings service knows the tabs. */
  tab: z.string().min(1, 'Choose a tab').max(40, 'There is no such tab'),
  /** Spec §2: bookings sort by start_date, created_at or reporting_date; start_date when absent. */
  sortBy: z.enum(['start_date', 'created_at', 'reporting_date']).optional(),
  /** Absent: the tab's own order (newest first for completed, failed, cancelled, bill-pending, all). */
  order: orderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});

/** One page of the bookings in a Duties tab. */
export const list = procedureNeeding('view_booking')
  .input(listBookingsInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.listBookings(
      { tab: input.tab, page: pageRequest(input) },
      callAs(ctx.caller),
    );
    return { bookings: r.bookings.map(bookingToJson), ...pageFromProto(r.pageInfo) };
  });
