import { type Caller, requireTenant, unauthenticated } from '@fleet/platform';
import { validateUserFields } from '../domain/user-fields';
import { IdentityEvents, identityOutbox } from '../events/published';
import { userToProto } from '../mappers';
import { getTenant, getUser, updateUser } from '../storage/users-store';
import type { IdentityDeps } from './deps';
import { driverDetailsFromMaster, ownPhoneNeedsCode } from './phone-change';
import { permissionsOfSession } from './sessions';

/** The signed-in person's own account. */
export function createMe(deps: IdentityDeps) {
  const { db } = deps;
  return {
    async get(callerInput: Caller) {
      const caller = requireTenant(callerInput);
      return db.read(caller.tenantId, async (tx) => {
        const user = await getUser(tx, caller.userId);
        const tenant = await getTenant(tx, caller.tenantId);
        if (!user || !tenant) throw unauthenticated();
        const actor =
          caller.isMasquerade && caller.actorUserId ? await getUser(tx, caller.actorUserId) : undefined;
        if (caller.isMasquerade && !actor) throw unauthenticated();
        return {
          user,
          tenant,
          permissions: await permissionsOfSession(tx, user, actor ?? user),
          isMasquerade: caller.isMasquerade,
          actor,
        };
      });
    },

    /**
     * Anyone edits their own name and email; the operator-level settings on the account (access level,
     * tax numbers, trip OTP and messaging flags) change only for the operator's owner. The sign-in phone
     * is not changed here: a different one is refused, as it changes only with a code (phone-change.ts).
     */
    async update(callerInput: Caller, input: unknown) {
      const caller = requireTenant(callerInput);
      if (caller.role === 'DRIVER') throw driverDetailsFromMaster();
      const submitted = validateUserFields(input);
      return db.withTenant(caller.tenantId, async (tx) => {
        const current = await getUser(tx, caller.userId);
        if (!current) throw unauthenticated();
        if (submitted.phone !== current.phone) throw ownPhoneNeedsCode();
        const fields = current.isOwner
          ? { ...submitted, accessLevel: current.accessLevel }
          : { ...current, name: submitted.name, email: submitted.email };
        const user = await updateUser(tx, caller.userId, fields);
        await identityOutbox.enqueue(tx, IdentityEvents.userUpdated, { user: userToProto(user) }, caller);
        return user;
      });
    },
  };
}
