import { createBookingLists } from './booking-lists';
import type { BookingsDeps } from './deps';
import { createTabCounts } from './tab-counts';

export function createBookingsUseCases(deps: BookingsDeps) {
  return {
    tabCounts: createTabCounts(deps),
    bookingLists: createBookingLists(deps),
  };
}

export type BookingsUseCases = ReturnType<typeof createBookingsUseCases>;
export type { BookingListInput } from './booking-lists';
export type { BookingsDeps, TenantCaller } from './deps';
