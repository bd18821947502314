import { MESSAGE_TEMPLATE_TYPES, plainText } from '@fleet/domain';
import { z } from 'zod';

/** Every text and email of the operator's log is a template it words (the sign-in code and the pushes are the product's own). */
export const templateTypeSchema = z.enum(MESSAGE_TEMPLATE_TYPES, {
  error: 'Choose a message type from the list',
});
export const templateBody = plainText().max(5000, 'Keep the message to 5000 characters or fewer');
export const templateSubject = plainText()
  .max(200, 'Keep the subject to 200 characters or fewer')
  .default('');
export const dltTemplateIdSchema = z
  .string()
  .trim()
  .regex(/^(\d{12,19})?$/, 'A DLT template id is 12 to 19 digits')
  .default('');
export const senderIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{6})?$/, 'A sender id (DLT header) is 6 letters, e.g. FLTOPS')
  .default('');
export const versionSchema = z.number().int().min(0).max(2_147_483_647).default(0);
