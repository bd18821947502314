import type { Caller, Database, Logger } from '@fleet/platform';

export interface BookingsDeps {
  db: Database;
  logger: Logger;
  /** The only clock bookings reads (the upcoming tab's "today"); tests fix it. */
  clock: () => Date;
}

/** A signed-in member of an operator (what `tenantCallerOf` returns). */
export type TenantCaller = Caller & { tenantId: string; userId: string };
