import type { BookingStatus, TripEvent } from '@fleet/domain';
import type { DriverDuty } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { billingItemToJson, slipPointToJson } from '../booking/mappers';
import { dateOrNull, textOrNull } from '../shared-mappers';

/** A duty as the driver app shows it: where and when, who to pick up, and what may be done now. */
export function driverDutyToJson(duty: DriverDuty) {
  return {
    id: duty.id,
    bookingNo: Number(duty.bookingNo),
    status: duty.status as BookingStatus,
    reportingAt: dateOrNull(duty.reportingAt),
    startDate: duty.startDate,
    reportingAddress: duty.reportingAddress,
    dropAddress: duty.dropAddress,
    customerName: duty.customerName,
    passengers: duty.passengers.map((p) => ({ name: p.name, phone: p.phone })),
    bookedBy: duty.bookedBy ? { name: duty.bookedBy.name, phone: duty.bookedBy.phone } : null,
    vehicleNo: textOrNull(duty.vehicleNo),
    dutyTypeName: duty.dutyTypeName,
    remark: duty.remark,
    version: duty.version,
    mayAccept: duty.mayAccept,
    mayReject: duty.mayReject,
    tripEvents: duty.tripEvents as TripEvent[],
    startCodeRequired: duty.startCodeRequired,
    endCodeRequired: duty.endCodeRequired,
    checklist: duty.checklist.map((c) => ({
      billingItemId: c.billingItemId,
      name: c.name,
      filled: c.filled,
    })),
    addableItems: duty.addableItems.map((c) => ({ billingItemId: c.billingItemId, name: c.name })),
    billingItems: duty.billingItems.map(billingItemToJson),
    slipPoints: duty.slipPoints.map(slipPointToJson),
    hasCustomerSignature: duty.hasCustomerSignature,
  };
}
export type DriverDutyJson = ReturnType<typeof driverDutyToJson>;
