import type { Caller, Database, Logger } from '@fleet/platform';
import type { FileContentStore } from '../storage/file-store';

export interface MastersDeps {
  db: Database;
  logger: Logger;
  /** The only clock fleet reads ("today" for expiries and contracts); tests fix it. */
  clock: () => Date;
  files: FileContentStore;
}

/** A signed-in member of an operator (what `requireTenant` returns). */
export type TenantCaller = Caller & { tenantId: string; userId: string };
