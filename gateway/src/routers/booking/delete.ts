import { PERMISSION } from '@fleet/domain';
import { idSchema, optionalText } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';

export const deleteBookingInput = z.object({
  id: idSchema,
  /** Why it is deleted (optional), kept in its activity. */
  reason: optionalText(500),
  /** The version the person saw: someone else's change since is refused. */
  version: z.number().int().min(0).optional(),
});

/**
 * Deletes a booking entered by mistake, every duty of it, while nothing has happened to any; one that
 * went further is refused (412), to be cancelled instead. Answers the ids of the duties deleted.
 */
export const deleteBooking = procedureNeeding(PERMISSION.delete_booking)
  .input(deleteBookingInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.deleteBooking(
      { id: input.id, reason: input.reason ?? '', expectedVersion: input.version ?? 0 },
      callAs(ctx.caller),
    );
    return { deletedIds: r.deletedIds };
  });
