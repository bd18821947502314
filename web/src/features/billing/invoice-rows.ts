// The typed rows of an invoice as its editor holds them (text as typed), what invoice.create and
// invoice.update take from them, and the rows an existing invoice starts the editor with.
import type Decimal from 'decimal.js';
import type { InvoiceLine, LineInput } from './invoice-types';

export type RowType = LineInput['type'];

export const ROW_TYPES: { value: RowType; label: string }[] = [
  { value: 'CUSTOM', label: 'Custom row' },
  { value: 'BILLING_ITEM', label: 'Billing item' },
  { value: 'DISCOUNT_AMOUNT', label: 'Discount (amount)' },
  { value: 'DISCOUNT_PERCENTAGE', label: 'Discount (%)' },
  { value: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE', label: 'Discount on car hire (%)' },
  { value: 'SURCHARGE_PERCENTAGE', label: 'Surcharge (%)' },
];

/** Which inputs a row of this type has. */
export const ROW_FIELDS: Record<
  RowType,
  { quantity: boolean; rate: boolean; percentage: boolean; amount: boolean; tax: boolean }
> = {
  CUSTOM: { quantity: true, rate: true, percentage: false, amount: false, tax: true },
  BILLING_ITEM: { quantity: false, rate: false, percentage: false, amount: true, tax: true },
  DISCOUNT_AMOUNT: { quantity: false, rate: false, percentage: false, amount: true, tax: false },
  DISCOUNT_PERCENTAGE: { quantity: false, rate: false, percentage: true, amount: false, tax: false },
  DISCOUNT_PERCENTAGE_ON_CAR_HIRE: {
    quantity: false,
    rate: false,
    percentage: true,
    amount: false,
    tax: false,
  },
  SURCHARGE_PERCENTAGE: { quantity: false, rate: false, percentage: true, amount: false, tax: false },
};

/** One row of the editor; '' for what is not given. */
export interface InvoiceRowValues {
  /** Stable across edits, for React's keys; not sent. */
  key: string;
  type: RowType;
  description: string;
  sacCode: string;
  quantity: string;
  rate: string;
  percentage: string;
  amount: string;
  isTaxable: boolean;
  taxId: string;
  billingItemId: string;
}

let nextKey = 0;
export function blankRow(type: RowType = 'CUSTOM'): InvoiceRowValues {
  return {
    key: `row-${++nextKey}`,
    type,
    description: '',
    sacCode: '',
    quantity: type === 'CUSTOM' ? '1' : '',
    rate: '',
    percentage: '',
    amount: '',
    isTaxable: type === 'CUSTOM' || type === 'BILLING_ITEM',
    taxId: '',
    billingItemId: '',
  };
}

const given = (text: string) => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The rows as the invoice procedures take them: only the fields the row's type has, blanks left out. */
export function rowsToLines(rows: readonly InvoiceRowValues[]): LineInput[] {
  return rows.map((row) => {
    const fields = ROW_FIELDS[row.type];
    const taxable = fields.tax && row.isTaxable;
    return {
      type: row.type,
      description: given(row.description),
      sacCode: fields.tax ? given(row.sacCode) : undefined,
      quantity: fields.quantity ? given(row.quantity) : undefined,
      rate: fields.rate ? given(row.rate) : undefined,
      percentage: fields.percentage ? given(row.percentage) : undefined,
      amount: fields.amount ? given(row.amount) : undefined,
      isTaxable: fields.tax ? taxable : undefined,
      taxId: taxable ? given(row.taxId) : undefined,
      billingItemId: row.type === 'BILLING_ITEM' ? given(row.billingItemId) : undefined,
    };
  });
}

const NUMBER = /^\d{1,9}(\.\d{1,4})?$/;

/** What is wrong with the rows before they are sent, by the server's field names (`lines.2.rate`). */
export function rowProblems(rows: readonly InvoiceRowValues[]): Record<string, string> {
  const problems: Record<string, string> = {};
  rows.forEach((row, i) => {
    const fields = ROW_FIELDS[row.type];
    const need = (field: 'quantity' | 'rate' | 'percentage' | 'amount', what: string) => {
      const value = row[field].trim();
      if (value === '') problems[`lines.${i}.${field}`] = `Enter the ${what}.`;
      else if (!NUMBER.test(value))
        problems[`lines.${i}.${field}`] = `Enter the ${what} as a number, e.g. 1250.50`;
    };
    if ((row.type === 'CUSTOM' || row.type === 'BILLING_ITEM') && !row.description.trim())
      problems[`lines.${i}.description`] = 'Say what the row is for.';
    if (fields.quantity) need('quantity', 'quantity');
    if (fields.rate) need('rate', 'rate');
    if (fields.percentage) need('percentage', 'percentage');
    if (fields.amount) need('amount', 'amount');
    if (fields.tax && row.sacCode.trim() && !/^(\d{4}|\d{6}|\d{8})$/.test(row.sacCode.trim()))
      problems[`lines.${i}.sacCode`] = 'A SAC code has 4, 6 or 8 digits';
  });
  return problems;
}

/** A tax master as the editor offers it. */
export interface TaxChoice {
  id: string;
  percentage: string;
}

const sameRate = (a: string, b: Decimal | null) => b !== null && a !== '' && b.equals(a);

/**
 * The rows staff typed on an invoice, to edit it: its duties' rows (BOOKING and their billing items)
 * come with the duties, not here. The invoice keeps a taxable row's rate, not its tax master: a rate
 * other than the car hire rate is matched back to a tax of that percentage.
 */
export function rowsFromInvoice(
  lines: readonly InvoiceLine[],
  carHireRate: Decimal,
  taxes: readonly TaxChoice[],
): InvoiceRowValues[] {
  return lines
    .filter((line) => !line.bookingId)
    .flatMap((line) => {
      const type = ROW_TYPES.find((t) => t.value === line.type)?.value;
      return type ? [{ line, type }] : [];
    })
    .map(({ line, type }) => {
      const row = blankRow(type);
      const ownRate = line.isTaxable && line.taxRate !== null && !line.taxRate.equals(carHireRate);
      return {
        ...row,
        description: line.description,
        sacCode: line.sacCode,
        quantity: type === 'CUSTOM' ? (line.quantity?.toFixed() ?? '1') : '',
        rate: type === 'CUSTOM' ? (line.rate?.toFixed() ?? '') : '',
        percentage: line.percentage?.toFixed() ?? '',
        amount: ROW_FIELDS[type].amount ? line.amount.toFixed(2) : '',
        isTaxable: line.isTaxable,
        taxId: ownRate ? (taxes.find((t) => sameRate(t.percentage, line.taxRate))?.id ?? '') : '',
        billingItemId: line.billingItemId ?? '',
      };
    });
}
