import { BOOKING_LIST_PERMISSION } from '@fleet/domain';
import { cursorSchema, limitSchema, optionalId } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { feedbackToJson } from '../public-slip/mappers';

/**
 * Passengers' feedback, newest first, with each duty's number and customer. The spec names no screen or
 * permission for it: whoever may see bookings reads it (/operations/feedback).
 */
export const list = procedureNeeding(BOOKING_LIST_PERMISSION)
  .input(z.object({ cursor: cursorSchema, limit: limitSchema, customerId: optionalId }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.listFeedback(
      { page: { limit: input.limit, cursor: input.cursor ?? '' }, customerId: input.customerId },
      callAs(ctx.caller),
    );
    return { items: r.responses.map(feedbackToJson), ...pageInfoFromProto(r.pageInfo) };
  });
