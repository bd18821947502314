import type { MessageInitShape } from '@bufbuild/protobuf';
import type { AccessLevel as AccessLevelName, TaxType, UserRole } from '@fleet/domain';
import type { UserFieldsInput } from '@fleet/domain/inputs';
import {
  AccessLevel,
  GstType,
  Role,
  type Tenant,
  type User,
  type UserFieldsSchema,
} from '@fleet/proto/fleet/identity/v1/user_pb';
import { dateOrNull, enumTable, textOrNull } from '../shared-mappers';

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

export const roleFromProto = roles.fromProto;
export const accessLevelFromProto = accessLevels.fromProto;

/** The editable part of a user (proto UserFields), from the profile's and the employee forms' input. */
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
