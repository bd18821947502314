import { liveMapBranches, PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { routePointToJson } from './mappers';

/**
 * A duty's route in time order (at most 20,000 points, thinned evenly) and the kilometres its phone
 * measured. A staff member limited to branches sees only the routes of their branches' drivers, as on
 * the live map; another duty's is not found.
 */
export const route = procedureNeeding(PERMISSION.view_location_tracking)
  .input(z.object({ bookingId: idSchema }))
  .query(async ({ ctx, input }) => {
    const branchIds = liveMapBranches(undefined, ctx.session.branchIds);
    const r = await ctx.services.bookings.getDutyRoute(
      { bookingId: input.bookingId, branches: branchIds ? { branchIds } : undefined },
      callAs(ctx.caller),
    );
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
