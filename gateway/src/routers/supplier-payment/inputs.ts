import { DATE_BASES, isoDateSchema, PAYMENT_MODES, SUPPLIER_PAYMENT_TYPES } from '@fleet/domain';
import {
  cursorSchema,
  idSchema,
  limitSchema,
  optionalId,
  optionalText,
  orderSchema,
} from '@fleet/domain/inputs';
import { z } from 'zod';

const amount = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,11}(\.\d{1,2})?$/, `Enter the ${what} in rupees, to the paisa, e.g. 10300.50`);

export const settlementInput = z.object({
  purchaseInvoiceId: idSchema,
  amount: amount('amount'),
});

export const createInput = z.object({
  type: z.enum(SUPPLIER_PAYMENT_TYPES),
  supplierId: idSchema,
  companyId: optionalId,
  paymentDate: isoDateSchema.optional(),
  amount: amount('amount paid'),
  paymentMode: z.enum(PAYMENT_MODES),
  chequeNo: optionalText(30),
  chequeDate: isoDateSchema.optional(),
  bankName: optionalText(100),
  reference: optionalText(60),
  notes: optionalText(1000),
  bookingId: optionalId,
  settlements: z.array(settlementInput).max(200, 'A payment settles at most 200 invoices').default([]),
});

export const applyInput = z.object({
  id: idSchema,
  settlements: z.array(settlementInput).min(1, 'Choose the invoices to apply it to').max(200),
});

export const cancelInput = z.object({
  id: idSchema,
  reason: z.string().trim().min(1, 'Say why the payment is cancelled').max(500),
});

export const listInput = z.object({
  search: optionalText(100),
  supplierIds: z.array(idSchema).max(100).optional(),
  types: z.array(z.enum(SUPPLIER_PAYMENT_TYPES)).max(2).optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  includeCancelled: z.boolean().optional(),
  purchaseInvoiceId: optionalId,
  sortBy: z.enum(['payment_date', 'created_at']).optional(),
  order: orderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});

export const openInvoicesInput = z
  .object({
    supplierId: optionalId,
    purchaseInvoiceIds: z.array(idSchema).max(200).optional(),
  })
  .refine((input) => input.supplierId || (input.purchaseInvoiceIds?.length ?? 0) > 0, {
    message: 'Choose a supplier',
    path: ['supplierId'],
  });

export const outstandingInput = z.object({
  basis: z.enum(DATE_BASES).default('INVOICE_DATE'),
  supplierIds: z.array(idSchema).max(100).optional(),
});
