import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { BookingStatus } from '@fleet/domain';
import type { LivePosition, RoutePoint } from '@fleet/proto/fleet/bookings/v1/location_pb';
import { required, textOrNull } from '../shared-mappers';

const measure = (value: number | undefined) => value ?? null;

/** A driver on the live map. */
export const livePositionToJson = (p: LivePosition) => ({
  driverId: p.driverId,
  driverName: p.driverName,
  driverPhone: textOrNull(p.driverPhone),
  branchId: textOrNull(p.branchId),
  vehicleNo: textOrNull(p.vehicleNo),
  bookingId: p.bookingId,
  bookingNo: Number(p.bookingNo),
  bookingStatus: p.bookingStatus as BookingStatus,
  at: timestampDate(required(p.at, 'the position’s time')),
  latitude: p.latitude,
  longitude: p.longitude,
  accuracyM: measure(p.accuracyM),
  speedKmh: measure(p.speedKmh),
  headingDeg: measure(p.headingDeg),
});

export type LivePositionJson = ReturnType<typeof livePositionToJson>;

/** A point of a duty's route. */
export const routePointToJson = (p: RoutePoint) => ({
  at: timestampDate(required(p.at, 'the point’s time')),
  latitude: p.latitude,
  longitude: p.longitude,
  accuracyM: measure(p.accuracyM),
  speedKmh: measure(p.speedKmh),
  headingDeg: measure(p.headingDeg),
});
