// Zod pieces shared by several procedures' inputs. Field formats come from @fleet/domain so the web
// app's forms and the gateway agree; the services check them again.
import {
  ACCESS_LEVELS,
  allPermissionIds,
  emailSchema,
  GENDERS,
  gstinSchema,
  ifscSchema,
  isoDateSchema,
  type PermissionId,
  panSchema,
  phoneSchema,
  TAX_TYPES,
} from '@fleet/domain';
import { z } from 'zod';

/** An optional field: absent, null or '' all mean "not set", which services receive as ''. */
export function optional<T extends z.ZodType<string, string>>(schema: T) {
  return z
    .union([z.literal(''), schema])
    .nullish()
    .transform((value): string => value ?? '');
}

const text = (max: number) => z.string().trim().max(max, `Keep this to ${max} characters or fewer`);
export const optionalText = (max: number) => optional(text(max));

/** An identifier issued by a service (opaque to the gateway). */
export const idSchema = z
  .string()
  .trim()
  .min(1, 'This is required')
  .max(100, 'This is not a valid identifier');
export const optionalId = optional(idSchema);

export const permissionIdSchema = z.enum(allPermissionIds() as [PermissionId, ...PermissionId[]], {
  error: 'This permission does not exist',
});

export const cursorSchema = z.string().max(2000, 'This is not a valid cursor').optional();
/** Page size: 1 to 1000 (spec §9's page constant), 50 unless given. */
export const limitSchema = z
  .number()
  .int('The page size must be a whole number')
  .min(1, 'The page size must be at least 1')
  .max(1000, 'The page size must be at most 1000')
  .default(50);
export const activeFilterSchema = z.enum(['active', 'inactive', 'all']).default('active');
/**
 * Sort order of a list. Not called `direction`: tRPC's infinite queries put their own `direction`
 * (forward/backward paging) into the input.
 */
export const orderSchema = z.enum(['asc', 'desc']).optional();

/** The editable part of a user (proto UserFields), used by the profile and by employees. */
export const userFieldsShape = {
  name: z.string().trim().min(1, 'Enter a name').max(200, 'Keep the name to 200 characters or fewer'),
  email: optional(emailSchema),
  phone: phoneSchema,
  accessLevel: z.enum(ACCESS_LEVELS).nullish(),
  headOfficeCityId: optionalId,
  stateId: optionalId,
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
