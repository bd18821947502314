import { BOOKING_COUNT_PERMISSION } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { procedureNeeding } from '../../trpc';

/** Spec §7: `data.incomingBookingsCount`, the duties network customers sent that are not accepted yet. */
export const incomingRequestsCount = procedureNeeding(BOOKING_COUNT_PERMISSION).query(async ({ ctx }) => {
  const { count } = await ctx.services.bookings.countIncomingRequests({}, callAs(ctx.caller));
  return { incomingBookingsCount: count };
});
