import { allPermissionIds, closePermissions, getPermission } from '@fleet/domain';

export interface PermissionHolder {
  role: string;
  isOwner: boolean;
  isActive: boolean;
}

/**
 * What a user may do. The operator's owner holds everything; an employee holds their profile's
 * permissions plus individual grants, always closed under dependencies; drivers hold no back-office
 * permission (their app has its own procedures).
 */
export function effectivePermissions(
  user: PermissionHolder,
  profile: { permissions: string[]; isActive: boolean } | undefined,
  granted: string[],
): string[] {
  if (!user.isActive) return [];
  if (user.isOwner || user.role === 'USER') return [...allPermissionIds()].sort();
  if (user.role !== 'EMPLOYEE') return [];
  const fromProfile = profile?.isActive ? profile.permissions : [];
  return closePermissions([...fromProfile, ...granted].filter(knownPermission));
}

const known = new Set<string>(allPermissionIds());
/** Ids dropped from the catalogue in a later release are ignored rather than failing sign-in. */
export const knownPermission = (id: string) => known.has(id);

/**
 * What a masquerade session may do. Acting as someone never widens what the real actor may do, at any moment: a
 * masquerade holds the target's permissions that the actor holds too, both as they are now (an owner
 * actor holds everything, so there it is the target's). Both sets are closed under dependencies, so
 * their intersection is too.
 */
export function masqueradePermissions(targetPermissions: string[], actorPermissions: string[]): string[] {
  const actorHolds = new Set(actorPermissions);
  return targetPermissions.filter((p) => actorHolds.has(p));
}

/** Masquerading may never widen what someone can do: the target's permissions must be the actor's or fewer. */
export function mayMasqueradeAs(
  actorPermissions: string[],
  targetPermissions: string[],
  actorIsOwner: boolean,
): boolean {
  if (actorIsOwner) return true;
  const held = new Set(actorPermissions);
  return targetPermissions.every((p) => held.has(p));
}

/** The permissions of `needed` that `held` lacks. */
export function permissionsLacking(held: readonly string[], needed: readonly string[]): string[] {
  const holds = new Set(held);
  return [...new Set(needed)].filter((p) => !holds.has(p));
}

/** Permissions by name for a message: the first five, then how many more. */
export function describePermissions(ids: readonly string[]): string {
  const names = ids.slice(0, 5).map((p) => getPermission(p)?.name ?? p);
  return `${names.join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}`;
}
