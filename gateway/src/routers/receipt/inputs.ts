import { DATE_BASES, isoDateSchema, PAYMENT_MODES, RECEIPT_TYPES } from '@fleet/domain';
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
    .regex(/^(\d{1,11}(\.\d{1,2})?)?$/, `Enter the ${what} in rupees, to the paisa, e.g. 10300.50`)
    .optional();

export const settlementInput = z.object({
  invoiceId: idSchema,
  amount: money('amount'),
  tdsAmount: money('TDS'),
  bankCharges: money('bank charges'),
});

export const createInput = z.object({
  type: z.enum(RECEIPT_TYPES),
  customerId: idSchema,
  companyId: optionalId,
  receiptDate: isoDateSchema.optional(),
  receivedAmount: z
    .string()
    .trim()
    .regex(/^\d{1,11}(\.\d{1,2})?$/, 'Enter the amount received in rupees, to the paisa, e.g. 10300.50'),
  paymentMode: z.enum(PAYMENT_MODES),
  chequeNo: optionalText(30),
  chequeDate: isoDateSchema.optional(),
  bankName: optionalText(100),
  reference: optionalText(60),
  notes: optionalText(1000),
  bookingId: optionalId,
  settlements: z.array(settlementInput).max(200, 'A receipt settles at most 200 invoices').default([]),
});

export const applyInput = z.object({
  id: idSchema,
  settlements: z.array(settlementInput).min(1, 'Choose the invoices to apply it to').max(200),
});

export const listInput = z.object({
  search: optionalText(100),
  customerIds: z.array(idSchema).max(100).optional(),
  types: z.array(z.enum(RECEIPT_TYPES)).max(3).optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  includeCancelled: z.boolean().optional(),
  invoiceId: optionalId,
  sortBy: z.enum(['receipt_date', 'created_at']).optional(),
  order: orderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});

export const openInvoicesInput = z
  .object({
    customerId: optionalId,
    invoiceIds: z.array(idSchema).max(200).optional(),
  })
  .refine((input) => input.customerId || (input.invoiceIds?.length ?? 0) > 0, {
    message: 'Choose a customer',
    path: ['customerId'],
  });

export const outstandingInput = z.object({
  basis: z.enum(DATE_BASES).default('INVOICE_DATE'),
  customerIds: z.array(idSchema).max(100).optional(),
});

export const statementInput = z.object({
  customerId: idSchema,
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
});

export const statementPeriodInput = z.object({
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
});
