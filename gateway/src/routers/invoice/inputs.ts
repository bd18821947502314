import { isoDateSchema } from '@fleet/domain';
import {
  cursorSchema,
  idSchema,
  limitSchema,
  optionalId,
  optionalText,
  orderSchema,
} from '@fleet/domain/inputs';
import { z } from 'zod';

const decimalText = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,4})?$/, `Enter the ${what} as a number, e.g. 1250.50`)
    .optional();

export const lineInput = z
  .object({
    type: z.enum([
      'CUSTOM',
      'BILLING_ITEM',
      'DISCOUNT_AMOUNT',
      'DISCOUNT_PERCENTAGE',
      'DISCOUNT_PERCENTAGE_ON_CAR_HIRE',
      'SURCHARGE_PERCENTAGE',
    ]),
    description: optionalText(500),
    sacCode: z
      .string()
      .trim()
      .regex(/^(\d{4}|\d{6}|\d{8})?$/, 'A SAC code has 4, 6 or 8 digits')
      .optional(),
    quantity: decimalText('quantity'),
    rate: decimalText('rate'),
    percentage: decimalText('percentage'),
    amount: decimalText('amount'),
    isTaxable: z.boolean().optional(),
    taxId: optionalId,
    billingItemId: optionalId,
  })
  // A custom row sent without isTaxable is taxable, as the invoice form makes its new rows.
  .transform((line) =>
    line.type === 'CUSTOM' && line.isTaxable === undefined ? { ...line, isTaxable: true } : line,
  );

export const draftInput = z.object({
  customerId: idSchema,
  companyId: optionalId,
  companyProfileId: optionalId,
  bookingIds: z.array(idSchema).max(500, 'An invoice bills at most 500 duties').default([]),
  invoiceDate: isoDateSchema.optional(),
  dueDate: isoDateSchema.optional(),
  lines: z.array(lineInput).max(200, 'At most 200 rows').default([]),
  notes: optionalText(2000),
  billingDetailIndex: z.number().int().min(0).max(100).optional(),
});

export const INVOICE_STATUS_VALUES = ['DRAFT', 'APPROVED', 'CANCELLED', 'DISCARDED'] as const;

export const listInput = z.object({
  search: optionalText(100),
  statuses: z.array(z.enum(INVOICE_STATUS_VALUES)).max(4).optional(),
  customerIds: z.array(idSchema).max(100).optional(),
  companyIds: z.array(idSchema).max(100).optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  dispatched: z.boolean().optional(),
  sortBy: z.enum(['invoice_date', 'created_at', 'start_date', 'invoice_no']).optional(),
  order: orderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});

export const dutiesInput = z.object({
  customerIds: z.array(idSchema).max(100).optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  billingStatus: z.enum(['UNBILLED', 'BILLED', 'ALL']).default('UNBILLED'),
  search: optionalText(100),
  sortBy: z.enum(['start_date', 'booking_no']).optional(),
  order: orderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});

export const reasonInput = z.object({ id: idSchema, reason: optionalText(500) });
