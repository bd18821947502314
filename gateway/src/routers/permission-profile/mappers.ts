import type { PermissionProfile } from '@fleet/proto/fleet/identity/v1/permission_pb';
import { dateOrNull, textOrNull } from '../shared-mappers';

export function permissionProfileToJson(profile: PermissionProfile) {
  return {
    id: profile.id,
    name: profile.name,
    description: textOrNull(profile.description),
    permissions: [...profile.permissions],
    isActive: profile.isActive,
    employeeCount: profile.employeeCount,
    createdAt: dateOrNull(profile.createdAt),
    updatedAt: dateOrNull(profile.updatedAt),
  };
}
export type PermissionProfileJson = ReturnType<typeof permissionProfileToJson>;
