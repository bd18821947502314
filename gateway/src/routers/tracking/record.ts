import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { locationBatchSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { driverProcedure } from '../../trpc';

/**
 * The driver app's batch of location points (1 to 500, of the driver's own duties): each kept once
 * however often it is sent; answers how many were new. A refused batch (400, 404, 412) will be refused
 * again: the app drops it rather than retrying.
 */
export const record = driverProcedure.input(locationBatchSchema).mutation(async ({ ctx, input }) => {
  const r = await ctx.services.bookings.recordLocation(
    { points: input.points.map((point) => ({ ...point, at: timestampFromDate(point.at) })) },
    callAs(ctx.caller),
  );
  return { newPoints: r.newPoints };
});
