import { PERMISSION } from '@fleet/domain';
import { streamEnd, streamWhileAllowed } from '../../live/stream-changes';
import { procedureNeeding } from '../../trpc';

/**
 * That the operator's drivers moved (at most once in 10 seconds a driver), pushed to the live map, which
 * reads the positions again through tracking.live — fenced there by permission and branch — so the
 * stream itself carries no position.
 */
export const changes = procedureNeeding(PERMISSION.view_location_tracking).subscription(({ ctx, signal }) =>
  streamWhileAllowed(ctx, ctx.dutyChanges.listenPositions(ctx.caller.tenantId, streamEnd(signal)), {
    allowed: (session) => session.caller.permissions.includes(PERMISSION.view_location_tracking),
  }),
);
