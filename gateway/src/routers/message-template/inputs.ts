import { plainText } from '@fleet/domain';
import { z } from 'zod';

/** Every message type an operator words (all but the sign-in code). */
export const TEMPLATE_TYPES = [
  'CONFIRMATION_SMS',
  'DRIVER_ALLOTMENT_SMS',
  'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP',
  'CANCELLATION_SMS',
  'FEEDBACK_REQUEST_SMS',
  'SEND_INFO_TO_SUPPLIER_SMS',
  'CONFIRMATION_EMAIL',
  'DUTY_SLIP_EMAIL',
  'INVOICE_EMAIL',
] as const;

export const templateTypeSchema = z.enum(TEMPLATE_TYPES, { error: 'Choose a message type from the list' });
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
