import { BOOKING_CHOICE_KINDS, BOOKING_LIST_PERMISSION, choiceDetailsOf } from '@fleet/domain';
import { optionalText } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';

export const bookingChoicesInput = z.object({
  kind: z.enum(BOOKING_CHOICE_KINDS, {
    error: `Choose one of ${BOOKING_CHOICE_KINDS.join(', ')}`,
  }),
  search: optionalText(100),
  /** Only these records, active or not: what the form already holds. */
  ids: z.array(z.string().min(1).max(100)).max(200, 'Ask for at most 200 ids').optional(),
});

/**
 * What a booking's form and the board's filters pick from, by name and id and nothing more: open to
 * whoever sees bookings, whether or not they may open the masters' own screens (spec §2: a form's
 * pickers go with the form's permission).
 */
export const choices = procedureNeeding(BOOKING_LIST_PERMISSION)
  .input(bookingChoicesInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.masters.listChoices(
      { kind: input.kind, search: input.search ?? '', ids: input.ids ?? [], limit: 50 },
      callAs(ctx.caller),
    );
    const fillsIn = choiceDetailsOf(input.kind).length > 0;
    return r.choices.map((choice) =>
      fillsIn
        ? { id: choice.id, name: choice.name, details: { ...choice.details } }
        : { id: choice.id, name: choice.name },
    );
  });
