import { PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { routePointToJson } from './mappers';

/** A duty's route in time order (at most 20,000 points, thinned evenly) and the kilometres its phone measured. */
export const route = procedureNeeding(PERMISSION.view_location_tracking)
  .input(z.object({ bookingId: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.getDutyRoute({ bookingId: input.bookingId }, callAs(ctx.caller));
    return {
      bookingId: r.bookingId,
      bookingNo: Number(r.bookingNo),
      storedPoints: Number(r.storedPoints),
      distanceKm: r.distanceKm,
      points: r.points.map(routePointToJson),
      /** The map tiles to draw it on (MAP_TILE_URL); none: the route on a plain background. */
      mapTileUrl: ctx.mapTileUrl ?? null,
    };
  });
