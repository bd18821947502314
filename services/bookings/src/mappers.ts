import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { BookingSchema } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import type { BookingRecord } from './domain/booking';

/** A booking as its proto message: vocabulary values as the spec's strings, unset ids as ''. */
export function bookingToProto(booking: BookingRecord): MessageInitShape<typeof BookingSchema> {
  return {
    id: booking.id,
    bookingNo: BigInt(booking.bookingNo),
    type: booking.type,
    status: booking.status,
    customerId: booking.customerId,
    fromCityId: booking.fromCityId,
    toCityId: booking.toCityId ?? '',
    vehicleGroupId: booking.vehicleGroupId,
    dutyTypeId: booking.dutyTypeId,
    reportingAt: timestampFromDate(new Date(booking.reportingAt)),
    startDate: booking.startDate,
    allotedVehicleId: booking.allotedVehicleId ?? '',
    allotedDriverId: booking.allotedDriverId ?? '',
    isNetworkIncoming: booking.isNetworkIncoming,
    networkRequestStatus: booking.networkRequestStatus ?? '',
    isBilled: booking.isBilled,
    createdAt: timestampFromDate(new Date(booking.createdAt)),
  };
}
