// Drivers' app accounts (spec §3 DriverV2). Identity makes one for every driver master it hears of
// (masters' fleet.masters.driver.* events): a DRIVER user with the master's name and phone, which signs
// in by phone OTP to the driver app only, and acts for that driver alone (its sessions carry the driver
// id). The master stays the authority on who the driver is: a new name or phone moves the account, and a
// deactivated driver's account is deactivated and its sessions ended at once.
import { isUuid, PERMISSION } from '@fleet/domain';
import {
  type Caller,
  invalidField,
  notFound,
  parseOrThrow,
  permissionDenied,
  requireTenant,
  type Tx,
} from '@fleet/platform';
import type { Driver } from '@fleet/proto/fleet/masters/v1/driver_pb';
import { driverDeviceSchema } from '../domain/driver-account';
import { IdentityEvents, identityOutbox } from '../events/published';
import { driverAccountToProto, userToProto } from '../mappers';
import {
  driverAccountOfUser,
  insertDriverUser,
  listDriverAccounts,
  lockDriverAccount,
  saveDriverAccount,
  saveDriverDevice,
  updateDriverUser,
} from '../storage/driver-accounts-store';
import { revokeUserSessions } from '../storage/sessions-store';
import { getUser } from '../storage/users-store';
import type { IdentityDeps } from './deps';
import { requirePermission } from './sessions';

const MAX_LISTED = 500;

/** Tells everyone who keeps a copy (messaging's push targets, gateways' session caches) what changed. */
async function published(tx: Tx, tenantId: string, driverId: string, caller: Caller) {
  const account = await lockDriverAccount(tx, driverId);
  if (!account) return undefined;
  await identityOutbox.enqueue(
    tx,
    IdentityEvents.driverAccountChanged,
    { account: driverAccountToProto(account) },
    { ...caller, tenantId },
  );
  return account;
}

export function createDriverAccounts(deps: IdentityDeps) {
  const { db } = deps;

  return {
    /**
     * Brings a driver's account to what the master says (an event's handler, in its transaction). An
     * older record than the one already applied changes nothing.
     */
    async applyDriver(tx: Tx, tenantId: string, driver: Driver, updatedAt: Date, caller: Caller) {
      const existing = await lockDriverAccount(tx, driver.id);
      if (existing && new Date(existing.driverUpdatedAt) >= updatedAt) return;
      const name = driver.name.trim() || 'Driver';
      const phone = driver.phone.trim();
      const isActive = driver.isActive && phone !== '';
      let userId = existing?.userId ?? null;
      let phoneTaken = false;
      if (userId) {
        const user = await getUser(tx, userId);
        const moved = user?.phone !== phone;
        if (!phone) {
          await updateDriverUser(tx, userId, { name, phone: user?.phone ?? '', isActive: false });
        } else if (!(await updateDriverUser(tx, userId, { name, phone, isActive }))) {
          // The new phone is another account's: the driver keeps no way in until the master changes again.
          phoneTaken = true;
          await updateDriverUser(tx, userId, { name, phone: user?.phone ?? phone, isActive: false });
        }
        if (!isActive || moved || phoneTaken) await revokeUserSessions(tx, userId);
        const after = await getUser(tx, userId);
        if (after)
          await identityOutbox.enqueue(tx, IdentityEvents.userUpdated, { user: userToProto(after) }, caller);
      } else if (isActive) {
        userId = (await insertDriverUser(tx, tenantId, { name, phone })) ?? null;
        phoneTaken = userId === null;
        const made = userId ? await getUser(tx, userId) : undefined;
        if (made)
          await identityOutbox.enqueue(tx, IdentityEvents.userCreated, { user: userToProto(made) }, caller);
      }
      await saveDriverAccount(tx, {
        tenantId,
        driverId: driver.id,
        userId,
        name,
        phone,
        isActive: isActive && !phoneTaken,
        phoneTaken,
        driverUpdatedAt: updatedAt,
      });
      await published(tx, tenantId, driver.id, caller);
    },

    /** The signed-in driver's app reports its device and push token. */
    async registerDevice(callerInput: Caller, input: unknown) {
      const caller = requireTenant(callerInput);
      if (caller.role !== 'DRIVER') throw permissionDenied('Only a driver’s app registers a device.');
      const device = parseOrThrow(driverDeviceSchema, input);
      return db.withTenant(caller.tenantId, async (tx) => {
        const saved = await saveDriverDevice(tx, caller.userId, device);
        if (!saved) throw permissionDenied('This account is not a driver’s.');
        return (await published(tx, caller.tenantId, saved.driverId, caller))!;
      });
    },

    /** The operator's drivers' app accounts (view_driver_user): the device, app version and last seen. */
    async list(callerInput: Caller, driverIds: readonly string[]) {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.view_driver_user);
      if (driverIds.length > MAX_LISTED) {
        throw invalidField('driverIds', `Ask for at most ${MAX_LISTED} drivers at a time.`);
      }
      driverIds.forEach((id, i) => {
        if (!isUuid(id)) throw invalidField(`driverIds.${i}`, 'Not a driver id.');
      });
      return db.read(caller.tenantId, (tx) => listDriverAccounts(tx, driverIds, MAX_LISTED));
    },

    /**
     * Signs a driver's app out (manage_driver_user), say of a lost or handed-on phone: every session of
     * the account ends, and gateways forget what they kept of them; the driver may sign in again.
     */
    async signOut(callerInput: Caller, driverId: string) {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.manage_driver_user);
      if (!isUuid(driverId)) throw invalidField('driverId', 'Not a driver id.');
      await db.withTenant(caller.tenantId, async (tx) => {
        const account = await lockDriverAccount(tx, driverId);
        if (!account) throw notFound('The driver');
        if (!account.userId) return;
        await revokeUserSessions(tx, account.userId);
        await identityOutbox.enqueue(
          tx,
          IdentityEvents.sessionRevoked,
          { sessionIds: [], userId: account.userId },
          { ...caller, tenantId: caller.tenantId },
        );
      });
    },

    /** The driver a DRIVER user acts for; undefined for anyone else. */
    driverOf: (tx: Tx, userId: string) => driverAccountOfUser(tx, userId),
  };
}

export type DriverAccounts = ReturnType<typeof createDriverAccounts>;
