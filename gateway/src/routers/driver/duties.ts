import { cursorSchema, idSchema, limitSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { driverProcedure } from '../../trpc';
import { required } from '../shared-mappers';
import { driverDutyToJson } from './mappers';

export const dutiesInput = z.object({
  when: z.enum(['TODAY', 'UPCOMING', 'PAST'], { message: 'Ask for today’s, upcoming or past duties' }),
  cursor: cursorSchema,
  limit: limitSchema,
});

/** The signed-in driver's duties: today's (and any earlier one still open), upcoming, or past. */
export const duties = driverProcedure.input(dutiesInput).query(async ({ ctx, input }) => {
  const r = await ctx.services.bookings.listDriverDuties(
    { when: input.when, page: { cursor: input.cursor ?? '', limit: input.limit ?? 0 } },
    callAs(ctx.caller),
  );
  return {
    items: r.duties.map(driverDutyToJson),
    nextCursor: r.pageInfo?.nextCursor || null,
  };
});

/** One of the driver's duties, whole: its checklist, slip so far and what may be done now. */
export const duty = driverProcedure.input(z.object({ id: idSchema })).query(async ({ ctx, input }) => {
  const r = await ctx.services.bookings.getDriverDuty({ id: input.id }, callAs(ctx.caller));
  return driverDutyToJson(required(r.duty, 'the duty'));
});
