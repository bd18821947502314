// The lines an invoice is computed from (DOMAIN.md "Invoicing", spec §9's invoice item types): what
// was supplied (bookings, custom rows, billing items) and the invoice-level discounts and surcharges.
// TAX lines are the computation's output (invoice-totals.ts), never an input. Every amount a Decimal.
import Decimal from 'decimal.js';
import { z } from 'zod';
import { CHARGE_CODES, type ChargeLine, type ChargeUnit } from '../pricing/duty-charges';
import { idSchema } from '../validation/id';
import { plainText } from '../validation/text';
import type { InvoiceItemType } from '../vocabulary';

/** Rent-a-cab services (rental of road vehicles with an operator): every booking line's SAC. */
export const CAR_HIRE_SAC = '9966';

/**
 * The line types an invoice is computed from: spec §9's item types less TAX (computed), plus billing
 * items (toll, parking…), each its own line (DOMAIN.md "Pricing").
 */
export const INVOICE_LINE_TYPES = [
  'BOOKING',
  'CUSTOM',
  'BILLING_ITEM',
  'DISCOUNT_AMOUNT',
  'DISCOUNT_PERCENTAGE',
  'DISCOUNT_PERCENTAGE_ON_CAR_HIRE',
  'SURCHARGE_PERCENTAGE',
] as const satisfies readonly (Exclude<InvoiceItemType, 'TAX'> | 'BILLING_ITEM')[];
export type InvoiceLineType = (typeof INVOICE_LINE_TYPES)[number];

/** The most one amount, rate or quantity on an invoice line may be: ₹99,99,99,999.99. */
export const MAX_INVOICE_AMOUNT = new Decimal('999999999.99');
export const MAX_INVOICE_LINES = 1000;
export const MAX_BOOKING_CHARGES = 50;

/** A duty's car hire, charged as pricing priced it; always taxable at the car-hire rate. */
export interface BookingLine {
  type: 'BOOKING';
  bookingId: string;
  description: string;
  charges: ChargeLine[];
  /** The sum of the charges' amounts. */
  total: Decimal;
}

/** A row typed in by staff: quantity × rate, rounded half up to the paisa. */
export interface CustomLine {
  type: 'CUSTOM';
  description: string;
  /** '' when not given. */
  sac: string;
  quantity: Decimal;
  rate: Decimal;
  taxable: boolean;
  /** The row's own GST rate (percent); null: the car-hire rate. Ignored when not taxable. */
  taxRate: Decimal | null;
}

/** A billing item of a duty (toll, parking, permit…): usually a reimbursement, not taxable. */
export interface BillingItemLine {
  type: 'BILLING_ITEM';
  name: string;
  amount: Decimal;
  taxable: boolean;
  sac: string;
  /** The tax master's percentage; null: the car-hire rate. Ignored when not taxable. */
  taxRate: Decimal | null;
}

export interface DiscountAmountLine {
  type: 'DISCOUNT_AMOUNT';
  description: string;
  amount: Decimal;
}

/** DISCOUNT_PERCENTAGE: a percent of every taxable line; …_ON_CAR_HIRE: of the booking lines only. */
export interface DiscountPercentageLine {
  type: 'DISCOUNT_PERCENTAGE' | 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE';
  description: string;
  percent: Decimal;
}

/** A percent of the taxable value after discounts (card charges, say). */
export interface SurchargePercentageLine {
  type: 'SURCHARGE_PERCENTAGE';
  description: string;
  percent: Decimal;
}

export type InvoiceItemLine = BookingLine | CustomLine | BillingItemLine;
export type InvoiceAdjustmentLine = DiscountAmountLine | DiscountPercentageLine | SurchargePercentageLine;
export type InvoiceLine = InvoiceItemLine | InvoiceAdjustmentLine;

export const isItemLine = (line: InvoiceLine): line is InvoiceItemLine =>
  line.type === 'BOOKING' || line.type === 'CUSTOM' || line.type === 'BILLING_ITEM';

// ── Schemas: what the billing service accepts from the gateway or another service ───────────────────

const NON_NEGATIVE_DECIMAL = /^\d+(\.\d+)?$/;

interface DecimalLimits {
  /** Decimal places allowed; unlimited when absent. */
  places?: number;
  max: Decimal;
}

/** A non-negative decimal as text ('1250.50') or a Decimal, never a JavaScript number. */
function decimalSchema(label: string, { places, max }: DecimalLimits) {
  const message = `Enter the ${label} as a number of 0 or more, e.g. 1250.50`;
  return z.union([z.string(), z.instanceof(Decimal)], { error: message }).transform((value, ctx): Decimal => {
    const text = typeof value === 'string' ? value.trim() : value.toFixed();
    if (!NON_NEGATIVE_DECIMAL.test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const decimal = new Decimal(text);
    if (places !== undefined && decimal.decimalPlaces() > places) {
      ctx.addIssue({ code: 'custom', message: `The ${label} has at most ${places} decimal places` });
      return z.NEVER;
    }
    if (decimal.greaterThan(max)) {
      ctx.addIssue({ code: 'custom', message: `The ${label} is at most ${max.toFixed()}` });
      return z.NEVER;
    }
    return decimal;
  });
}

const money = (label: string) => decimalSchema(label, { places: 2, max: MAX_INVOICE_AMOUNT });
const percent = (label: string) => decimalSchema(label, { places: 2, max: new Decimal(100) });
const text = (max: number) => plainText().trim().max(max, `Keep this to ${max} characters or fewer`);
const sacSchema = z
  .string()
  .trim()
  .regex(/^(\d{4}|\d{6}|\d{8})?$/, 'A SAC or HSN code has 4, 6 or 8 digits');

const CHARGE_UNITS = {
  duty: 'duty',
  km: 'km',
  hour: 'hour',
  day: 'day',
  night: 'night',
  occasion: 'occasion',
} as const satisfies { [unit in ChargeUnit]: unit };

const chargeLineSchema = z.object({
  code: z.enum(CHARGE_CODES),
  label: text(200),
  quantity: decimalSchema('quantity', { max: MAX_INVOICE_AMOUNT }),
  unit: z.enum(CHARGE_UNITS),
  rate: decimalSchema('rate', { places: 4, max: MAX_INVOICE_AMOUNT }),
  amount: money('amount'),
});

const bookingLineSchema = z
  .object({
    type: z.literal('BOOKING'),
    bookingId: idSchema,
    description: text(500),
    charges: z.array(chargeLineSchema).max(MAX_BOOKING_CHARGES),
    total: money('total'),
  })
  .superRefine((line, ctx) => {
    const sum = line.charges.reduce((total, charge) => total.plus(charge.amount), new Decimal(0));
    if (!sum.equals(line.total)) {
      ctx.addIssue({
        code: 'custom',
        path: ['total'],
        message: `The booking's total ${line.total.toFixed(2)} is not the sum of its charges, ${sum.toFixed(2)}`,
      });
    }
  });

const customLineSchema = z.object({
  type: z.literal('CUSTOM'),
  description: text(500).min(1, 'Describe the row'),
  sac: sacSchema.default(''),
  quantity: decimalSchema('quantity', { places: 4, max: MAX_INVOICE_AMOUNT }),
  rate: decimalSchema('rate', { places: 4, max: MAX_INVOICE_AMOUNT }),
  taxable: z.boolean(),
  taxRate: percent('tax rate').nullable().default(null),
});

const billingItemLineSchema = z.object({
  type: z.literal('BILLING_ITEM'),
  // A duty's trip insurance line names its insurer (120) and policy (60): "Trip insurance — …, policy …".
  name: text(250).min(1, 'Name the billing item'),
  amount: money('amount'),
  taxable: z.boolean(),
  sac: sacSchema.default(''),
  taxRate: percent('tax rate').nullable().default(null),
});

const adjustmentDescription = text(200).default('');

const discountAmountLineSchema = z.object({
  type: z.literal('DISCOUNT_AMOUNT'),
  description: adjustmentDescription,
  amount: money('discount'),
});

const discountPercentageLineSchema = z.object({
  type: z.enum(['DISCOUNT_PERCENTAGE', 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE']),
  description: adjustmentDescription,
  percent: percent('discount percentage'),
});

const surchargePercentageLineSchema = z.object({
  type: z.literal('SURCHARGE_PERCENTAGE'),
  description: adjustmentDescription,
  percent: percent('surcharge percentage'),
});

/** One invoice line as the billing service takes it; amounts arrive as decimal text or Decimals. */
export const invoiceLineSchema: z.ZodType<InvoiceLine> = z.discriminatedUnion('type', [
  bookingLineSchema,
  customLineSchema,
  billingItemLineSchema,
  discountAmountLineSchema,
  discountPercentageLineSchema,
  surchargePercentageLineSchema,
]);

/** An invoice's lines: at least one booking, custom row or billing item. */
export const invoiceLinesSchema = z
  .array(invoiceLineSchema)
  .max(MAX_INVOICE_LINES, `An invoice has at most ${MAX_INVOICE_LINES} lines`)
  .refine((lines) => lines.some(isItemLine), 'Add a booking, a row or a billing item to invoice');
