import { callAs, SYSTEM_PERMISSION, serviceCaller } from '@fleet/platform';
import type { Context } from '../../context';

/**
 * A visit to a passenger's page, passed on to bookings on the gateway's own account: no person is
 * signed in, and the link's token alone says which page of which duty.
 */
export const asPublicVisit = (ctx: Context) =>
  callAs({
    ...serviceCaller('gateway', {
      permissions: [SYSTEM_PERMISSION.servePublicPages],
      requestId: ctx.requestId,
    }),
    clientIp: ctx.clientIp,
  });
