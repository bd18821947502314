import {
  LIVE_POSITIONS_MAX_BRANCHES,
  LIVE_POSITIONS_MAX_HOURS,
  liveMapBranches,
  PERMISSION,
} from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { livePositionToJson } from './mappers';

export const liveInput = z
  .object({
    /** Only drivers of these branches; absent: every driver. */
    branchIds: z
      .array(idSchema)
      .max(LIVE_POSITIONS_MAX_BRANCHES, `Choose at most ${LIVE_POSITIONS_MAX_BRANCHES} branches`)
      .optional(),
    /** Drivers seen in this many hours (12 unless given). */
    seenWithinHours: z
      .number()
      .int('Give a whole number of hours')
      .min(1, 'Give at least 1 hour')
      .max(LIVE_POSITIONS_MAX_HOURS, `Give at most ${LIVE_POSITIONS_MAX_HOURS} hours`)
      .optional(),
  })
  .default({});

/**
 * The live map: each of the operator's drivers at their latest position, by name; a staff member
 * limited to branches (identity says which, with the session) sees only those branches' drivers. Every
 * viewer of the same operator, branches and hours shares one answer for a second (sharedReports): many
 * open maps cost bookings one query a second, and a position is announced at most every 10 s anyway.
 */
export const live = procedureNeeding(PERMISSION.view_location_tracking)
  .input(liveInput)
  .query(async ({ ctx, input }) => {
    const branchIds = liveMapBranches(input.branchIds, ctx.session.branchIds);
    const hours = input.seenWithinHours ?? 0;
    const key = [ctx.caller.tenantId, hours, ...(branchIds ? [...branchIds].sort() : ['every branch'])].join(
      '|',
    );
    const positions = await ctx.sharedReports.liveMap.get(key, async () => {
      const r = await ctx.services.bookings.listLivePositions(
        { branches: branchIds ? { branchIds } : undefined, seenWithinHours: hours },
        callAs(ctx.caller),
      );
      return r.positions.map(livePositionToJson);
    });
    return { positions, mapTileUrl: ctx.mapTileUrl ?? null };
  });
