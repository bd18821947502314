// The inputs of a user's profile and of an employee (proto UserFields and EmployeeFields): the gateway
// validates procedure inputs with them and the web app's profile and employee forms check the same.
import { z } from 'zod';
import { emailSchema } from '../validation/email';
import { gstinSchema } from '../validation/gstin';
import { ifscSchema } from '../validation/ifsc';
import { isoDateSchema } from '../validation/iso-date';
import { panSchema } from '../validation/pan';
import { phoneSchema } from '../validation/phone';
import { plainText } from '../validation/text';
import { ACCESS_LEVELS, GENDERS, TAX_TYPES } from '../vocabulary';
import {
  idSchema,
  optional,
  optionalId,
  optionalReferenceCode,
  optionalText,
  permissionIdSchema,
} from './common';

/** The editable part of a user (proto UserFields), used by the profile and by employees. */
export const userFieldsShape = {
  name: plainText().trim().min(1, 'Enter a name').max(200, 'Keep the name to 200 characters or fewer'),
  email: optional(emailSchema),
  phone: phoneSchema,
  accessLevel: z.enum(ACCESS_LEVELS).nullish(),
  headOfficeCityId: optionalReferenceCode,
  stateId: optionalReferenceCode,
  panNo: optional(panSchema),
  gstNo: optional(gstinSchema),
  lutNo: optionalText(50),
  vatNo: optionalText(50),
  sezGstNo: optional(gstinSchema),
  gstType: z.enum(TAX_TYPES).nullish(),
  isTripStartOtpRequired: z.boolean().default(false),
  isTripEndOtpRequired: z.boolean().default(false),
  isBookingApiOnly: z.boolean().default(false),
  autoSendPassengerSms: z.boolean().default(false),
  autoSendPassengerEmail: z.boolean().default(false),
};

/** The employee-only fields (proto EmployeeFields). */
export const employeeFieldsShape = {
  employeeId: optionalText(50),
  designation: optionalText(100),
  dateOfJoining: optional(isoDateSchema),
  gender: z.enum(GENDERS).nullish(),
  dob: optional(isoDateSchema),
  permissionProfileId: optionalId,
  /** Individual grants on top of the profile's permissions. */
  grantedPermissions: z.array(permissionIdSchema).max(1000).default([]),
  /** The branches the employee works for (their drivers only on the live map); empty: every branch. */
  branchIds: z.array(idSchema).max(50, 'Choose at most 50 branches').default([]),
  drivingLicenceNo: optionalText(50),
  drivingLicenceExpiry: optional(isoDateSchema),
  badgeNo: optionalText(50),
  badgeExpiry: optional(isoDateSchema),
  policeVerificationNo: optionalText(50),
  policeVerificationDate: optional(isoDateSchema),
  bankName: optionalText(100),
  bankAccountHolder: optionalText(100),
  bankAccountNo: optionalText(34),
  bankIfsc: optional(ifscSchema),
};

export const userFieldsInput = z.object(userFieldsShape);
export type UserFieldsInput = z.infer<typeof userFieldsInput>;

export const employeeInput = z.object({ ...userFieldsShape, ...employeeFieldsShape });
export type EmployeeInput = z.infer<typeof employeeInput>;
