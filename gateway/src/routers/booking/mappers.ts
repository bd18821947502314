import {
  type BookingStatus,
  type BookingType,
  type ConnectionRequestStatus,
  LABEL_COLOURS,
} from '@fleet/domain';
import type {
  Booking,
  BookingActivity,
  Contact,
  DutyBillingItem,
  Price,
  TripInsurance,
} from '@fleet/proto/fleet/bookings/v1/booking_pb';
import type { DutyCharges, SlipPoint } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import type { StoredFile } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import Decimal from 'decimal.js';
import { dateOrNull, decimalOrNull, textOrNull } from '../shared-mappers';

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
    customerName: booking.customerName,
    /** In a list, the first passenger; a booking read by itself has all of them. */
    passengers: booking.passengers.map(contactToJson),
    vehicleNo: textOrNull(booking.vehicleNo),
    driverName: textOrNull(booking.driverName),
    driverPhone: textOrNull(booking.driverPhone),
    supplierName: textOrNull(booking.supplierName),
    labelIds: booking.labelIds,
    /** The names shown beside the ids, from bookings' own copies; null when unknown. */
    fromCityName: textOrNull(booking.fromCityName),
    toCityName: textOrNull(booking.toCityName),
    dutyTypeName: textOrNull(booking.dutyTypeName),
    vehicleGroupName: textOrNull(booking.vehicleGroupName),
    labels: booking.labels.flatMap((label) => {
      const colour = LABEL_COLOURS.find((c) => c === label.colour);
      return colour ? [{ id: label.id, name: label.name, colour }] : [];
    }),
    /** How the duty slip arrived (EMAIL, HARD_COPY, DIGITAL_DUTY_SLIP, NETWORK); null until it has. */
    slipMedium: textOrNull(booking.slipMedium),
    version: booking.version,
  };
}
export type BookingJson = ReturnType<typeof bookingToJson>;

const contactToJson = (c: Contact) => ({
  name: c.name,
  phone: c.phone,
  email: c.email,
  customField: c.customField,
});

const priceToJson = (p: Price | undefined) => ({
  rateCardId: textOrNull(p?.rateCardId ?? ''),
  price: decimalOrNull(p?.price ?? ''),
  extraKmRate: decimalOrNull(p?.extraKmRate ?? ''),
  extraHourRate: decimalOrNull(p?.extraHourRate ?? ''),
});

/** A whole booking, as its page and its form show it. */
export function bookingDetailToJson(booking: Booking) {
  return {
    ...bookingToJson(booking),
    parentId: textOrNull(booking.parentId),
    companyId: textOrNull(booking.companyId),
    bookedBy: {
      name: booking.bookedBy?.name ?? '',
      phone: booking.bookedBy?.phone ?? '',
      email: booking.bookedBy?.email ?? '',
    },
    additionalContacts: booking.additionalContacts.map(contactToJson),
    reportingAddress: booking.reportingAddress,
    dropAddress: booking.dropAddress,
    endsAt: dateOrNull(booking.endsAt),
    remark: booking.remark,
    operatorNotes: booking.operatorNotes,
    orderReferenceNumber: booking.orderReferenceNumber,
    attachmentIds: booking.attachmentIds,
    dutySupporterIds: booking.dutySupporterIds,
    customFields: booking.customFields.map((f) => ({ customFieldId: f.customFieldId, value: f.value })),
    sales: priceToJson(booking.sales),
    purchase: priceToJson(booking.purchase),
    supplierId: textOrNull(booking.supplierId),
    cancellationReason: textOrNull(booking.cancellationReason),
    unfulfilledReason: textOrNull(booking.unfulfilledReason),
    /** What was spent on the duty besides car hire; each becomes its own invoice line. */
    billingItems: booking.billingItems.map(billingItemToJson),
    /** The codes the passenger gives the driver at the start and end of the trip (staff read them out on a call). */
    tripStartOtp: textOrNull(booking.tripStartOtp),
    tripEndOtp: textOrNull(booking.tripEndOtp),
    /** Wrong start codes from the driver app since the last unlock; locked, the start waits for the office. */
    tripStartWrongCodes: booking.tripStartWrongCodes,
    tripStartLockedAt: dateOrNull(booking.tripStartLockedAt),
    /** The driver app's try at starting long before the reporting time, and the office's consent. */
    earlyStartRequestedAt: dateOrNull(booking.earlyStartRequestedAt),
    earlyStartConsentedAt: dateOrNull(booking.earlyStartConsentedAt),
    /** The trip insurance the duty carries (its premium billed on the duty's invoice); null for none. */
    tripInsurance: booking.tripInsurance ? tripInsuranceToJson(booking.tripInsurance) : null,
  };
}

/** A duty's trip insurance: money as exact decimals, the sum insured null when not given. */
export const tripInsuranceToJson = (insurance: TripInsurance) => ({
  policyNumber: insurance.policyNumber,
  insurer: insurance.insurer,
  premium: new Decimal(insurance.premium || 0),
  sumInsured: decimalOrNull(insurance.sumInsured),
  note: insurance.note,
  setAt: dateOrNull(insurance.setAt),
});

/** A billing item on a duty: what its master record said when it was put on, the amount and the receipt. */
export const billingItemToJson = (item: DutyBillingItem) => ({
  id: item.id,
  billingItemId: item.billingItemId,
  name: item.name,
  isTaxable: item.isTaxable,
  sacCode: item.sacCode,
  taxId: textOrNull(item.taxId),
  amount: new Decimal(item.amount),
  /** A photo or PDF of the receipt, opened at /api/files/:id. */
  receiptFileId: textOrNull(item.receiptFileId),
  note: item.note,
  addedAt: dateOrNull(item.addedAt),
});
export type BookingDetailJson = ReturnType<typeof bookingDetailToJson>;

/** An activity entry with the names of who acted and, when masquerading, who really did (`names` by user id). */
export const activityToJson = (a: BookingActivity, names: ReadonlyMap<string, string>) => ({
  id: a.id,
  at: dateOrNull(a.at),
  actor: a.actor,
  userId: textOrNull(a.userId),
  userName: names.get(a.userId) ?? null,
  actorUserId: textOrNull(a.actorUserId),
  actorName: names.get(a.actorUserId) ?? null,
  action: a.action,
  fromStatus: textOrNull(a.fromStatus) as BookingStatus | null,
  toStatus: textOrNull(a.toStatus) as BookingStatus | null,
  reason: a.reason,
});

export const slipPointToJson = (p: SlipPoint) => ({
  point: p.point as 'GARAGE_START' | 'ARRIVAL' | 'DUTY_START' | 'DUTY_END' | 'GARAGE_END',
  at: dateOrNull(p.at),
  km: new Decimal(p.km),
  location: p.location,
  fileId: textOrNull(p.fileId),
});

/** A file a booking holds, as its page lists it (opened at /api/files/:id). */
export const attachmentToJson = (file: StoredFile) => ({
  id: file.id,
  fileName: file.fileName,
  contentType: file.contentType,
  sizeBytes: Number(file.sizeBytes),
});

/** A closed duty's charges: quantities, rates and amounts as Decimal. */
export const chargesToJson = (c: DutyCharges) => ({
  rateCardId: textOrNull(c.rateCardId),
  rateCardName: c.rateCardName,
  /** The card the duty was booked on, when a slab switch charged it on another. */
  switchedFrom: c.switchedFromRateCardId
    ? { rateCardId: c.switchedFromRateCardId, name: c.switchedFromRateCardName }
    : null,
  note: c.note,
  km: new Decimal(c.km),
  minutes: c.minutes,
  lines: c.lines.map((l) => ({
    code: l.code,
    label: l.label,
    quantity: new Decimal(l.quantity),
    unit: l.unit,
    rate: new Decimal(l.rate),
    amount: new Decimal(l.amount),
  })),
  total: new Decimal(c.total),
});
