import {
  emailSchema,
  GENDERS,
  gstinSchema,
  ifscSchema,
  isoDateSchema,
  isUuid,
  PERMISSION,
  panSchema,
  phoneSchema,
  plainText,
} from '@fleet/domain';
import { parseOrThrow } from '@fleet/platform';
import { z } from 'zod';

const optionalText = (max: number, label: string) =>
  plainText()
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .transform((v) => v || null);
const optional = <S extends z.ZodType>(schema: S) =>
  z.union([z.literal('').transform(() => null), schema]).nullable();

export const ACCESS_LEVELS = ['ADMIN', 'CHANNEL_ONLY'] as const;
export const GST_TYPES = ['GSTIN', 'LUT', 'VAT', 'SEZ', 'UNREGISTRED'] as const;

export const userFieldsSchema = z.object({
  name: plainText().trim().min(1, 'Enter a name').max(100, 'A name can be at most 100 characters'),
  email: optional(emailSchema),
  phone: phoneSchema,
  accessLevel: z.enum(ACCESS_LEVELS, { message: 'Choose Admin or Channel only' }).default('ADMIN'),
  headOfficeCityId: optionalText(64, 'The city'),
  stateId: optionalText(64, 'The state'),
  panNo: optional(panSchema),
  gstNo: optional(gstinSchema),
  lutNo: optionalText(40, 'The LUT number'),
  vatNo: optionalText(40, 'The VAT number'),
  sezGstNo: optional(gstinSchema),
  gstType: z.enum(GST_TYPES).nullable().default(null),
  isTripStartOtpRequired: z.boolean().default(false),
  isTripEndOtpRequired: z.boolean().default(false),
  isBookingApiOnly: z.boolean().default(false),
  autoSendPassengerSms: z.boolean().default(false),
  autoSendPassengerEmail: z.boolean().default(false),
});
export type UserFields = z.infer<typeof userFieldsSchema>;

export const employeeFieldsSchema = z
  .object({
    employeeId: optionalText(40, 'The employee ID'),
    designation: optionalText(80, 'The designation'),
    dateOfJoining: optional(isoDateSchema),
    gender: z.enum(GENDERS).nullable().default(null),
    dob: optional(isoDateSchema),
    permissionProfileId: optional(z.string().refine(isUuid, 'Choose a permission profile from the list')),
    grantedPermissions: z.array(z.string()).default([]),
    /** The branches the employee works for (their drivers only on the live map); empty: every branch. */
    branchIds: z
      .array(z.string().refine(isUuid, 'Choose branches from the list'))
      .max(50, 'Choose at most 50 branches')
      .default([]),
    drivingLicenceNo: optionalText(40, 'The driving licence number'),
    drivingLicenceExpiry: optional(isoDateSchema),
    badgeNo: optionalText(40, 'The badge number'),
    badgeExpiry: optional(isoDateSchema),
    policeVerificationNo: optionalText(60, 'The police verification number'),
    policeVerificationDate: optional(isoDateSchema),
    bankName: optionalText(100, 'The bank name'),
    bankAccountHolder: optionalText(100, 'The account holder'),
    bankAccountNo: optional(
      z
        .string()
        .trim()
        .regex(/^\d{6,18}$/, 'An account number is 6 to 18 digits'),
    ),
    bankIfsc: optional(ifscSchema),
  })
  .superRefine((fields, ctx) => {
    const unknown = fields.grantedPermissions.filter((p) => !(p in PERMISSION));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['grantedPermissions'],
        message: `Unknown permission${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      });
    }
    if (fields.dob && fields.dateOfJoining && fields.dob >= fields.dateOfJoining) {
      ctx.addIssue({
        code: 'custom',
        path: ['dateOfJoining'],
        message: 'The joining date must be after the date of birth',
      });
    }
  });
export type EmployeeFields = z.infer<typeof employeeFieldsSchema>;

export const profileFieldsSchema = z.object({
  name: plainText()
    .trim()
    .min(1, 'Enter a name for the profile')
    .max(80, 'A profile name can be at most 80 characters'),
  description: plainText().trim().max(500, 'A description can be at most 500 characters').default(''),
  permissions: z.array(z.string()).superRefine((ids, ctx) => {
    const unknown = ids.filter((p) => !(p in PERMISSION));
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', message: `Unknown permissions: ${unknown.join(', ')}` });
  }),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

export const validateUserFields = (input: unknown) => parseOrThrow(userFieldsSchema, input);
export const validateEmployeeFields = (input: unknown) => parseOrThrow(employeeFieldsSchema, input);
export const validateProfileFields = (input: unknown) => parseOrThrow(profileFieldsSchema, input);
