import {
  emailSchema,
  isoDateSchema,
  PAYMENT_MODES,
  PETTY_CASH_CATEGORIES,
  PETTY_CASH_KINDS,
  phoneSchema,
} from '@fleet/domain';
import {
  cursorSchema,
  idSchema,
  limitSchema,
  optional,
  optionalId,
  optionalText,
  orderSchema,
} from '@fleet/domain/inputs';
import { z } from 'zod';

export const entryInput = z.object({
  companyId: optionalId,
  entryDate: isoDateSchema.optional(),
  kind: z.enum(PETTY_CASH_KINDS),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,11}(\.\d{1,2})?$/, 'Enter the amount in rupees, to the paisa, e.g. 250.50')
    // Digits only, so any digit but 0 makes it more than zero.
    .refine((value) => /[1-9]/.test(value), 'The amount is more than zero'),
  category: z.enum(PETTY_CASH_CATEGORIES),
  driverId: optionalId,
  personName: optionalText(100),
  personPhone: optional(phoneSchema),
  personEmail: optional(emailSchema),
  bookingNo: optionalText(30),
  vehicleNo: optionalText(20),
  paymentMode: z.enum(PAYMENT_MODES).default('CASH'),
  notes: optionalText(1000),
});

export const updateInput = z.object({
  id: idSchema,
  expectedVersion: z.number().int().min(0).max(2_147_483_647).default(0),
  entry: entryInput,
});

export const listInput = z.object({
  search: optionalText(100),
  kinds: z.array(z.enum(PETTY_CASH_KINDS)).max(4).optional(),
  categories: z.array(z.enum(PETTY_CASH_CATEGORIES)).max(PETTY_CASH_CATEGORIES.length).optional(),
  personKey: optionalText(200),
  companyIds: z.array(idSchema).max(50).optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  includeVoided: z.boolean().optional(),
  order: orderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});

export const voidInput = z.object({
  id: idSchema,
  reason: z.string().trim().min(1, 'Say why the entry is voided').max(500),
});

export const sendInput = z
  .object({ id: idSchema, sms: z.boolean().default(false), email: z.boolean().default(false) })
  .refine((input) => input.sms || input.email, { message: 'Choose SMS, email or both', path: ['sms'] });
