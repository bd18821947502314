import { PERMISSION } from '@fleet/domain';
import { bookingDraftSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { bookingDetailToJson } from './mappers';

/** Takes a booking (a duty, or a duty a day from its reporting date to its last date). */
export const create = procedureNeeding(PERMISSION.manage_booking)
  .input(bookingDraftSchema)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.createBooking(
      { draftJson: JSON.stringify(input) },
      callAs(ctx.caller),
    );
    return {
      booking: bookingDetailToJson(required(r.booking, 'the booking')),
      duties: r.duties.map(bookingDetailToJson),
    };
  });
