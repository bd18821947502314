import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ServiceImpl } from '@connectrpc/connect';
import { driverCallerOf, tenantCallerOf } from '@fleet/platform';
import type { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import type { LocationTracking, RoutePoint } from '../use-cases/location-tracking';

type LocationMethods = Pick<
  ServiceImpl<typeof BookingsService>,
  'recordLocation' | 'listLivePositions' | 'getDutyRoute'
>;

const routePointToProto = (point: RoutePoint) => ({ ...point, at: timestampFromDate(point.at) });

/** Location tracking's gRPC methods (merged into bookingsRoutes): proto in, use case, proto out. */
export function locationMethods(tracking: LocationTracking): LocationMethods {
  return {
    async recordLocation(req, ctx) {
      const newPoints = await tracking.record(driverCallerOf(ctx), {
        points: req.points.map((p) => ({
          bookingId: p.bookingId,
          at: p.at && timestampDate(p.at),
          latitude: p.latitude,
          longitude: p.longitude,
          accuracyM: p.accuracyM,
          speedKmh: p.speedKmh,
          headingDeg: p.headingDeg,
        })),
      });
      return { newPoints };
    },
    async listLivePositions(req, ctx) {
      const positions = await tracking.livePositions(tenantCallerOf(ctx), {
        branchIds: req.branches?.branchIds,
        seenWithinHours: req.seenWithinHours,
      });
      return {
        positions: positions.map((p) => ({
          ...p,
          bookingNo: BigInt(p.bookingNo || 0),
          at: timestampFromDate(p.at),
        })),
      };
    },
    async getDutyRoute(req, ctx) {
      const route = await tracking.dutyRoute(tenantCallerOf(ctx), req.bookingId, req.branches?.branchIds);
      return {
        bookingId: route.bookingId,
        bookingNo: BigInt(route.bookingNo),
        points: route.points.map(routePointToProto),
        storedPoints: BigInt(route.storedPoints),
        distanceKm: route.distanceKm,
      };
    },
  };
}
