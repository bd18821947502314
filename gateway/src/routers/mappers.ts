// The one place where the spec's strings meet proto enums, and proto messages become plain camelCase
// JSON for the web app: unset strings become null, Timestamps become Dates.
import type { MessageInitShape } from '@bufbuild/protobuf';
import { type Timestamp, timestampDate } from '@bufbuild/protobuf/wkt';
import type {
  AccessLevel as AccessLevelName,
  BookingStatus,
  BookingType,
  ConnectionRequestStatus,
  Gender as GenderName,
  TaxType,
  UserRole,
} from '@fleet/domain';
import type { Booking } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import { type PageInfo, SortDirection } from '@fleet/proto/fleet/common/v1/common_pb';
import { type Employee, type EmployeeFieldsSchema, Gender } from '@fleet/proto/fleet/identity/v1/employee_pb';
import { ActiveFilter, type MasqueradeAuditEntry } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import type { Permission, PermissionProfile } from '@fleet/proto/fleet/identity/v1/permission_pb';
import {
  AccessLevel,
  GstType,
  Role,
  type Tenant,
  type User,
  type UserFieldsSchema,
} from '@fleet/proto/fleet/identity/v1/user_pb';
import type { EmployeeInput, UserFieldsInput } from './inputs';

// ── enums ─────────────────────────────────────────────────────────────────────────────────────────

/** A two-way table between the spec's names and a proto enum; the zero (UNSPECIFIED) value is null. */
function enumTable<Name extends string, Proto extends number>(table: Record<Name, Proto>) {
  const reverse = new Map<number, Name>(
    Object.entries(table).map(([name, value]) => [value as number, name as Name]),
  );
  return {
    toProto: (name: Name | null | undefined): Proto | 0 => (name ? table[name] : 0),
    fromProto: (value: Proto): Name | null => reverse.get(value) ?? null,
  };
}

const roles = enumTable<UserRole, Role>({ USER: Role.USER, EMPLOYEE: Role.EMPLOYEE, DRIVER: Role.DRIVER });
const accessLevels = enumTable<AccessLevelName, AccessLevel>({
  ADMIN: AccessLevel.ADMIN,
  CHANNEL_ONLY: AccessLevel.CHANNEL_ONLY,
});
const gstTypes = enumTable<TaxType, GstType>({
  GSTIN: GstType.GSTIN,
  LUT: GstType.LUT,
  VAT: GstType.VAT,
  SEZ: GstType.SEZ,
  UNREGISTRED: GstType.UNREGISTRED,
});
const genders = enumTable<GenderName, Gender>({
  MALE: Gender.MALE,
  FEAMLE: Gender.FEAMLE,
  OTHER: Gender.OTHER,
});
const activeFilters = enumTable<'active' | 'inactive' | 'all', ActiveFilter>({
  active: ActiveFilter.ACTIVE,
  inactive: ActiveFilter.INACTIVE,
  all: ActiveFilter.ALL,
});
const directions = enumTable<'asc' | 'desc', SortDirection>({
  asc: SortDirection.ASC,
  desc: SortDirection.DESC,
});

export const roleFromProto = roles.fromProto;
export const accessLevelFromProto = accessLevels.fromProto;
export const activeFilterToProto = activeFilters.toProto;

// ── small pieces ──────────────────────────────────────────────────────────────────────────────────

const textOrNull = (value: string): string | null => (value === '' ? null : value);
const dateOrNull = (value: Timestamp | undefined): Date | null => (value ? timestampDate(value) : null);

export function pageRequest(input: {
  cursor?: string;
  limit: number;
  sortBy?: string;
  order?: 'asc' | 'desc';
}) {
  return {
    cursor: input.cursor ?? '',
    limit: input.limit,
    sortBy: input.sortBy ?? '',
    direction: directions.toProto(input.order),
  };
}

export interface PageJson {
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  hasMore: boolean;
}

export function pageFromProto(info: PageInfo | undefined): PageJson {
  return { nextCursor: textOrNull(info?.nextCursor ?? ''), hasMore: info?.hasMore ?? false };
}

/** A response field a service must fill; its absence is a bug on the service side, not the user's. */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The identity service answered without ${what}.`);
  return value;
}

// ── requests ──────────────────────────────────────────────────────────────────────────────────────

export function userFieldsToProto(input: UserFieldsInput): MessageInitShape<typeof UserFieldsSchema> {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    accessLevel: accessLevels.toProto(input.accessLevel),
    headOfficeCityId: input.headOfficeCityId,
    stateId: input.stateId,
    panNo: input.panNo,
    gstNo: input.gstNo,
    lutNo: input.lutNo,
    vatNo: input.vatNo,
    sezGstNo: input.sezGstNo,
    gstType: gstTypes.toProto(input.gstType),
    isTripStartOtpRequired: input.isTripStartOtpRequired,
    isTripEndOtpRequired: input.isTripEndOtpRequired,
    isBookingApiOnly: input.isBookingApiOnly,
    autoSendPassengerSms: input.autoSendPassengerSms,
    autoSendPassengerEmail: input.autoSendPassengerEmail,
  };
}

export function employeeFieldsToProto(input: EmployeeInput): MessageInitShape<typeof EmployeeFieldsSchema> {
  return {
    employeeId: input.employeeId,
    designation: input.designation,
    dateOfJoining: input.dateOfJoining,
    gender: genders.toProto(input.gender),
    dob: input.dob,
    permissionProfileId: input.permissionProfileId,
    grantedPermissions: input.grantedPermissions,
    drivingLicenceNo: input.drivingLicenceNo,
    drivingLicenceExpiry: input.drivingLicenceExpiry,
    badgeNo: input.badgeNo,
    badgeExpiry: input.badgeExpiry,
    policeVerificationNo: input.policeVerificationNo,
    policeVerificationDate: input.policeVerificationDate,
    bankName: input.bankName,
    bankAccountHolder: input.bankAccountHolder,
    bankAccountNo: input.bankAccountNo,
    bankIfsc: input.bankIfsc,
  };
}

// ── responses ─────────────────────────────────────────────────────────────────────────────────────

export function userToJson(user: User) {
  return {
    id: user.id,
    tenantId: user.tenantId,
    role: roles.fromProto(user.role),
    accessLevel: accessLevels.fromProto(user.accessLevel),
    name: user.name,
    email: textOrNull(user.email),
    phone: user.phone,
    isActive: user.isActive,
    isOwner: user.isOwner,
    headOfficeCityId: textOrNull(user.headOfficeCityId),
    stateId: textOrNull(user.stateId),
    panNo: textOrNull(user.panNo),
    gstNo: textOrNull(user.gstNo),
    lutNo: textOrNull(user.lutNo),
    vatNo: textOrNull(user.vatNo),
    sezGstNo: textOrNull(user.sezGstNo),
    gstType: gstTypes.fromProto(user.gstType),
    isTripStartOtpRequired: user.isTripStartOtpRequired,
    isTripEndOtpRequired: user.isTripEndOtpRequired,
    isBookingApiOnly: user.isBookingApiOnly,
    autoSendPassengerSms: user.autoSendPassengerSms,
    autoSendPassengerEmail: user.autoSendPassengerEmail,
    createdAt: dateOrNull(user.createdAt),
    updatedAt: dateOrNull(user.updatedAt),
  };
}
export type UserJson = ReturnType<typeof userToJson>;

export function tenantToJson(tenant: Tenant) {
  return {
    id: tenant.id,
    name: tenant.name,
    timeZone: tenant.timeZone,
    createdAt: dateOrNull(tenant.createdAt),
  };
}

/** An employee as one flat record: the user's fields and the employee's, as the forms edit them. */
export function employeeToJson(employee: Employee) {
  const fields = employee.fields;
  return {
    ...userToJson(required(employee.user, 'the employee’s user')),
    employeeId: textOrNull(fields?.employeeId ?? ''),
    designation: textOrNull(fields?.designation ?? ''),
    dateOfJoining: textOrNull(fields?.dateOfJoining ?? ''),
    gender: genders.fromProto(fields?.gender ?? Gender.UNSPECIFIED),
    dob: textOrNull(fields?.dob ?? ''),
    permissionProfileId: textOrNull(fields?.permissionProfileId ?? ''),
    permissionProfileName: textOrNull(employee.permissionProfileName),
    grantedPermissions: [...(fields?.grantedPermissions ?? [])],
    effectivePermissions: [...employee.effectivePermissions],
    drivingLicenceNo: textOrNull(fields?.drivingLicenceNo ?? ''),
    drivingLicenceExpiry: textOrNull(fields?.drivingLicenceExpiry ?? ''),
    badgeNo: textOrNull(fields?.badgeNo ?? ''),
    badgeExpiry: textOrNull(fields?.badgeExpiry ?? ''),
    policeVerificationNo: textOrNull(fields?.policeVerificationNo ?? ''),
    policeVerificationDate: textOrNull(fields?.policeVerificationDate ?? ''),
    bankName: textOrNull(fields?.bankName ?? ''),
    bankAccountHolder: textOrNull(fields?.bankAccountHolder ?? ''),
    bankAccountNo: textOrNull(fields?.bankAccountNo ?? ''),
    bankIfsc: textOrNull(fields?.bankIfsc ?? ''),
  };
}
export type EmployeeJson = ReturnType<typeof employeeToJson>;

export function permissionToJson(permission: Permission) {
  return {
    readableId: permission.readableId,
    model: permission.model,
    name: permission.name,
    description: permission.description,
    requires: [...permission.requires],
  };
}

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

export function masqueradeAuditEntryToJson(entry: MasqueradeAuditEntry) {
  return {
    id: entry.id,
    action: entry.action,
    actorUserId: entry.actorUserId,
    actorName: entry.actorName,
    targetUserId: entry.targetUserId,
    targetName: entry.targetName,
    ip: textOrNull(entry.ip),
    userAgent: textOrNull(entry.userAgent),
    at: dateOrNull(entry.at),
  };
}

/** A booking as the Duties lists show it; the service sends the spec's vocabulary as strings. */
export function bookingToJson(booking: Booking) {
  return {
    id: booking.id,
    bookingNo: Number(booking.bookingNo),
    type: booking.type as BookingType,
    status: booking.status as BookingStatus,
    customerId: booking.customerId,
    fromCityId: booking.fromCityId,
    toCityId: textOrNull(booking.toCityId),
    vehicleGroupId: booking.vehicleGroupId,
    dutyTypeId: booking.dutyTypeId,
    reportingAt: dateOrNull(booking.reportingAt),
    /** YYYY-MM-DD in the operator's time zone. */
    startDate: booking.startDate,
    allotedVehicleId: textOrNull(booking.allotedVehicleId),
    allotedDriverId: textOrNull(booking.allotedDriverId),
    isNetworkIncoming: booking.isNetworkIncoming,
    networkRequestStatus: textOrNull(booking.networkRequestStatus) as ConnectionRequestStatus | null,
    isBilled: booking.isBilled,
    createdAt: dateOrNull(booking.createdAt),
  };
}
export type BookingJson = ReturnType<typeof bookingToJson>;
