import { createOutbox, defineEvent } from '@fleet/platform';
import {
  DriverAccountChangedSchema,
  EmployeeChangedSchema,
  MasqueradeChangedSchema,
  PermissionProfileChangedSchema,
  SessionRevokedSchema,
  TenantCreatedSchema,
  UserCreatedSchema,
  UserUpdatedSchema,
} from '@fleet/proto/fleet/identity/v1/events_pb';
import { SCHEMA } from '../storage/migrations';

/** Every event identity publishes, on subjects fleet.identity.<entity>.<event>. */
export const IdentityEvents = {
  tenantCreated: defineEvent('fleet.identity.tenant.created', TenantCreatedSchema),
  userCreated: defineEvent('fleet.identity.user.created', UserCreatedSchema),
  userUpdated: defineEvent('fleet.identity.user.updated', UserUpdatedSchema),
  employeeCreated: defineEvent('fleet.identity.employee.created', EmployeeChangedSchema),
  employeeUpdated: defineEvent('fleet.identity.employee.updated', EmployeeChangedSchema),
  employeeDeactivated: defineEvent('fleet.identity.employee.deactivated', EmployeeChangedSchema),
  employeeActivated: defineEvent('fleet.identity.employee.activated', EmployeeChangedSchema),
  profileCreated: defineEvent('fleet.identity.permission_profile.created', PermissionProfileChangedSchema),
  profileUpdated: defineEvent('fleet.identity.permission_profile.updated', PermissionProfileChangedSchema),
  profileDeactivated: defineEvent(
    'fleet.identity.permission_profile.deactivated',
    PermissionProfileChangedSchema,
  ),
  profileActivated: defineEvent(
    'fleet.identity.permission_profile.activated',
    PermissionProfileChangedSchema,
  ),
  masqueradeStarted: defineEvent('fleet.identity.masquerade.started', MasqueradeChangedSchema),
  masqueradeStopped: defineEvent('fleet.identity.masquerade.stopped', MasqueradeChangedSchema),
  sessionRevoked: defineEvent('fleet.identity.session.revoked', SessionRevokedSchema),
  driverAccountChanged: defineEvent('fleet.identity.driver_account.changed', DriverAccountChangedSchema),
} as const;

export const identityOutbox = createOutbox(SCHEMA);
