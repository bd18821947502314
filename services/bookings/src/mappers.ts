import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { BookingActivitySchema, BookingSchema } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import type { DriverDutySchema } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import Decimal from 'decimal.js';
import type {
  ActivityRecord,
  BookingDetail,
  BookingRecord,
  DutyBillingItemRecord,
  PriceRecord,
  TripInsuranceRecord,
} from './domain/booking';
import type { SlipPointRecord, StoredCharges } from './storage/booking-record-store';
import type { DriverDutyView } from './use-cases/driver-duties';
import type { DutyNames } from './use-cases/duty-names';

/**
 * A booking as its proto message: vocabulary values as the spec's strings, unset ids as '', and the
 * names shown beside its ids when they were looked up.
 */
export function bookingToProto(booking: BookingRecord, names?: DutyNames) {
  return {
    ...names,
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
    customerName: booking.customerName,
    vehicleNo: booking.vehicleNo,
    driverName: booking.driverName,
    driverPhone: booking.driverPhone,
    supplierName: booking.supplierName,
    labelIds: booking.labelIds,
    slipMedium: booking.slipMedium ?? '',
    version: booking.version,
    passengers: booking.passengers,
  } satisfies MessageInitShape<typeof BookingSchema>;
}

const priceToProto = (price: PriceRecord) => ({
  rateCardId: price.rateCardId ?? '',
  price: price.price ?? '',
  extraKmRate: price.extraKmRate ?? '',
  extraHourRate: price.extraHourRate ?? '',
});

/** A whole booking as its proto message. */
export function bookingDetailToProto(
  booking: BookingDetail,
  names?: DutyNames,
): MessageInitShape<typeof BookingSchema> {
  return {
    ...bookingToProto(booking, names),
    parentId: booking.parentId ?? '',
    companyId: booking.companyId ?? '',
    bookedBy: { ...booking.bookedBy, customField: '' },
    additionalContacts: booking.additionalContacts,
    reportingAddress: booking.reportingAddress,
    dropAddress: booking.dropAddress,
    endsAt: booking.endsAt ? timestampFromDate(new Date(booking.endsAt)) : undefined,
    remark: booking.remark,
    operatorNotes: booking.operatorNotes,
    orderReferenceNumber: booking.orderReferenceNumber,
    attachmentIds: booking.attachmentIds,
    dutySupporterIds: booking.dutySupporterIds,
    customFields: booking.customFields,
    sales: priceToProto(booking.sales),
    purchase: priceToProto(booking.purchase),
    supplierId: booking.supplierId ?? '',
    cancellationReason: booking.cancellationReason,
    unfulfilledReason: booking.unfulfilledReason,
    billingItems: booking.billingItems.map(billingItemToProto),
    tripStartOtp: booking.tripStartOtp,
    tripEndOtp: booking.tripEndOtp,
    tripStartWrongCodes: booking.tripStartWrongCodes,
    tripStartLockedAt: booking.tripStartLockedAt
      ? timestampFromDate(new Date(booking.tripStartLockedAt))
      : undefined,
    earlyStartRequestedAt: booking.earlyStartRequestedAt
      ? timestampFromDate(new Date(booking.earlyStartRequestedAt))
      : undefined,
    earlyStartConsentedAt: booking.earlyStartConsentedAt
      ? timestampFromDate(new Date(booking.earlyStartConsentedAt))
      : undefined,
    earlyStartConsentedByUserId: booking.earlyStartConsentedBy ?? '',
    tripInsurance: booking.tripInsurance ? tripInsuranceToProto(booking.tripInsurance) : undefined,
  };
}

const tripInsuranceToProto = (insurance: TripInsuranceRecord) => ({
  policyNumber: insurance.policyNumber,
  insurer: insurance.insurer,
  premium: new Decimal(insurance.premium).toFixed(2),
  sumInsured: insurance.sumInsured === null ? '' : new Decimal(insurance.sumInsured).toFixed(2),
  note: insurance.note,
  setByUserId: insurance.setBy ?? '',
  setAt: timestampFromDate(new Date(insurance.setAt)),
});

const billingItemToProto = (item: DutyBillingItemRecord) => ({
  id: item.id,
  billingItemId: item.billingItemId,
  name: item.name,
  isTaxable: item.isTaxable,
  sacCode: item.sacCode,
  taxId: item.taxId ?? '',
  amount: new Decimal(item.amount).toFixed(2),
  receiptFileId: item.receiptFileId ?? '',
  note: item.note,
  addedByUserId: item.addedBy ?? '',
  addedAt: timestampFromDate(new Date(item.addedAt)),
});

export function activityToProto(activity: ActivityRecord): MessageInitShape<typeof BookingActivitySchema> {
  return {
    id: activity.id,
    at: timestampFromDate(new Date(activity.at)),
    actor: activity.actor,
    userId: activity.userId ?? '',
    actorUserId: activity.actorUserId ?? '',
    action: activity.action,
    fromStatus: activity.fromStatus ?? '',
    toStatus: activity.toStatus ?? '',
    reason: activity.reason,
  };
}

export const slipPointToProto = (p: SlipPointRecord) => ({
  point: p.point,
  at: timestampFromDate(new Date(p.at)),
  km: p.km,
  location: p.location,
  fileId: p.fileId ?? '',
});

export const chargesToProto = (c: StoredCharges) => ({
  rateCardId: c.rateCardId ?? '',
  rateCardName: c.rateCardName ?? '',
  switchedFromRateCardId: c.switchedFrom?.id ?? '',
  switchedFromRateCardName: c.switchedFrom?.name ?? '',
  note: c.note ?? '',
  km: c.km,
  minutes: c.minutes,
  lines: c.lines,
  total: c.total,
});

/** A duty as its driver sees it: names and phones of the people, never codes, prices or office notes. */
export function driverDutyToProto(view: DriverDutyView): MessageInitShape<typeof DriverDutySchema> {
  const { duty } = view;
  const person = (c: { name: string; phone: string }) => ({ name: c.name, phone: c.phone });
  return {
    id: duty.id,
    bookingNo: BigInt(duty.bookingNo),
    status: duty.status,
    reportingAt: timestampFromDate(new Date(duty.reportingAt)),
    startDate: duty.startDate,
    reportingAddress: duty.reportingAddress ?? '',
    dropAddress: duty.dropAddress ?? '',
    customerName: duty.customerName,
    passengers: duty.passengers.map(person),
    bookedBy: duty.bookedBy ? person(duty.bookedBy) : undefined,
    vehicleNo: duty.vehicleNo,
    dutyTypeName: view.dutyTypeName,
    remark: duty.remark ?? '',
    version: duty.version,
    mayAccept: view.mayAccept,
    mayReject: view.mayReject,
    tripEvents: view.tripEvents,
    startCodeRequired: view.startCodeRequired,
    endCodeRequired: view.endCodeRequired,
    checklist: view.checklist,
    addableItems: view.addableItems,
    billingItems: (duty.billingItems ?? []).map(billingItemToProto),
    slipPoints: view.slipPoints.map(slipPointToProto),
    hasCustomerSignature: view.hasCustomerSignature,
  };
}
