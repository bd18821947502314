import type { Permission } from '@fleet/proto/fleet/identity/v1/permission_pb';

export function permissionToJson(permission: Permission) {
  return {
    readableId: permission.readableId,
    model: permission.model,
    name: permission.name,
    description: permission.description,
    requires: [...permission.requires],
  };
}
