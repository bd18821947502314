import { closePermissions, PERMISSION } from '@fleet/domain';
import {
  type Caller,
  notFound,
  pageSize,
  permissionDenied,
  preconditionFailed,
  requireId,
  requireTenant,
  type SortDirection,
  sortKey,
  toPage,
} from '@fleet/platform';
import type { ProfileRecord } from '../domain/records';
import { validateProfileFields } from '../domain/user-fields';
import { IdentityEvents, identityOutbox } from '../events/published';
import { profileToProto } from '../mappers';
import {
  getProfile,
  insertProfile,
  listProfiles,
  setProfileActive,
  updateProfile,
} from '../storage/profiles-store';
import { withUniqueFields } from './conflicts';
import type { IdentityDeps } from './deps';
import { assertOutranksHoldersOf } from './rank';
import { requirePermission } from './sessions';

const SORTS = ['name', 'created_at'] as const;

/** Permission profiles: named sets of permissions, always saved closed under their dependencies. */
export function createProfiles(deps: IdentityDeps) {
  const { db } = deps;

  function closedWithin(caller: Caller, permissions: string[]): string[] {
    const closed = closePermissions(permissions);
    const held = new Set(caller.permissions);
    const beyond = closed.filter((p) => !held.has(p));
    if (beyond.length > 0) {
      throw permissionDenied(
        `You can only put permissions you hold yourself into a profile. You do not hold: ${beyond.slice(0, 5).join(', ')}.`,
      );
    }
    return closed;
  }

  return {
    async list(
      callerInput: Caller,
      input: {
        search?: string;
        active?: 'active' | 'inactive' | 'all';
        sortBy?: string;
        direction?: SortDirection;
        cursor?: string;
        limit?: number;
      },
    ) {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.manage_employee);
      const sortBy = sortKey(input.sortBy, SORTS, 'name', 'Profiles');
      const limit = pageSize(input.limit);
      const fetched = await db.read(caller.tenantId, (tx) =>
        listProfiles(tx, {
          search: input.search,
          active: input.active ?? 'active',
          sortBy,
          direction: input.direction ?? 'asc',
          cursor: input.cursor,
          limit,
        }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.id]);
    },

    async get(callerInput: Caller, id: string): Promise<ProfileRecord> {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.manage_employee);
      requireId(id, 'id');
      const profile = await db.read(caller.tenantId, (tx) => getProfile(tx, id));
      if (!profile) throw notFound('The permission profile');
      return profile;
    },

    async create(callerInput: Caller, input: { name: string; description: string; permissions: string[] }) {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.manage_employee);
      const fields = validateProfileFields(input);
      fields.permissions = closedWithin(caller, fields.permissions);
      return withUniqueFields(() =>
        db.withTenant(caller.tenantId, async (tx) => {
          const id = await insertProfile(tx, caller.tenantId, fields);
          const profile = (await getProfile(tx, id))!;
          await identityOutbox.enqueue(
            tx,
            IdentityEvents.profileCreated,
            { profile: profileToProto(profile) },
            caller,
          );
          return profile;
        }),
      );
    },

    async update(
      callerInput: Caller,
      id: string,
      input: { name: string; description: string; permissions: string[] },
    ) {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.manage_employee);
      requireId(id, 'id');
      const fields = validateProfileFields(input);
      fields.permissions = closedWithin(caller, fields.permissions);
      return withUniqueFields(() =>
        db.withTenant(caller.tenantId, async (tx) => {
          const existing = await getProfile(tx, id);
          if (!existing) throw notFound('The permission profile');
          await assertOutranksHoldersOf(tx, caller, existing);
          await updateProfile(tx, id, fields);
          const profile = (await getProfile(tx, id))!;
          await identityOutbox.enqueue(
            tx,
            IdentityEvents.profileUpdated,
            { profile: profileToProto(profile) },
            caller,
          );
          return profile;
        }),
      );
    },

    async setActive(callerInput: Caller, id: string, isActive: boolean) {
      const caller = requireTenant(callerInput);
      requirePermission(caller, PERMISSION.manage_employee);
      requireId(id, 'id');
      return db.withTenant(caller.tenantId, async (tx) => {
        const existing = await getProfile(tx, id);
        if (!existing) throw notFound('The permission profile');
        await assertOutranksHoldersOf(tx, caller, existing);
        if (!isActive && existing.employeeCount > 0) {
          throw preconditionFailed(
            `${existing.employeeCount} active employee${existing.employeeCount === 1 ? ' uses' : 's use'} this profile. Move them to another profile first.`,
            'PROFILE_IN_USE',
          );
        }
        await setProfileActive(tx, id, isActive);
        const profile = (await getProfile(tx, id))!;
        await identityOutbox.enqueue(
          tx,
          isActive ? IdentityEvents.profileActivated : IdentityEvents.profileDeactivated,
          { profile: profileToProto(profile) },
          caller,
        );
        return profile;
      });
    },
  };
}
