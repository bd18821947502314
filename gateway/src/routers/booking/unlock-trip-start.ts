import { PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { bookingDetailToJson } from './mappers';

/** Unlocks a duty's trip start, locked after too many wrong start codes from the driver app. */
export const unlockTripStart = procedureNeeding(PERMISSION.send_duty_info)
  .input(z.object({ id: idSchema }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.unlockTripStart({ id: input.id }, callAs(ctx.caller));
    return bookingDetailToJson(required(r.booking, 'the booking'));
  });
