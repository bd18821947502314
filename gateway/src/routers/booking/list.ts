import { BOOKING_FILTER_KEYS, BOOKING_LIST_PERMISSION, BOOKING_SORTS } from '@fleet/domain';
import { cursorSchema, limitSchema, optionalText, orderSchema } from '@fleet/domain/inputs';
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
  /** Spec §2's filter categories by key; the bookings service checks each value. */
  filters: z
    .partialRecord(z.enum(BOOKING_FILTER_KEYS), z.array(z.string().max(100)).max(100, 'Choose at most 100'))
    .optional(),
  search: optionalText(100),
});

/** One page of the bookings in a Duties tab. */
export const list = procedureNeeding(BOOKING_LIST_PERMISSION)
  .input(listBookingsInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.listBookings(
      {
        tab: input.tab,
        page: pageRequestToProto(input),
        filters: Object.entries(input.filters ?? {}).map(([key, values]) => ({ key, values: values ?? [] })),
        search: input.search,
      },
      callAs(ctx.caller),
    );
    return {
      bookings: r.bookings.map(bookingToJson),
      ...pageInfoFromProto(r.pageInfo),
    };
  });

/** How many duties each tab holds, all twelve in one call (the board's tab badges). */
export const tabCounts = procedureNeeding(BOOKING_LIST_PERMISSION).query(async ({ ctx }) => {
  const r = await ctx.services.bookings.countTabs({}, callAs(ctx.caller));
  return r.counts;
});
