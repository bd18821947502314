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
}
