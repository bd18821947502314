import { type Caller, invalidField, requireIds, requireTenant } from '@fleet/platform';
import { listUserNames } from '../storage/users-store';
import type { IdentityDeps } from './deps';

/** The most names asked for at once: a page of a duty's activity names a handful of people. */
export const MAX_USER_NAMES = 200;

/**
 * Who did something, by name: any signed-in member of an operator may read the names (only) of the
 * operator's people, active or not, so a duty's activity shows a name even after the person has left.
 */
export function createUserNames(deps: IdentityDeps) {
  const { db } = deps;
  return {
    async list(callerInput: Caller, userIds: readonly string[]) {
      const caller = requireTenant(callerInput);
      if (userIds.length > MAX_USER_NAMES) {
        throw invalidField('userIds', `Ask for at most ${MAX_USER_NAMES} people at a time.`);
      }
      const ids = [...new Set(requireIds(userIds, 'userIds'))];
      if (ids.length === 0) return [];
      return db.read(caller.tenantId, (tx) => listUserNames(tx, ids));
    },
  };
}
