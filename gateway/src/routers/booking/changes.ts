import { PERMISSION } from '@fleet/domain';
import { streamEnd, streamWhileAllowed } from '../../live/stream-changes';
import { procedureNeeding } from '../../trpc';

/**
 * The operator's duties as they change (created, allotted, moved by staff or the driver app…), pushed
 * to the board: which duty and its status, for the screen to read again.
 */
export const changes = procedureNeeding(PERMISSION.view_booking).subscription(({ ctx, signal }) =>
  streamWhileAllowed(ctx, ctx.dutyChanges.listen(ctx.caller.tenantId, streamEnd(signal)), {
    allowed: (session) => session.caller.permissions.includes(PERMISSION.view_booking),
  }),
);
