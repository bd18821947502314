import { getPermission } from '@fleet/domain';
import { permissionDenied } from '@fleet/platform';
import { type CountedTab, TAB_COUNT_PERMISSION } from '../domain/tabs';
import { countTab } from '../storage/tab-sql';
import type { BookingsDeps, TenantCaller } from './deps';

/** The counts behind the incoming and needs-attention tabs, for the caller's operator only. */
export function createTabCounts(deps: BookingsDeps) {
  const { db } = deps;

  async function count(caller: TenantCaller, tab: CountedTab): Promise<number> {
    if (!caller.permissions.includes(TAB_COUNT_PERMISSION)) {
      throw permissionDenied(
        `You need the “${getPermission(TAB_COUNT_PERMISSION)?.name}” permission to see this count.`,
      );
    }
    return db.read(caller.tenantId, (tx) => countTab(tx, tab));
  }

  return {
    incomingRequests: (caller: TenantCaller) => count(caller, 'incoming'),
    needsAttention: (caller: TenantCaller) => count(caller, 'needs-attention'),
  };
}
