import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ActiveFilter } from '@fleet/proto/fleet/common/v1/common_pb';
import { AuditAction, type AuditEntrySchema } from '@fleet/proto/fleet/identity/v1/audit_pb';
import type { DriverAccountSchema } from '@fleet/proto/fleet/identity/v1/driver_account_pb';
import type { EmployeeSchema } from '@fleet/proto/fleet/identity/v1/employee_pb';
import {
  type Employee,
  type EmployeeFields as EmployeeFieldsMessage,
  Gender,
} from '@fleet/proto/fleet/identity/v1/employee_pb';
import {
  type ActiveFilter as IdentityActiveFilter,
  SignInApp as SignInAppMessage,
} from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import type {
  PermissionProfile,
  PermissionProfileSchema,
} from '@fleet/proto/fleet/identity/v1/permission_pb';
import type { TenantSchema, UserSchema } from '@fleet/proto/fleet/identity/v1/user_pb';
import {
  AccessLevel,
  GstType,
  Role,
  type Tenant,
  type User,
  type UserFields as UserFieldsMessage,
} from '@fleet/proto/fleet/identity/v1/user_pb';
import type { DriverAccountRecord } from './domain/driver-account';
import { effectivePermissions } from './domain/permissions';
import type {
  AuditEntryRecord,
  EmployeeRecord,
  ProfileRecord,
  TenantRecord,
  UserRecord,
} from './domain/records';
import type { EmployeeFields, UserFields } from './domain/user-fields';
import type { SignInApp } from './use-cases/sign-in';

const ROLE_TO_PROTO = { USER: Role.USER, EMPLOYEE: Role.EMPLOYEE, DRIVER: Role.DRIVER } as const;
const ACCESS_TO_PROTO = { ADMIN: AccessLevel.ADMIN, CHANNEL_ONLY: AccessLevel.CHANNEL_ONLY } as const;
const GST_TO_PROTO = {
  GSTIN: GstType.GSTIN,
  LUT: GstType.LUT,
  VAT: GstType.VAT,
  SEZ: GstType.SEZ,
  UNREGISTRED: GstType.UNREGISTRED,
} as const;
const GENDER_TO_PROTO = { MALE: Gender.MALE, FEAMLE: Gender.FEAMLE, OTHER: Gender.OTHER } as const;

const invert = <K extends string, V extends number>(map: Record<K, V>) =>
  new Map<number, K>(Object.entries(map).map(([k, v]) => [v as number, k as K]));
const ACCESS_FROM_PROTO = invert(ACCESS_TO_PROTO);
const GST_FROM_PROTO = invert(GST_TO_PROTO);
const GENDER_FROM_PROTO = invert(GENDER_TO_PROTO);

export const roleToProto = (role: string) =>
  ROLE_TO_PROTO[role as keyof typeof ROLE_TO_PROTO] ?? Role.UNSPECIFIED;
export const accessToProto = (level: string) =>
  ACCESS_TO_PROTO[level as keyof typeof ACCESS_TO_PROTO] ?? AccessLevel.UNSPECIFIED;

/** The app a sign-in is for; unspecified is the back-office. */
export const signInAppFromProto = (app: SignInAppMessage): SignInApp =>
  app === SignInAppMessage.DRIVER ? 'DRIVER' : 'BACK_OFFICE';

/**
 * fleet.identity.v1.ActiveFilter came before fleet.common.v1.ActiveFilter and repeats it number for
 * number (mappers.test.ts holds them to it), so identity's lists read it with the common mapping
 * (@fleet/platform activeFilterFromProto) rather than a copy of their own.
 */
export const asCommonActiveFilter = (value: IdentityActiveFilter): ActiveFilter =>
  value as number as ActiveFilter;

export function userToProto(user: UserRecord): MessageInitShape<typeof UserSchema> {
  return {
    id: user.id,
    tenantId: user.tenantId,
    role: roleToProto(user.role),
    accessLevel: accessToProto(user.accessLevel),
    name: user.name,
    email: user.email ?? '',
    phone: user.phone,
    isActive: user.isActive,
    isOwner: user.isOwner,
    headOfficeCityId: user.headOfficeCityId ?? '',
    stateId: user.stateId ?? '',
    panNo: user.panNo ?? '',
    gstNo: user.gstNo ?? '',
    lutNo: user.lutNo ?? '',
    vatNo: user.vatNo ?? '',
    sezGstNo: user.sezGstNo ?? '',
    gstType: user.gstType ? GST_TO_PROTO[user.gstType] : GstType.UNSPECIFIED,
    isTripStartOtpRequired: user.isTripStartOtpRequired,
    isTripEndOtpRequired: user.isTripEndOtpRequired,
    isBookingApiOnly: user.isBookingApiOnly,
    autoSendPassengerSms: user.autoSendPassengerSms,
    autoSendPassengerEmail: user.autoSendPassengerEmail,
    createdAt: timestampFromDate(new Date(user.createdAt)),
    updatedAt: timestampFromDate(new Date(user.updatedAt)),
  };
}

export function tenantToProto(tenant: TenantRecord): MessageInitShape<typeof TenantSchema> {
  return {
    id: tenant.id,
    name: tenant.name,
    timeZone: tenant.timeZone,
    createdAt: timestampFromDate(new Date(tenant.createdAt)),
  };
}

/** Proto → plain input for validation; proto3 has no null, so unset enums and empty strings become absent. */
export function userFieldsFromProto(message: UserFieldsMessage | undefined): Record<string, unknown> {
  const m = message ?? ({} as Partial<UserFieldsMessage>);
  return {
    name: m.name ?? '',
    email: m.email ?? '',
    phone: m.phone ?? '',
    accessLevel: ACCESS_FROM_PROTO.get(m.accessLevel ?? 0) ?? 'ADMIN',
    headOfficeCityId: m.headOfficeCityId ?? '',
    stateId: m.stateId ?? '',
    panNo: m.panNo ?? '',
    gstNo: m.gstNo ?? '',
    lutNo: m.lutNo ?? '',
    vatNo: m.vatNo ?? '',
    sezGstNo: m.sezGstNo ?? '',
    gstType: GST_FROM_PROTO.get(m.gstType ?? 0) ?? null,
    isTripStartOtpRequired: m.isTripStartOtpRequired ?? false,
    isTripEndOtpRequired: m.isTripEndOtpRequired ?? false,
    isBookingApiOnly: m.isBookingApiOnly ?? false,
    autoSendPassengerSms: m.autoSendPassengerSms ?? false,
    autoSendPassengerEmail: m.autoSendPassengerEmail ?? false,
  };
}

export function employeeFieldsFromProto(message: EmployeeFieldsMessage | undefined): Record<string, unknown> {
  const m = message ?? ({} as Partial<EmployeeFieldsMessage>);
  return {
    employeeId: m.employeeId ?? '',
    designation: m.designation ?? '',
    dateOfJoining: m.dateOfJoining ?? '',
    gender: GENDER_FROM_PROTO.get(m.gender ?? 0) ?? null,
    dob: m.dob ?? '',
    permissionProfileId: m.permissionProfileId ?? '',
    grantedPermissions: m.grantedPermissions ?? [],
    branchIds: m.branchIds ?? [],
    drivingLicenceNo: m.drivingLicenceNo ?? '',
    drivingLicenceExpiry: m.drivingLicenceExpiry ?? '',
    badgeNo: m.badgeNo ?? '',
    badgeExpiry: m.badgeExpiry ?? '',
    policeVerificationNo: m.policeVerificationNo ?? '',
    policeVerificationDate: m.policeVerificationDate ?? '',
    bankName: m.bankName ?? '',
    bankAccountHolder: m.bankAccountHolder ?? '',
    bankAccountNo: m.bankAccountNo ?? '',
    bankIfsc: m.bankIfsc ?? '',
  };
}

function employeeFieldsToProto(f: EmployeeFields): MessageInitShape<typeof EmployeeSchema>['fields'] {
  return {
    employeeId: f.employeeId ?? '',
    designation: f.designation ?? '',
    dateOfJoining: f.dateOfJoining ?? '',
    gender: f.gender ? GENDER_TO_PROTO[f.gender] : Gender.UNSPECIFIED,
    dob: f.dob ?? '',
    permissionProfileId: f.permissionProfileId ?? '',
    grantedPermissions: f.grantedPermissions,
    branchIds: f.branchIds ?? [],
    drivingLicenceNo: f.drivingLicenceNo ?? '',
    drivingLicenceExpiry: f.drivingLicenceExpiry ?? '',
    badgeNo: f.badgeNo ?? '',
    badgeExpiry: f.badgeExpiry ?? '',
    policeVerificationNo: f.policeVerificationNo ?? '',
    policeVerificationDate: f.policeVerificationDate ?? '',
    bankName: f.bankName ?? '',
    bankAccountHolder: f.bankAccountHolder ?? '',
    bankAccountNo: f.bankAccountNo ?? '',
    bankIfsc: f.bankIfsc ?? '',
  };
}

export function employeeToProto(employee: EmployeeRecord): MessageInitShape<typeof EmployeeSchema> {
  return {
    user: userToProto(employee.user),
    fields: employeeFieldsToProto(employee.fields),
    permissionProfileName: employee.profileName ?? '',
    effectivePermissions: effectivePermissions(
      employee.user,
      employee.profile,
      employee.fields.grantedPermissions,
    ),
  };
}

export function profileToProto(profile: ProfileRecord): MessageInitShape<typeof PermissionProfileSchema> {
  return {
    id: profile.id,
    name: profile.name,
    description: profile.description,
    permissions: profile.permissions,
    isActive: profile.isActive,
    employeeCount: profile.employeeCount,
    createdAt: timestampFromDate(new Date(profile.createdAt)),
    updatedAt: timestampFromDate(new Date(profile.updatedAt)),
  };
}

const AUDIT_ACTION_TO_PROTO = {
  MASQUERADE_START: AuditAction.MASQUERADE_START,
  MASQUERADE_STOP: AuditAction.MASQUERADE_STOP,
  PHONE_CHANGE: AuditAction.PHONE_CHANGE,
  ACCESS_CHANGE: AuditAction.ACCESS_CHANGE,
} as const;

export function auditEntryToProto(entry: AuditEntryRecord): MessageInitShape<typeof AuditEntrySchema> {
  return {
    id: entry.id,
    action: AUDIT_ACTION_TO_PROTO[entry.action],
    actorUserId: entry.actorUserId,
    actorName: entry.actorName,
    asUserId: entry.asUserId ?? '',
    asName: entry.asName ?? '',
    subjectUserId: entry.subjectUserId,
    subjectName: entry.subjectName,
    changes: entry.changes,
    ip: entry.ip ?? '',
    userAgent: entry.userAgent ?? '',
    at: timestampFromDate(new Date(entry.at)),
  };
}

export type { Employee, PermissionProfile, Tenant, User, UserFields };

/** A driver's app account as the wire carries it. */
export function driverAccountToProto(
  account: DriverAccountRecord,
): MessageInitShape<typeof DriverAccountSchema> {
  const stamp = (at: Date | null) => (at ? timestampFromDate(new Date(at)) : undefined);
  return {
    tenantId: account.tenantId,
    driverId: account.driverId,
    userId: account.userId ?? '',
    name: account.name,
    phone: account.phone,
    isActive: account.isActive,
    phoneTaken: account.phoneTaken,
    verificationStatus: account.verificationStatus,
    registeredAt: stamp(account.registeredAt),
    pushToken: account.pushToken ?? '',
    appVersion: account.appVersion,
    deviceModel: account.deviceModel,
    deviceOs: account.deviceOs,
    lastSeenAt: stamp(account.lastSeenAt),
  };
}
