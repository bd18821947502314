// Permission dependency closure: holding a permission means holding everything it requires, directly
// or through other permissions. The permission-profile editor, the employee editor and the server all
// use these functions so that a saved permission set is always closed.

import {
  PERMISSION_MODELS,
  PERMISSIONS,
  type Permission,
  type PermissionId,
  type PermissionModel,
} from './catalogue';

/** Raised when a permission identifier is not in the catalogue. */
export class UnknownPermissionError extends Error {
  readonly code = 'UNKNOWN_PERMISSION';
  readonly unknownIds: readonly string[];

  constructor(unknownIds: readonly string[]) {
    super(
      `${unknownIds.length === 1 ? 'This permission does not exist' : 'These permissions do not exist'}: ${unknownIds.join(', ')}`,
    );
    this.name = 'UnknownPermissionError';
    this.unknownIds = unknownIds;
  }
}

const byId: ReadonlyMap<string, Permission> = new Map(PERMISSIONS.map((p) => [p.readableId, p]));

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// Transitive dependencies of each permission (not including itself), computed once.
const dependenciesCache = new Map<PermissionId, ReadonlySet<PermissionId>>();

function transitiveDependencies(id: PermissionId): ReadonlySet<PermissionId> {
  const cached = dependenciesCache.get(id);
  if (cached) return cached;
  const found = new Set<PermissionId>();
  const stack: PermissionId[] = [...(byId.get(id)?.requires ?? [])];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(byId.get(next)?.requires ?? []));
  }
  found.delete(id); // only matters if the catalogue ever had a cycle
  dependenciesCache.set(id, found);
  return found;
}

/** Whether a string names a permission in the catalogue. */
export function isPermissionId(id: string): id is PermissionId {
  return byId.has(id);
}

/** The catalogue entry for a permission, or undefined if there is none. */
export function getPermission(id: string): Permission | undefined {
  return byId.get(id);
}

/** Checks every identifier and returns them deduplicated; throws UnknownPermissionError listing the unknown ones. */
function known(ids: Iterable<string>): Set<PermissionId> {
  const result = new Set<PermissionId>();
  const unknown = new Set<string>();
  for (const id of ids) {
    if (isPermissionId(id)) result.add(id);
    else unknown.add(id);
  }
  if (unknown.size > 0) throw new UnknownPermissionError([...unknown].sort(byName));
  return result;
}

function knownOne(id: string): PermissionId {
  if (!isPermissionId(id)) throw new UnknownPermissionError([id]);
  return id;
}

/**
 * The given permissions plus everything they require, directly or indirectly: the smallest closed set
 * that contains them. Sorted and without duplicates. Throws UnknownPermissionError for unknown ids.
 */
export function closePermissions(ids: Iterable<string>): PermissionId[] {
  const closed = new Set<PermissionId>();
  for (const id of known(ids)) {
    closed.add(id);
    for (const dependency of transitiveDependencies(id)) closed.add(dependency);
  }
  return [...closed].sort(byName);
}

/** What the given set lacks to be closed (the permissions closePermissions would add), sorted. */
export function missingDependencies(ids: Iterable<string>): PermissionId[] {
  const given = known(ids);
  return closePermissions(given).filter((id) => !given.has(id));
}

/** Whether every permission in the set has all of its dependencies in the set. */
export function isClosed(ids: Iterable<string>): boolean {
  return missingDependencies(ids).length === 0;
}

/** Everything a permission requires, directly or indirectly (not itself), sorted. */
export function dependenciesOf(id: string): PermissionId[] {
  return [...transitiveDependencies(knownOne(id))].sort(byName);
}

/** Every permission that requires this one, directly or indirectly (not itself), sorted. */
export function dependentsOf(id: string): PermissionId[] {
  const target = knownOne(id);
  return PERMISSIONS.filter((p) => transitiveDependencies(p.readableId).has(target))
    .map((p) => p.readableId)
    .sort(byName);
}

/**
 * For the permission editor: which of the selected permissions pull `id` in (require it directly or
 * indirectly). Empty when nothing selected needs it, so it may be unticked freely. Sorted.
 */
export function whyRequired(selected: Iterable<string>, id: string): PermissionId[] {
  const target = knownOne(id);
  return [...known(selected)]
    .filter((s) => s !== target && transitiveDependencies(s).has(target))
    .sort(byName);
}

/**
 * For the permission editor: the selection with `id` removed together with every selected permission
 * that requires it, so that a closed selection stays closed. Sorted.
 */
export function withoutPermission(selected: Iterable<string>, id: string): PermissionId[] {
  const target = knownOne(id);
  const dependents = new Set(dependentsOf(target));
  return [...known(selected)].filter((s) => s !== target && !dependents.has(s)).sort(byName);
}

/** Every permission identifier, in catalogue order (grouped by model, in model order). */
export function allPermissionIds(): PermissionId[] {
  return PERMISSIONS.map((p) => p.readableId);
}

export interface PermissionGroup {
  readonly model: PermissionModel;
  readonly permissions: readonly Permission[];
}

/** The catalogue grouped by model, in model order; within a model, in catalogue order. */
export function permissionsByModel(): PermissionGroup[] {
  return PERMISSION_MODELS.map((model) => ({
    model,
    permissions: PERMISSIONS.filter((p) => p.model === model),
  }));
}
