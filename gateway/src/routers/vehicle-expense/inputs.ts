import { isoDateSchema, PAYMENT_MODES, VEHICLE_EXPENSE_CATEGORIES } from '@fleet/domain';
import {
  cursorSchema,
  idSchema,
  limitSchema,
  optional,
  optionalText,
  orderSchema,
} from '@fleet/domain/inputs';
import { z } from 'zod';

const money = /^\d{1,11}(\.\d{1,2})?$/;

export const expenseInput = z.object({
  expenseDate: isoDateSchema,
  vehicleId: idSchema,
  category: z.enum(VEHICLE_EXPENSE_CATEGORIES),
  amount: z.string().trim().regex(money, 'Give the amount before GST in rupees, to the paisa, e.g. 2400.00'),
  gstAmount: optional(z.string().trim().regex(money, 'Give the GST in rupees, to the paisa, e.g. 432.00')),
  odometerKm: optional(
    z
      .string()
      .trim()
      .regex(/^\d{1,7}$/, 'Give the odometer in whole kilometres'),
  ),
  vendor: optionalText(120),
  billNo: optionalText(40),
  paymentMode: z.enum(PAYMENT_MODES),
  notes: optionalText(1000),
});

export const listInput = z.object({
  search: optionalText(100),
  vehicleIds: z.array(idSchema).max(100).optional(),
  categories: z.array(z.enum(VEHICLE_EXPENSE_CATEGORIES)).max(VEHICLE_EXPENSE_CATEGORIES.length).optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  sortBy: z.enum(['expense_date', 'created_at']).optional(),
  order: orderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});
