import { randomUUID } from 'node:crypto';
import { pgErrorCode, rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import type { DriverAccountRecord, DriverDevice } from '../domain/driver-account';

const COLUMNS = sql.raw(`
  a.tenant_id as "tenantId", a.driver_id as "driverId", a.user_id as "userId", a.name, a.phone,
  a.is_active as "isActive", a.phone_taken as "phoneTaken", a.verification_status as "verificationStatus",
  a.registered_at as "registeredAt", a.push_token as "pushToken", a.app_version as "appVersion",
  a.device_model as "deviceModel", a.device_os as "deviceOs", a.last_seen_at as "lastSeenAt",
  a.driver_updated_at as "driverUpdatedAt"`);

/** The account made for a driver master, locked for the change about to be made to it. */
export async function lockDriverAccount(tx: Tx, driverId: string): Promise<DriverAccountRecord | undefined> {
  const [account] = await rows<DriverAccountRecord>(
    tx,
    sql`select ${COLUMNS} from identity.driver_accounts a where a.driver_id = ${driverId} for update`,
  );
  return account;
}

export async function driverAccountOfUser(tx: Tx, userId: string): Promise<DriverAccountRecord | undefined> {
  const [account] = await rows<DriverAccountRecord>(
    tx,
    sql`select ${COLUMNS} from identity.driver_accounts a where a.user_id = ${userId}`,
  );
  return account;
}

/** The operator's driver accounts: those of `driverIds`, or all of them by name (at most `limit`). */
export function listDriverAccounts(
  tx: Tx,
  driverIds: readonly string[],
  limit: number,
): Promise<DriverAccountRecord[]> {
  const only = driverIds.length
    ? sql`where a.driver_id in (select jsonb_array_elements_text(${JSON.stringify(driverIds)}::jsonb)::uuid)`
    : sql``;
  return rows(
    tx,
    sql`select ${COLUMNS} from identity.driver_accounts a ${only} order by lower(a.name), a.driver_id limit ${limit}`,
  );
}

/** Writes what the driver master now says; the device and registration stay as they were. */
export async function saveDriverAccount(
  tx: Tx,
  account: Pick<
    DriverAccountRecord,
    'tenantId' | 'driverId' | 'userId' | 'name' | 'phone' | 'isActive' | 'phoneTaken' | 'driverUpdatedAt'
  >,
): Promise<void> {
  await tx.execute(sql`
    insert into identity.driver_accounts
      (tenant_id, driver_id, user_id, name, phone, is_active, phone_taken, driver_updated_at)
    values (${account.tenantId}, ${account.driverId}, ${account.userId}, ${account.name}, ${account.phone},
      ${account.isActive}, ${account.phoneTaken}, ${account.driverUpdatedAt})
    on conflict (tenant_id, driver_id) do update set
      user_id = excluded.user_id, name = excluded.name, phone = excluded.phone, is_active = excluded.is_active,
      phone_taken = excluded.phone_taken, driver_updated_at = excluded.driver_updated_at`);
}

/** The first sign-in registers the account; later ones only say when the driver was last seen. */
export async function markDriverSignedIn(tx: Tx, userId: string): Promise<DriverAccountRecord | undefined> {
  const [account] = await rows<DriverAccountRecord>(
    tx,
    sql`update identity.driver_accounts a set verification_status = 'REGISTERED',
          registered_at = coalesce(a.registered_at, now()), last_seen_at = now()
        where a.user_id = ${userId} returning ${COLUMNS}`,
  );
  return account;
}

export async function saveDriverDevice(
  tx: Tx,
  userId: string,
  device: DriverDevice,
): Promise<DriverAccountRecord | undefined> {
  const [account] = await rows<DriverAccountRecord>(
    tx,
    sql`update identity.driver_accounts a set push_token = ${device.pushToken || null},
          app_version = ${device.appVersion}, device_model = ${device.deviceModel}, device_os = ${device.deviceOs},
          last_seen_at = now()
        where a.user_id = ${userId} returning ${COLUMNS}`,
  );
  return account;
}

/**
 * Makes the DRIVER user a driver master signs in as, unless its phone already signs in to another
 * account anywhere on the platform (the phone index is unique across operators, which row-level security
 * would hide, so the insert itself is asked): undefined then.
 */
export async function insertDriverUser(
  tx: Tx,
  tenantId: string,
  fields: { name: string; phone: string },
): Promise<string | undefined> {
  const [made] = await rows<{ id: string }>(
    tx,
    sql`insert into identity.users (id, tenant_id, role, name, phone)
        values (${randomUUID()}, ${tenantId}, 'DRIVER', ${fields.name}, ${fields.phone})
        on conflict (phone) do nothing returning id`,
  );
  return made?.id;
}

/**
 * Moves the driver's user to the master's name, phone and active flag; false (and nothing changed) when
 * the new phone already signs in to another account.
 */
export async function updateDriverUser(
  tx: Tx,
  userId: string,
  fields: { name: string; phone: string; isActive: boolean },
): Promise<boolean> {
  await tx.execute(sql`savepoint driver_user_phone`);
  try {
    await tx.execute(sql`
      update identity.users set name = ${fields.name}, phone = ${fields.phone}, is_active = ${fields.isActive},
        updated_at = now()
      where id = ${userId}`);
    await tx.execute(sql`release savepoint driver_user_phone`);
    return true;
  } catch (error) {
    await tx.execute(sql`rollback to savepoint driver_user_phone`);
    if (pgErrorCode(error) === '23505') return false;
    throw error;
  }
}
