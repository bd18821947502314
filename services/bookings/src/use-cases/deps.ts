import type { Client } from '@connectrpc/connect';
import type { Caller, Database, Logger } from '@fleet/platform';
import type { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import type { MasterCopies } from '../read-models/master-copies';

export interface BookingsDeps {
  db: Database;
  logger: Logger;
  /** The only clock bookings reads (the upcoming tab's "today"); tests fix it. */
  clock: () => Date;
  /** Copies of the masters bookings reads (customers, duty types, vehicles…). */
  copies: MasterCopies;
  /** Masters itself, for what no copy holds (the rate card in force). */
  masters: Client<typeof MastersService>;
}

/** A signed-in member of an operator (what `tenantCallerOf` returns). */
export type TenantCaller = Caller & { tenantId: string; userId: string };
