import { streamEnd, streamWhileAllowed } from '../../live/stream-changes';
import { driverProcedure } from '../../trpc';

/** The signed-in driver's duties as they change (a new one allotted, one moved by the office…). */
export const changes = driverProcedure.subscription(({ ctx, signal }) =>
  streamWhileAllowed(ctx, ctx.dutyChanges.listen(ctx.caller.tenantId, streamEnd(signal)), {
    allowed: (session) => session.caller.driverId === ctx.caller.driverId,
    keep: (change) => change.allotedDriverId === ctx.caller.driverId,
  }),
);
