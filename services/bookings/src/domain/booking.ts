import type { BookingStatus, BookingType, ConnectionRequestStatus } from '@fleet/domain';

/** A booking as the tab lists show it. Ids of other services' records are kept without checks. */
export interface BookingRecord {
  id: string;
  /** Sequential per operator; a bigint column, read as decimal text. */
  bookingNo: string;
  type: BookingType;
  status: BookingStatus;
  customerId: string;
  fromCityId: string;
  toCityId: string | null;
  vehicleGroupId: string;
  dutyTypeId: string;
  reportingAt: Date;
  /** YYYY-MM-DD, the operator's calendar date. */
  startDate: string;
  allotedVehicleId: string | null;
  allotedDriverId: string | null;
  isNetworkIncoming: boolean;
  networkRequestStatus: ConnectionRequestStatus | null;
  isBilled: boolean;
  createdAt: Date;
  /** What the board shows beside the ids: names kept when the booking was written or allotted. */
  customerName: string;
  vehicleNo: string;
  driverName: string;
  driverPhone: string;
  supplierName: string;
  labelIds: string[];
  slipMedium: string | null;
  version: number;
  /** In a list, the first passenger only; read by itself, all of them. */
  passengers: BookingContactRecord[];
}

/** A person on a booking. */
export interface BookingContactRecord {
  name: string;
  phone: string;
  email: string;
  customField: string;
}

/** What a booking is sold or bought at. */
export interface PriceRecord {
  rateCardId: string | null;
  /** Decimal text, or null when not set. */
  price: string | null;
  extraKmRate: string | null;
  extraHourRate: string | null;
}

/** The whole booking, as GetBooking reads it. */
export interface BookingDetail extends BookingRecord {
  parentId: string | null;
  companyId: string | null;
  bookedBy: { name: string; phone: string; email: string };
  additionalContacts: BookingContactRecord[];
  reportingAddress: string;
  dropAddress: string;
  endsAt: Date | null;
  remark: string;
  operatorNotes: string;
  orderReferenceNumber: string;
  attachmentIds: string[];
  dutySupporterIds: string[];
  customFields: { customFieldId: string; value: string }[];
  sales: PriceRecord;
  purchase: PriceRecord;
  supplierId: string | null;
  cancellationReason: string;
  unfulfilledReason: string;
  /** What was spent on the duty besides car hire, in the order staff listed them. */
  billingItems: DutyBillingItemRecord[];
  /** The 4-digit codes the passenger gives the driver at the start and the end of the trip. */
  tripStartOtp: string;
  tripEndOtp: string;
  /** Wrong start codes the driver app sent since the last unlock, and when the start was locked. */
  tripStartWrongCodes: number;
  tripStartLockedAt: Date | null;
  /** The driver app's try at starting long before the reporting time, and the office's consent. */
  earlyStartRequestedAt: Date | null;
  earlyStartConsentedAt: Date | null;
  earlyStartConsentedBy: string | null;
  /** The passenger signed the slip on the driver's screen at the end of the duty. */
  hasCustomerSignature: boolean;
  /** The trip insurance the duty carries; null for none. */
  tripInsurance: TripInsuranceRecord | null;
}

/** A duty's trip insurance: money as decimal text with two places, sumInsured null when not given. */
export interface TripInsuranceRecord {
  policyNumber: string;
  insurer: string;
  premium: string;
  sumInsured: string | null;
  note: string;
  setBy: string | null;
  setAt: Date;
}

/**
 * A billing item on a duty (toll, parking, permit…): the master record it is, what that record said when
 * it was put on (name, taxable, SAC code, tax), the amount as decimal text and the receipt's file.
 */
export interface DutyBillingItemRecord {
  id: string;
  billingItemId: string;
  name: string;
  isTaxable: boolean;
  sacCode: string;
  taxId: string | null;
  amount: string;
  receiptFileId: string | null;
  note: string;
  addedBy: string | null;
  addedAt: Date;
}

export interface ActivityRecord {
  id: string;
  at: Date;
  actor: string;
  userId: string | null;
  actorUserId: string | null;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string;
}
