// A supplier's invoice for the duties it ran for the operator (DOMAIN.md "Invoicing", spec §3
// PurchaseInvoice, §9 purchase item types): its rows add up to the sub-total, the discount comes off to
// give the taxable value, the supplier's taxes are charged on that, the total is rounded to the rupee,
// and the operator deducts TDS on the taxable value from what it pays. All in decimal.js, half up.

import Decimal from 'decimal.js';
import { formatRupees } from '../display/rupees';
import { financialYearOf } from '../financial-year';
import { isIsoDate } from '../validation/iso-date';
import { invoiceNumber } from './invoice-number';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export const PURCHASE_ROW_TYPES = ['CAR_HIRE_CHARGES', 'BILLING_ITEM', 'CUSTOM', 'DISCOUNT_AMOUNT'] as const;
export type PurchaseRowType = (typeof PURCHASE_ROW_TYPES)[number];
export const PURCHASE_INVOICE_STATUSES = ['DRAFT', 'APPROVED', 'CANCELLED'] as const;
export type PurchaseInvoiceStatus = (typeof PURCHASE_INVOICE_STATUSES)[number];

export const MAX_SUPPLIER_INVOICE_NO_LENGTH = 40;
/** Rows a purchase invoice may have: a month of a busy supplier's duties with their tolls. */
export const MAX_PURCHASE_ROWS = 1000;

/** What is wrong with a purchase invoice, named by the field the person typed it in. */
export class PurchaseInvoiceError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'PurchaseInvoiceError';
  }
}

/** Our number of a supplier's invoice in the billing company's series for the year it is dated: PUR/26-27/0001. */
export const purchaseNumber = (supplierInvoiceDate: string, sequence: number) =>
  invoiceNumber(`PUR/${financialYearOf(supplierInvoiceDate).short}/`, sequence);

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** Money typed by a person: not negative, at most two decimal places; '' is 0. */
export function purchaseMoney(value: string | undefined, field: string): Dec {
  const text = (value ?? '').trim();
  if (text === '') return new D(0);
  if (text.startsWith('-')) throw new PurchaseInvoiceError(field, 'An amount cannot be negative.');
  if (!MONEY.test(text)) {
    throw new PurchaseInvoiceError(field, 'Give the amount in rupees to the paisa, e.g. 1050.50.');
  }
  return new D(text);
}

/** A percentage from 0 to 100 with at most two decimals. */
export function purchasePercentage(value: string, field: string): Dec {
  const text = value.trim();
  if (!PERCENT.test(text) || new D(text).gt(100)) {
    throw new PurchaseInvoiceError(field, 'Give a percentage from 0 to 100, at most two decimals.');
  }
  return new D(text);
}

/** The TDS section a supplier is deducted under (s.194C): 1% individuals/HUF, 2% others. */
const LEDGER_RATES: Record<string, string> = { '194C_INDIVIDUAL': '1', '194C_OTHERS': '2', NONE: '0' };

/**
 * The TDS percentage deducted from a supplier by default: its own TDS percentage when the master sets
 * one, else its TDS section's rate, else none.
 */
export function defaultPurchaseTdsPercentage(supplier: {
  tdsPercentage?: string;
  tdsLedgerType?: string;
}): string {
  const own = (supplier.tdsPercentage ?? '').trim();
  if (own !== '' && PERCENT.test(own) && new D(own).lte(100)) return new D(own).toFixed(2);
  return new D(LEDGER_RATES[supplier.tdsLedgerType ?? ''] ?? '0').toFixed(2);
}

export interface PurchaseRow {
  type: PurchaseRowType;
  amount: string;
  description?: string;
  bookingId?: string | null;
}

export interface PurchaseTax {
  taxId: string;
  name: string;
  percentage: string;
}

export interface PurchaseTaxAmount extends PurchaseTax {
  amount: string;
}

/** A purchase invoice's figures, each decimal text with two places. */
export interface PurchaseFigures {
  subTotal: string;
  discount: string;
  taxable: string;
  taxes: PurchaseTaxAmount[];
  taxTotal: string;
  tdsPercentage: string;
  tds: string;
  roundOff: string;
  total: string;
  payable: string;
}

/**
 * The figures of a purchase invoice from its rows: CAR_HIRE_CHARGES, BILLING_ITEM and CUSTOM rows add up
 * to the sub-total; DISCOUNT_AMOUNT rows and the invoice's own discount come off it to the taxable value;
 * each tax is its percentage of the taxable value, to the paisa; the total (taxable + tax) is rounded to
 * the rupee, 50 paise up, the difference kept as the round-off; TDS is its percentage of the taxable
 * value, rounded once to the rupee (s.288B); what the operator pays is the total less the TDS.
 */
export function purchaseFigures(input: {
  rows: readonly PurchaseRow[];
  discount?: string;
  taxes: readonly PurchaseTax[];
  tdsPercentage: string;
}): PurchaseFigures {
  if (input.rows.length === 0)
    throw new PurchaseInvoiceError('rows', 'Add at least one row: a duty or a charge.');
  if (input.rows.length > MAX_PURCHASE_ROWS) {
    throw new PurchaseInvoiceError('rows', `A purchase invoice has at most ${MAX_PURCHASE_ROWS} rows.`);
  }
  let subTotal = new D(0);
  let discount = purchaseMoney(input.discount, 'discount');
  input.rows.forEach((row, index) => {
    if (!PURCHASE_ROW_TYPES.includes(row.type)) {
      throw new PurchaseInvoiceError(`rows.${index}.type`, `Choose one of ${PURCHASE_ROW_TYPES.join(', ')}.`);
    }
    const amount = purchaseMoney(row.amount, `rows.${index}.amount`);
    if (row.type === 'DISCOUNT_AMOUNT') discount = discount.plus(amount);
    else subTotal = subTotal.plus(amount);
  });
  if (discount.gt(subTotal)) {
    throw new PurchaseInvoiceError(
      'discount',
      `The discount ${formatRupees(discount)} is more than the ${formatRupees(subTotal)} it comes off.`,
    );
  }
  const taxable = subTotal.minus(discount);
  const taxes = input.taxes.map((tax, index) => {
    const percentage = purchasePercentage(tax.percentage, `taxes.${index}.percentage`);
    const amount = taxable.times(percentage).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    return { ...tax, percentage: percentage.toFixed(2), amount: amount.toFixed(2) };
  });
  const taxTotal = taxes.reduce((sum, tax) => sum.plus(tax.amount), new D(0));
  const exact = taxable.plus(taxTotal);
  const total = exact.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const tdsPercentage = purchasePercentage(input.tdsPercentage, 'tdsPercentage');
  const tds = taxable.times(tdsPercentage).dividedBy(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return {
    subTotal: subTotal.toFixed(2),
    discount: discount.toFixed(2),
    taxable: taxable.toFixed(2),
    taxes,
    taxTotal: taxTotal.toFixed(2),
    tdsPercentage: tdsPercentage.toFixed(2),
    tds: tds.toFixed(2),
    roundOff: total.minus(exact).toFixed(2),
    total: total.toFixed(2),
    payable: total.minus(tds).toFixed(2),
  };
}

/** The supplier's number of its invoice: given, at most 40 characters, no NUL. */
export function checkedSupplierInvoiceNo(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') throw new PurchaseInvoiceError('supplierInvoiceNo', "Give the supplier's invoice number.");
  if (text.length > MAX_SUPPLIER_INVOICE_NO_LENGTH) {
    throw new PurchaseInvoiceError(
      'supplierInvoiceNo',
      `Keep the supplier's invoice number to ${MAX_SUPPLIER_INVOICE_NO_LENGTH} characters.`,
    );
  }
  if (text.includes('\0'))
    throw new PurchaseInvoiceError('supplierInvoiceNo', 'It cannot contain NUL characters.');
  return text;
}

/**
 * The supplier's invoice date and the day it reached the operator: both given, neither after today, and
 * the invoice received on or after the day it is dated.
 */
export function checkPurchaseDates(dates: {
  supplierInvoiceDate?: string;
  receivedDate?: string;
  today: string;
}): { supplierInvoiceDate: string; receivedDate: string } {
  const { supplierInvoiceDate, receivedDate, today } = dates;
  if (!supplierInvoiceDate || !isIsoDate(supplierInvoiceDate)) {
    throw new PurchaseInvoiceError('supplierInvoiceDate', "Give the supplier's invoice date as YYYY-MM-DD.");
  }
  if (!receivedDate || !isIsoDate(receivedDate)) {
    throw new PurchaseInvoiceError('receivedDate', 'Give the day the invoice was received as YYYY-MM-DD.');
  }
  if (supplierInvoiceDate > today) {
    throw new PurchaseInvoiceError('supplierInvoiceDate', 'The invoice date cannot be in the future.');
  }
  if (receivedDate > today)
    throw new PurchaseInvoiceError('receivedDate', 'The received date cannot be in the future.');
  if (receivedDate < supplierInvoiceDate) {
    throw new PurchaseInvoiceError('receivedDate', 'An invoice is received on or after the day it is dated.');
  }
  return { supplierInvoiceDate, receivedDate };
}
