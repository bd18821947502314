// Where each driver's pushes go (migration 0007): the push token of the driver's app account, as
// identity's events last said, unless FCM has since said the token is no longer registered. Written by
// the driver-account consumer (each row only by a newer account state) and by the push worker (a token
// FCM forgot); read under the operator's row-level security.
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import { SCHEMA } from './migrations';

const targets = sql.raw(`${SCHEMA}.driver_push_targets`);

export interface PushTargetState {
  driverId: string;
  /** Empty when the app has given none. */
  pushToken: string;
  isActive: boolean;
  /** When identity recorded this state of the account. */
  updatedAt: Date;
}

/**
 * The account's state, unless the row holds a newer one. A token FCM already said is no longer
 * registered is not taken back from an event that still carries it: the row stays without a token
 * until the app registers a new one.
 */
export async function savePushTarget(tx: Tx, tenantId: string, state: PushTargetState): Promise<void> {
  await tx.execute(sql`
    insert into ${targets} as t (tenant_id, driver_id, push_token, is_active, updated_at)
    values (${tenantId}, ${state.driverId}, ${state.pushToken}, ${state.isActive}, ${state.updatedAt})
    on conflict (tenant_id, driver_id) do update
      set push_token = case when excluded.push_token = t.unregistered_token then '' else excluded.push_token end,
          is_active = excluded.is_active, updated_at = excluded.updated_at
      where t.updated_at <= excluded.updated_at`);
}

export interface PushTarget {
  pushToken: string;
  isActive: boolean;
}

/** Where a driver's pushes go now; undefined when messaging has heard of no app account for the driver. */
export async function pushTargetOf(tx: Tx, driverId: string): Promise<PushTarget | undefined> {
  const [target] = await rows<PushTarget>(
    tx,
    sql`select push_token as "pushToken", is_active as "isActive" from ${targets} where driver_id = ${driverId}::uuid`,
  );
  return target;
}

/** Of these drivers, those whose active app account has a push token: the ones a push can reach. */
export async function reachableDrivers(
  tx: Tx,
  tenantId: string,
  driverIds: readonly string[],
): Promise<Set<string>> {
  if (driverIds.length === 0) return new Set();
  const found = await rows<{ driverId: string }>(
    tx,
    sql`select driver_id::text as "driverId" from ${targets}
        where tenant_id = ${tenantId} and is_active and push_token <> ''
          and driver_id in (select jsonb_array_elements_text(${JSON.stringify(driverIds)}::jsonb)::uuid)`,
  );
  return new Set(found.map((row) => row.driverId));
}

/**
 * Forgets a token FCM said is no longer registered — only if it is still the driver's, so a token the
 * app registered since is kept. Remembered, so an event still carrying it does not bring it back.
 */
export async function forgetPushToken(tx: Tx, driverId: string, token: string): Promise<void> {
  await tx.execute(sql`
    update ${targets} set push_token = '', unregistered_token = ${token}
    where driver_id = ${driverId}::uuid and push_token = ${token}`);
}
