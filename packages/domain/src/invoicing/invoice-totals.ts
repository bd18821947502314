// An invoice's figures (DOMAIN.md "Invoicing"): car hire and taxable rows − discount + surcharge =
// taxable value; + GST; + non-taxable rows; rounded to the nearest rupee (50 paise and up rounds up)
// into the round-off.
//
// Tax is computed on the total taxable value of each rate, each component rounded half up to the
// paisa once per rate, not line by line:
// - per-line rounding makes the printed tax disagree with rate × printed taxable value, by up to half
//   a paisa per line;
// - rule 46 of the CGST Rules asks the invoice for the taxable value and the tax per rate, and GSTR-1
//   reports them per rate too;
// - discounts and surcharges are invoice-level, so tax per line would need them allocated anyway.
// Discounts and surcharges touch only taxable lines; they are allocated to those lines in proportion
// (largest remainder, so the parts sum to the paisa) because the taxable value is due per rate.
//
// Decisions where DOMAIN.md is silent:
// - Discounts apply in the order given, then every surcharge. A percentage discount is a percent of the
//   lines it discounts before any discount; each discount is allocated over what those lines have left,
//   and may not exceed it. A surcharge is a percent of the taxable value after all discounts.
// - Each discount and surcharge amount is rounded half up to the paisa.
// - Reverse charge: the tax is computed and listed in `taxes` but not collected: `taxTotal` is 0 and
//   the tax is in `reverseChargeTax`.
// - A rate whose taxable value comes to zero (a full discount) gets no tax rows.

import type Decimal from 'decimal.js';
import { formatRupees } from '../display/rupees';
import type { GstRegime } from './gst-regime';
import {
  type BookingLine,
  CAR_HIRE_SAC,
  type DiscountAmountLine,
  type DiscountPercentageLine,
  type InvoiceAdjustmentLine,
  type InvoiceItemLine,
  type InvoiceLine,
  isItemLine,
  MAX_INVOICE_AMOUNT,
  type SurchargePercentageLine,
} from './invoice-lines';
import { InvoiceLineError } from './invoicing-errors';
import { allocate, divideHalfUp, fromPaise, fromScaled, scaled, sumOf } from './paise';

export type TaxKind = 'CGST' | 'SGST' | 'IGST';

/** One tax component on the taxable value of one rate. */
export interface InvoiceTax {
  kind: TaxKind;
  /** The component's own rate, percent: 2.5 for the CGST of 5% GST; 0 for IGST under an LUT. */
  rate: Decimal;
  /** The GST rate of the lines taxed: 5 for both halves of 5% GST. */
  gstRate: Decimal;
  taxableValue: Decimal;
  amount: Decimal;
}

/** A booking, custom row or billing item with its share of the invoice's discounts and surcharges. */
export interface ComputedInvoiceLine {
  /** Its position in the lines given. */
  index: number;
  type: InvoiceItemLine['type'];
  description: string;
  sac: string;
  taxable: boolean;
  /** Before discounts and surcharges. */
  amount: Decimal;
  discount: Decimal;
  surcharge: Decimal;
  /** amount − discount + surcharge for a taxable line; 0 for a line that is not taxable. */
  taxableValue: Decimal;
  /** The GST rate (percent) the line is taxed at; 0 when it is not taxable or no GST applies. */
  rate: Decimal;
}

/** A discount or surcharge line with the amount it came to. */
export interface ComputedAdjustment {
  index: number;
  type: InvoiceAdjustmentLine['type'];
  description: string;
  /** The percentage of a percentage line; null for an amount. */
  percent: Decimal | null;
  amount: Decimal;
}

/** Every figure rounded to the paisa. total = taxableValue + taxTotal + nonTaxableRows + roundOff. */
export interface InvoiceComputation {
  lines: ComputedInvoiceLine[];
  adjustments: ComputedAdjustment[];
  /** The booking lines. */
  carHire: Decimal;
  /** Taxable custom rows and billing items. */
  taxableRows: Decimal;
  nonTaxableRows: Decimal;
  discount: Decimal;
  surcharge: Decimal;
  /** carHire + taxableRows − discount + surcharge. */
  taxableValue: Decimal;
  /** One entry per component per rate, reverse-charge tax included; none when no GST applies. */
  taxes: InvoiceTax[];
  /** The tax collected with the invoice. */
  taxTotal: Decimal;
  /** The tax the customer pays under reverse charge: shown, not collected. */
  reverseChargeTax: Decimal;
  totalBeforeRounding: Decimal;
  /** From −0.49 to +0.50. */
  roundOff: Decimal;
  /** Whole rupees. */
  total: Decimal;
}

/** An item line while it is computed: paise, and hundredths of a percent for its rate. */
interface Item {
  index: number;
  line: InvoiceItemLine;
  amount: bigint;
  taxable: boolean;
  rate: bigint;
  discount: bigint;
  surcharge: bigint;
}

type Discount = DiscountAmountLine | DiscountPercentageLine;
interface Positioned<T> {
  index: number;
  line: T;
}

/** 100% in hundredths of a percent, the unit of line rates and percentages. */
const HUNDRED_PERCENT = 10_000n;
/** 100% in ten-thousandths of a percent, the unit of tax components (the CGST of 0.25% GST is 0.125%). */
const HUNDRED_PERCENT_FINE = 1_000_000n;
const MAX_PAISE = scaled(MAX_INVOICE_AMOUNT, 2) ?? 0n;

/** A money amount of a line in paise: 0 or more, at most two places. */
function paiseOf(index: number, what: string, value: Decimal): bigint {
  const paise = scaled(value, 2);
  if (paise === undefined)
    throw new InvoiceLineError(index, `the ${what} ${value.toString()} is not in whole paise`);
  if (paise < 0n) throw new InvoiceLineError(index, `the ${what} cannot be negative`);
  if (paise > MAX_PAISE) {
    throw new InvoiceLineError(index, `the ${what} is more than ${MAX_INVOICE_AMOUNT.toFixed(2)}`);
  }
  return paise;
}

/** A percentage of a line in hundredths: from 0 to 100, at most two places. */
function hundredthsOf(index: number, what: string, value: Decimal): bigint {
  const hundredths = scaled(value, 2);
  if (hundredths === undefined || hundredths < 0n || hundredths > HUNDRED_PERCENT) {
    throw new InvoiceLineError(index, `the ${what} must be from 0 to 100 with at most 2 decimal places`);
  }
  return hundredths;
}

function customAmount(index: number, quantity: Decimal, rate: Decimal): bigint {
  const q = scaled(quantity, 4);
  const r = scaled(rate, 4);
  if (q === undefined || r === undefined || q < 0n || r < 0n) {
    throw new InvoiceLineError(
      index,
      'the quantity and the rate must be 0 or more with at most 4 decimal places',
    );
  }
  // q and r carry 4 places each, their product 8; paise have 2.
  return paiseOf(index, 'amount', fromPaise(divideHalfUp(q * r, 1_000_000n)));
}

function bookingAmount(index: number, line: BookingLine): bigint {
  const total = paiseOf(index, 'total', line.total);
  const charges = sumOf(
    line.charges.map((charge) => paiseOf(index, `${charge.label} amount`, charge.amount)),
  );
  if (charges !== total) {
    throw new InvoiceLineError(
      index,
      `the booking's total ${rupees(total)} is not the sum of its charges, ${rupees(charges)}`,
    );
  }
  return total;
}

/** The line's amount and GST rate (hundredths of a percent, as `carHireRate`). */
function itemOf(index: number, line: InvoiceItemLine, carHireRate: bigint, gstApplies: boolean): Item {
  const start = { index, line, discount: 0n, surcharge: 0n };
  if (line.type === 'BOOKING') {
    return {
      ...start,
      amount: bookingAmount(index, line),
      taxable: true,
      rate: gstApplies ? carHireRate : 0n,
    };
  }
  const amount =
    line.type === 'CUSTOM'
      ? customAmount(index, line.quantity, line.rate)
      : paiseOf(index, 'amount', line.amount);
  const ownRate = line.taxRate === null ? carHireRate : hundredthsOf(index, 'tax rate', line.taxRate);
  const rate = line.taxable && gstApplies ? ownRate : 0n;
  return { ...start, amount, taxable: line.taxable, rate };
}

const describe = (line: InvoiceItemLine) => (line.type === 'BILLING_ITEM' ? line.name : line.description);
const sacOf = (line: InvoiceItemLine) => (line.type === 'BOOKING' ? CAR_HIRE_SAC : line.sac);
const rupees = (paise: bigint) => formatRupees(fromPaise(paise));

/** Spreads `amount` over `items` in proportion to `weights`, adding each part to the field named. */
function spread(
  items: readonly Item[],
  weights: readonly bigint[],
  amount: bigint,
  into: 'discount' | 'surcharge',
) {
  allocate(amount, weights).forEach((part, i) => {
    const item = items[i];
    if (item) item[into] += part;
  });
}

/** Takes one discount off the lines it discounts; its amount. */
function applyDiscount({ index, line }: Positioned<Discount>, taxable: readonly Item[]): bigint {
  const onCarHire = line.type === 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE';
  const targets = onCarHire ? taxable.filter((item) => item.line.type === 'BOOKING') : taxable;
  const amount =
    line.type === 'DISCOUNT_AMOUNT'
      ? paiseOf(index, 'discount', line.amount)
      : divideHalfUp(
          sumOf(targets.map((item) => item.amount)) *
            hundredthsOf(index, 'discount percentage', line.percent),
          HUNDRED_PERCENT,
        );
  const left = targets.map((item) => item.amount - item.discount);
  const available = sumOf(left);
  if (amount > available) {
    throw new InvoiceLineError(
      index,
      `the discount of ${rupees(amount)} is more than the ${rupees(available)} of ` +
        `${onCarHire ? 'car hire' : 'taxable charges'} left to discount`,
    );
  }
  spread(targets, left, amount, 'discount');
  return amount;
}

interface RateTax {
  kind: TaxKind;
  /** Ten-thousandths of a percent. */
  rate: bigint;
  /** Hundredths of a percent. */
  gstRate: bigint;
  base: bigint;
  tax: bigint;
}

const taxableValueOf = (item: Item) => item.amount - item.discount + item.surcharge;

/** The tax components of each rate's total taxable value, each rounded once. */
function taxesOf(taxable: readonly Item[], regime: GstRegime): RateTax[] {
  if (regime.kind === 'NONE') return [];
  const byRate = new Map<bigint, bigint>();
  for (const item of taxable) byRate.set(item.rate, (byRate.get(item.rate) ?? 0n) + taxableValueOf(item));
  const component = (kind: TaxKind, rate: bigint, gstRate: bigint, base: bigint): RateTax => ({
    kind,
    rate,
    gstRate,
    base,
    tax: divideHalfUp(base * rate, HUNDRED_PERCENT_FINE),
  });
  return [...byRate.entries()]
    .filter(([, base]) => base > 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([gstRate, base]) => {
      const full = gstRate * 100n;
      if (regime.kind === 'INTRA') {
        return [component('CGST', full / 2n, gstRate, base), component('SGST', full / 2n, gstRate, base)];
      }
      const zeroRatedUnderLut = regime.kind === 'ZERO_RATED' && regime.withoutPayment;
      return [component('IGST', zeroRatedUnderLut ? 0n : full, gstRate, base)];
    });
}

/** The figures of an invoice with these lines under this GST regime. */
export function computeInvoice(lines: readonly InvoiceLine[], regime: GstRegime): InvoiceComputation {
  const gstApplies = regime.kind !== 'NONE';
  const carHireRate = scaled(regime.carHireRate, 2);
  if (carHireRate === undefined || carHireRate < 0n || carHireRate > HUNDRED_PERCENT) {
    throw new RangeError(`Not a GST rate: ${regime.carHireRate.toString()}`);
  }
  const items: Item[] = [];
  const discounts: Positioned<Discount>[] = [];
  const surcharges: Positioned<SurchargePercentageLine>[] = [];
  lines.forEach((line, index) => {
    if (isItemLine(line)) items.push(itemOf(index, line, carHireRate, gstApplies));
    else if (line.type === 'SURCHARGE_PERCENTAGE') surcharges.push({ index, line });
    else discounts.push({ index, line });
  });
  const taxable = items.filter((item) => item.taxable);

  const adjusted = new Map<number, bigint>();
  for (const discount of discounts) adjusted.set(discount.index, applyDiscount(discount, taxable));
  const afterDiscounts = taxable.map((item) => item.amount - item.discount);
  for (const { index, line } of surcharges) {
    const percent = hundredthsOf(index, 'surcharge percentage', line.percent);
    const amount = divideHalfUp(sumOf(afterDiscounts) * percent, HUNDRED_PERCENT);
    spread(taxable, afterDiscounts, amount, 'surcharge');
    adjusted.set(index, amount);
  }

  const taxes = taxesOf(taxable, regime);
  const taxSum = sumOf(taxes.map((t) => t.tax));
  const collected = regime.reverseCharge ? 0n : taxSum;
  const amountOf = (chosen: Item[]) => sumOf(chosen.map((item) => item.amount));
  const carHire = amountOf(items.filter((item) => item.line.type === 'BOOKING'));
  const taxableRows = amountOf(taxable.filter((item) => item.line.type !== 'BOOKING'));
  const nonTaxableRows = amountOf(items.filter((item) => !item.taxable));
  const discount = sumOf(items.map((item) => item.discount));
  const surcharge = sumOf(items.map((item) => item.surcharge));
  const taxableValue = carHire + taxableRows - discount + surcharge;
  const beforeRounding = taxableValue + collected + nonTaxableRows;
  const total = divideHalfUp(beforeRounding, 100n) * 100n;

  return {
    lines: items.map((item) => ({
      index: item.index,
      type: item.line.type,
      description: describe(item.line),
      sac: sacOf(item.line),
      taxable: item.taxable,
      amount: fromPaise(item.amount),
      discount: fromPaise(item.discount),
      surcharge: fromPaise(item.surcharge),
      taxableValue: fromPaise(item.taxable ? taxableValueOf(item) : 0n),
      rate: fromScaled(item.rate, 2),
    })),
    adjustments: [...discounts, ...surcharges]
      .sort((a, b) => a.index - b.index)
      .map(({ index, line }) => ({
        index,
        type: line.type,
        description: line.description,
        percent: line.type === 'DISCOUNT_AMOUNT' ? null : line.percent,
        amount: fromPaise(adjusted.get(index) ?? 0n),
      })),
    carHire: fromPaise(carHire),
    taxableRows: fromPaise(taxableRows),
    nonTaxableRows: fromPaise(nonTaxableRows),
    discount: fromPaise(discount),
    surcharge: fromPaise(surcharge),
    taxableValue: fromPaise(taxableValue),
    taxes: taxes.map((t) => ({
      kind: t.kind,
      rate: fromScaled(t.rate, 4),
      gstRate: fromScaled(t.gstRate, 2),
      taxableValue: fromPaise(t.base),
      amount: fromPaise(t.tax),
    })),
    taxTotal: fromPaise(collected),
    reverseChargeTax: fromPaise(taxSum - collected),
    totalBeforeRounding: fromPaise(beforeRounding),
    roundOff: fromPaise(total - beforeRounding),
    total: fromPaise(total),
  };
}
