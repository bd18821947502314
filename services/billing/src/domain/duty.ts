import type { JsonValue } from '@bufbuild/protobuf';

/** A closed duty as billing keeps it (billing.duties). */
export interface DutyRecord {
  bookingId: string;
  bookingNo: string;
  status: string;
  customerId: string;
  customerName: string;
  companyId: string | null;
  fromCityId: string;
  vehicleGroupId: string | null;
  dutyTypeId: string | null;
  startDate: string;
  vehicleNo: string;
  driverName: string;
  passengerNames: string;
  /** bookings' DutyCharges as protobuf JSON; null until priced. */
  charges: JsonValue | null;
  carHire: string | null;
  rateCardName: string;
  /** bookings' DutyBillingItem list as protobuf JSON. */
  billingItems: JsonValue[];
  billingItemsTotal: string;
  /** bookings' TripInsurance as protobuf JSON; null when the duty carries none. */
  tripInsurance: JsonValue | null;
  slipApproved: boolean;
  /** PostgreSQL's text of the instant. */
  closedAt: string | null;
  invoiceId: string | null;
  invoiceNo: string | null;
}
