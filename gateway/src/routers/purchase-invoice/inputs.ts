import { emailSchema, isoDateSchema, PURCHASE_INVOICE_STATUSES } from '@fleet/domain';
import {
  cursorSchema,
  idSchema,
  limitSchema,
  optionalId,
  optionalText,
  orderSchema,
} from '@fleet/domain/inputs';
import { z } from 'zod';

const money = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{1,11}(\.\d{1,2})?)?$/, `Enter the ${what} in rupees, to the paisa, e.g. 1050.50`);

const percentage = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter a percentage from 0 to 100, e.g. 2 or 1.5')
  .refine((value) => Number(value) <= 100, 'Enter a percentage from 0 to 100, e.g. 2 or 1.5');

export const rowInput = z.object({
  type: z.enum(['BILLING_ITEM', 'CUSTOM', 'DISCOUNT_AMOUNT']),
  bookingId: optionalId,
  description: optionalText(200),
  amount: money('amount').min(1, 'Enter the amount'),
});

export const draftInput = z.object({
  supplierId: idSchema,
  companyId: optionalId,
  supplierInvoiceNo: z
    .string()
    .trim()
    .min(1, "Enter the supplier's invoice number")
    .max(40, 'Keep it to 40 characters or fewer')
    .refine((value) => !value.includes('\0'), 'It cannot contain NUL characters'),
  supplierInvoiceDate: isoDateSchema,
  receivedDate: isoDateSchema,
  duties: z
    .array(
      z.object({
        bookingId: idSchema,
        includeBillingItems: z.boolean().default(false),
        /** What the supplier billed for it, when not its purchase amount. */
        amount: money('amount the supplier billed').optional(),
      }),
    )
    .max(500, 'A purchase invoice takes at most 500 duties')
    .default([]),
  rows: z.array(rowInput).max(200, 'Add at most 200 rows besides the duties').default([]),
  discount: money('discount').optional(),
  /** Absent: the supplier's default. */
  tdsPercentage: percentage.optional(),
  notes: optionalText(1000),
});

export const updateInput = z.object({
  id: idSchema,
  draft: draftInput,
  expectedVersion: z.number().int().min(0),
});

export const listInput = z.object({
  search: optionalText(100),
  supplierIds: z.array(idSchema).max(100).optional(),
  statuses: z.array(z.enum(PURCHASE_INVOICE_STATUSES)).max(3).optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  includeCancelled: z.boolean().optional(),
  sortBy: z.enum(['created_at', 'supplier_invoice_date', 'received_date']).optional(),
  order: orderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});

export const billableDutiesInput = z.object({
  supplierId: idSchema,
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  purchaseInvoiceId: optionalId,
});

export const cancelInput = z.object({
  id: idSchema,
  reason: z.string().trim().min(1, 'Say why the purchase invoice is cancelled').max(500),
});

export const emailInput = z.object({
  id: idSchema,
  to: z.array(emailSchema).max(10, 'Email it to at most 10 addresses').default([]),
});
