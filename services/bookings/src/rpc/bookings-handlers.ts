import type { ConnectRouter } from '@connectrpc/connect';
import { pageInfoToProto, pageRequestFromProto, tenantCallerOf } from '@fleet/platform';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { activityToProto, bookingDetailToProto, bookingToProto } from '../mappers';
import type { BookingsUseCases } from '../use-cases';

/** Thin gRPC handlers: proto in, use case, proto out. */
export function bookingsRoutes(useCases: BookingsUseCases) {
  const { tabCounts, bookingLists, takeBooking, actOnBooking, allotDuty } = useCases;
  return (router: ConnectRouter) =>
    router.service(BookingsService, {
      async countIncomingRequests(_req, ctx) {
        return { count: await tabCounts.incomingRequests(tenantCallerOf(ctx)) };
      },
      async countNeedsAttention(_req, ctx) {
        return { count: await tabCounts.needsAttention(tenantCallerOf(ctx)) };
      },
      async listBookings(req, ctx) {
        // An unspecified direction leaves the choice to the tab's default (domain/tabs.ts).
        const page = await bookingLists.list(tenantCallerOf(ctx), {
          tab: req.tab,
          ...pageRequestFromProto(req.page),
        });
        return { bookings: page.items.map(bookingToProto), pageInfo: pageInfoToProto(page) };
      },
      async createBooking(req, ctx) {
        const { booking, duties } = await takeBooking.create(tenantCallerOf(ctx), req.draftJson);
        return { booking: bookingDetailToProto(booking), duties: duties.map(bookingDetailToProto) };
      },
      async actOnBooking(req, ctx) {
        const booking = await actOnBooking.act(tenantCallerOf(ctx), {
          id: req.id,
          action: req.action,
          reason: req.reason,
          expectedVersion: req.expectedVersion,
        });
        return { booking: bookingDetailToProto(booking) };
      },
      async allotDuty(req, ctx) {
        const duties = await allotDuty.allot(tenantCallerOf(ctx), {
          id: req.id,
          kind: req.kind,
          vehicleId: req.vehicleId,
          driverId: req.driverId,
          supplierId: req.supplierId,
          vehicleNo: req.vehicleNo,
          driverName: req.driverName,
          driverPhone: req.driverPhone,
          overrideReason: req.overrideReason,
          allDuties: req.allDuties,
          expectedVersion: req.expectedVersion,
        });
        return { duties: duties.map(bookingDetailToProto) };
      },
      async getBooking(req, ctx) {
        const { booking, duties, activity } = await takeBooking.get(tenantCallerOf(ctx), req.id);
        return {
          booking: bookingDetailToProto(booking),
          duties: duties.map(bookingDetailToProto),
          activity: activity.map(activityToProto),
        };
      },
    });
}
