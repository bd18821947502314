import type { BookingStatus, BookingType, ConnectionRequestStatus } from '@fleet/domain';
import type { Booking } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import { dateOrNull, textOrNull } from '../shared-mappers';

/** A booking as the Duties lists show it; the service sends the spec's vocabulary as strings. */
export function bookingToJson(booking: Booking) {
  return {
    id: booking.id,
    bookingNo: Number(booking.bookingNo),
    type: booking.type as BookingType,
    status: booking.status as BookingStatus,
    customerId: booking.customerId,
    fromCityId: booking.fromCityId,
    toCityId: textOrNull(booking.toCityId),
    vehicleGroupId: booking.vehicleGroupId,
    dutyTypeId: booking.dutyTypeId,
    reportingAt: dateOrNull(booking.reportingAt),
    /** YYYY-MM-DD in the operator's time zone. */
    startDate: booking.startDate,
    allotedVehicleId: textOrNull(booking.allotedVehicleId),
    allotedDriverId: textOrNull(booking.allotedDriverId),
    isNetworkIncoming: booking.isNetworkIncoming,
    networkRequestStatus: textOrNull(booking.networkRequestStatus) as ConnectionRequestStatus | null,
    isBilled: booking.isBilled,
    createdAt: dateOrNull(booking.createdAt),
  };
}
export type BookingJson = ReturnType<typeof bookingToJson>;
