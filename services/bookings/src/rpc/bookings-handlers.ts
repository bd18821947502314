import type { ConnectRouter } from '@connectrpc/connect';
import { tenantCallerOf } from '@fleet/platform';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import type { BookingsUseCases } from '../use-cases';

/** Thin gRPC handlers: proto in, use case, proto out. */
export function bookingsRoutes(useCases: BookingsUseCases) {
  const { tabCounts } = useCases;
  return (router: ConnectRouter) =>
    router.service(BookingsService, {
      async countIncomingRequests(_req, ctx) {
        return { count: await tabCounts.incomingRequests(tenantCallerOf(ctx)) };
      },
      async countNeedsAttention(_req, ctx) {
        return { count: await tabCounts.needsAttention(tenantCallerOf(ctx)) };
      },
    });
}
