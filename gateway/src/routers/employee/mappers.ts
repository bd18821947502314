import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Gender as GenderName } from '@fleet/domain';
import type { EmployeeInput } from '@fleet/domain/inputs';
import { type Employee, type EmployeeFieldsSchema, Gender } from '@fleet/proto/fleet/identity/v1/employee_pb';
import { enumTable, required, textOrNull } from '../shared-mappers';
import { userToJson } from '../user/mappers';

const genders = enumTable<GenderName, Gender>({
  MALE: Gender.MALE,
  FEAMLE: Gender.FEAMLE,
  OTHER: Gender.OTHER,
});

export function employeeFieldsToProto(input: EmployeeInput): MessageInitShape<typeof EmployeeFieldsSchema> {
  return {
    employeeId: input.employeeId,
    designation: input.designation,
    dateOfJoining: input.dateOfJoining,
    gender: genders.toProto(input.gender),
    dob: input.dob,
    permissionProfileId: input.permissionProfileId,
    grantedPermissions: input.grantedPermissions,
    branchIds: input.branchIds,
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
    branchIds: [...(fields?.branchIds ?? [])],
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
