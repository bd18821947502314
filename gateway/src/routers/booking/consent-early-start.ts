import { PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { bookingDetailToJson } from './mappers';

/** Lets the driver start a duty more than two hours before its reporting time. */
export const consentEarlyStart = procedureNeeding(PERMISSION.send_duty_info)
  .input(z.object({ id: idSchema }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.consentEarlyStart({ id: input.id }, callAs(ctx.caller));
    return bookingDetailToJson(required(r.booking, 'the booking'));
  });
