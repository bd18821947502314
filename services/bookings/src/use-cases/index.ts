import type { BookingsDeps } from './deps';
import { createTabCounts } from './tab-counts';

export function createBookingsUseCases(deps: BookingsDeps) {
  return {
    tabCounts: createTabCounts(deps),
  };
}

export type BookingsUseCases = ReturnType<typeof createBookingsUseCases>;
export type { BookingsDeps, TenantCaller } from './deps';
