import { BOOKING_COUNT_PERMISSION } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { procedureNeeding } from '../../trpc';

/** Spec §7: `data.needsAttentionCount`, the duties in the needs-attention tab. */
export const needsAttentionCount = procedureNeeding(BOOKING_COUNT_PERMISSION).query(async ({ ctx }) => {
  const { count } = await ctx.services.bookings.countNeedsAttention({}, callAs(ctx.caller));
  return { needsAttentionCount: count };
});
