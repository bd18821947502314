// Zod pieces shared by several procedures' inputs, for the gateway that checks them and the web app
// whose forms check the same before sending. Field formats come from the domain's validation; the
// services check them again.
import { z } from 'zod';
import { allPermissionIds } from '../permissions/closure';
import { idSchema, referenceCodeSchema } from '../validation/id';
import { plainText } from '../validation/text';

export { idSchema };

/** An optional field: absent, null or '' all mean "not set", which services receive as ''. */
export function optional<T extends z.ZodType<string, string>>(schema: T) {
  return z
    .union([z.literal(''), schema])
    .nullish()
    .transform((value): string => value ?? '');
}

const text = (max: number) => plainText().trim().max(max, `Keep this to ${max} characters or fewer`);
export const optionalText = (max: number) => optional(text(max));

export const optionalId = optional(idSchema);
/** A state or a city, by its code. */
export const optionalReferenceCode = optional(referenceCodeSchema);

export const permissionIdSchema = z.enum(allPermissionIds(), { error: 'This permission does not exist' });

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
