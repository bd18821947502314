import type { ConnectRouter } from '@connectrpc/connect';
import { tenantCallerOf } from '@fleet/platform';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { SortDirection } from '@fleet/proto/fleet/common/v1/common_pb';
import { bookingToProto } from '../mappers';
import type { BookingsUseCases } from '../use-cases';

/** Unspecified leaves the choice to the tab's default (domain/tabs.ts). */
const direction = (d: SortDirection | undefined) =>
  d === SortDirection.ASC ? 'asc' : d === SortDirection.DESC ? 'desc' : undefined;

/** Thin gRPC handlers: proto in, use case, proto out. */
export function bookingsRoutes(useCases: BookingsUseCases) {
  const { tabCounts, bookingLists } = useCases;
  return (router: ConnectRouter) =>
    router.service(BookingsService, {
      async countIncomingRequests(_req, ctx) {
        return { count: await tabCounts.incomingRequests(tenantCallerOf(ctx)) };
      },
      async countNeedsAttention(_req, ctx) {
        return { count: await tabCounts.needsAttention(tenantCallerOf(ctx)) };
      },
      async listBookings(req, ctx) {
        const page = await bookingLists.list(tenantCallerOf(ctx), {
          tab: req.tab,
          sortBy: req.page?.sortBy,
          direction: direction(req.page?.direction),
          cursor: req.page?.cursor,
          limit: req.page?.limit,
        });
        return {
          bookings: page.items.map(bookingToProto),
          pageInfo: { nextCursor: page.nextCursor, hasMore: page.hasMore },
        };
      },
    });
}
