import type { Client } from '@connectrpc/connect';
import type { Caller, Database, Logger } from '@fleet/platform';
import type { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import type { MasterCopies } from '../read-models/master-copies';

export interface BillingDeps {
  db: Database;
  logger: Logger;
  /** The only clock billing reads (today's invoice date); tests fix it. */
  clock: () => Date;
  /** Copies of the masters invoicing reads (customers, companies, taxes, settings…). */
  copies: MasterCopies;
  /** Bookings, which draws the duty slips an invoice prints; reached at the first slips printed. */
  bookings: () => Client<typeof BookingsService>;
}

/** A signed-in member of an operator (what `tenantCallerOf` returns), or billing acting for one. */
export type TenantCaller = Caller & { tenantId: string; userId: string };
