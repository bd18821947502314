import { createActOnBooking } from './act-on-booking';
import { createAllotDuty } from './allot-duty';
import { createBookingLists } from './booking-lists';
import { createDeleteBooking } from './delete-booking';
import type { BookingsDeps } from './deps';
import { createDriverDuties } from './driver-duties';
import { createEarlyStartConsent } from './driver-start';
import { createDutyBillingItems } from './duty-billing-items';
import { createDutyLabelsAndSupporters } from './duty-labels-and-supporters';
import { createDutyNames } from './duty-names';
import { createDutySlip } from './duty-slip';
import { createLocationTracking } from './location-tracking';
import { createPassengerPages } from './passenger-pages';
import { createPrintDutySlip } from './print-duty-slip';
import { createSlipReview } from './slip-review';
import { createTabCounts } from './tab-counts';
import { createTakeBooking } from './take-booking';
import { createTripInsurance } from './trip-insurance';
import { createTripStartUnlock } from './trip-start-code';

export function createBookingsUseCases(deps: BookingsDeps) {
  return {
    tabCounts: createTabCounts(deps),
    bookingLists: createBookingLists(deps),
    dutyNames: createDutyNames(deps),
    takeBooking: createTakeBooking(deps),
    actOnBooking: createActOnBooking(deps),
    deleteBooking: createDeleteBooking(deps),
    allotDuty: createAllotDuty(deps),
    dutySlip: createDutySlip(deps),
    slipReview: createSlipReview(deps),
    printDutySlip: createPrintDutySlip(deps),
    labelsAndSupporters: createDutyLabelsAndSupporters(deps),
    billingItems: createDutyBillingItems(deps),
    tripInsurance: createTripInsurance(deps),
    driverDuties: createDriverDuties(deps),
    tripStartUnlock: createTripStartUnlock(deps),
    earlyStartConsent: createEarlyStartConsent(deps),
    locationTracking: createLocationTracking(deps),
    passengerPages: createPassengerPages(deps),
  };
}

export type BookingsUseCases = ReturnType<typeof createBookingsUseCases>;
export type { BookingListInput } from './booking-lists';
export type { BookingsDeps, TenantCaller } from './deps';
export type { DutyRoute, LivePosition, LocationPointInput, RoutePoint } from './location-tracking';
