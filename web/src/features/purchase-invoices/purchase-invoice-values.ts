// The new purchase invoice form's values, the draft sent from them, what is wrong with them before
// sending, and the figures previewed exactly as billing will compute them (the domain's purchaseFigures).
import {
  type PurchaseFigures,
  PurchaseInvoiceError,
  type PurchaseRow,
  type PurchaseTax,
  purchaseFigures,
} from '@fleet/domain';
import Decimal from 'decimal.js';
import type { PurchaseDraftInput, PurchaseDuty, PurchaseInvoice } from './purchase-invoice-types';

export type ExtraRowType = 'BILLING_ITEM' | 'CUSTOM' | 'DISCOUNT_AMOUNT';

export interface ExtraRowValues {
  key: string;
  type: ExtraRowType;
  description: string;
  amount: string;
}

/** A ticked duty, and whether its billing items (tolls, parking…) the supplier paid come with it. */
export interface DutyPick {
  bookingId: string;
  includeBillingItems: boolean;
  /** What the supplier billed for it; '' : its purchase amount. */
  amount: string;
}

export interface PurchaseFormValues {
  supplierId: string;
  companyId: string;
  supplierInvoiceNo: string;
  supplierInvoiceDate: string;
  receivedDate: string;
  picks: DutyPick[];
  rows: ExtraRowValues[];
  discount: string;
  /** '' : the supplier's default. */
  tdsPercentage: string;
  notes: string;
}

export const blankPurchase = (today: string): PurchaseFormValues => ({
  supplierId: '',
  companyId: '',
  supplierInvoiceNo: '',
  supplierInvoiceDate: '',
  receivedDate: today,
  picks: [],
  rows: [],
  discount: '',
  tdsPercentage: '',
  notes: '',
});

export const ROW_TYPE_LABELS: Record<ExtraRowType, string> = {
  BILLING_ITEM: 'Billing item',
  CUSTOM: 'Other charge',
  DISCOUNT_AMOUNT: 'Discount',
};

/** The rows the invoice will have: each ticked duty's car hire (and billing items), then the typed rows. */
export function rowsOf(values: PurchaseFormValues, duties: readonly PurchaseDuty[]): PurchaseRow[] {
  const byId = new Map(duties.map((d) => [d.bookingId, d]));
  const rows: PurchaseRow[] = [];
  for (const pick of values.picks) {
    const duty = byId.get(pick.bookingId);
    if (!duty) continue;
    rows.push({
      type: 'CAR_HIRE_CHARGES',
      amount: pick.amount.trim() || (duty.purchaseAmount?.toFixed(2) ?? '0'),
    });
    if (pick.includeBillingItems) {
      for (const item of duty.billingItems)
        rows.push({ type: 'BILLING_ITEM', amount: item.amount.toFixed(2) });
    }
  }
  for (const row of values.rows) rows.push({ type: row.type, amount: row.amount.trim() });
  return rows;
}

export type Preview = { figures: PurchaseFigures } | { problem: string; field: string } | undefined;

/** The figures as billing will save them, or why they cannot be worked out yet. */
export function preview(
  values: PurchaseFormValues,
  duties: readonly PurchaseDuty[],
  supplier: { taxes: readonly PurchaseTax[]; defaultTdsPercentage: string } | undefined,
): Preview {
  if (!supplier) return undefined;
  const rows = rowsOf(values, duties);
  if (rows.length === 0) return undefined;
  try {
    return {
      figures: purchaseFigures({
        rows,
        discount: values.discount,
        taxes: supplier.taxes,
        tdsPercentage: values.tdsPercentage.trim() || supplier.defaultTdsPercentage,
      }),
    };
  } catch (error) {
    if (error instanceof PurchaseInvoiceError) {
      // The figures index the duties' rows first; the person's own rows are named by their place, a
      // duty's amount at the duties.
      const ownRow = /^rows\.(\d+)\./.exec(error.field);
      const offset = rows.length - values.rows.length;
      const index = ownRow ? Number(ownRow[1]) - offset : -1;
      const field = !ownRow ? error.field : index >= 0 ? `rows.${index}.amount` : 'duties';
      return { problem: error.message, field };
    }
    throw error;
  }
}

/** What is wrong before anything is sent, by field. */
export function purchaseProblems(values: PurchaseFormValues, today: string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!values.supplierId) found.supplierId = 'Choose the supplier.';
  if (!values.supplierInvoiceNo.trim()) found.supplierInvoiceNo = "Enter the supplier's invoice number.";
  else if (values.supplierInvoiceNo.trim().length > 40) found.supplierInvoiceNo = 'Keep it to 40 characters.';
  if (!values.supplierInvoiceDate) found.supplierInvoiceDate = "Enter the supplier's invoice date.";
  else if (values.supplierInvoiceDate > today) found.supplierInvoiceDate = 'It cannot be in the future.';
  if (!values.receivedDate) found.receivedDate = 'Enter the day it was received.';
  else if (values.receivedDate > today) found.receivedDate = 'It cannot be in the future.';
  else if (values.supplierInvoiceDate && values.receivedDate < values.supplierInvoiceDate) {
    found.receivedDate = 'It is received on or after the day it is dated.';
  }
  if (values.picks.length === 0 && values.rows.length === 0) found.duties = 'Tick a duty or add a row.';
  return found;
}

export function draftOf(values: PurchaseFormValues): PurchaseDraftInput {
  return {
    supplierId: values.supplierId,
    companyId: values.companyId || undefined,
    supplierInvoiceNo: values.supplierInvoiceNo.trim(),
    supplierInvoiceDate: values.supplierInvoiceDate,
    receivedDate: values.receivedDate,
    duties: values.picks.map((p) => ({
      bookingId: p.bookingId,
      includeBillingItems: p.includeBillingItems,
      amount: p.amount.trim() || undefined,
    })),
    rows: values.rows.map((r) => ({
      type: r.type,
      description: r.description.trim() || undefined,
      amount: r.amount.trim(),
    })),
    discount: values.discount.trim() || undefined,
    tdsPercentage: values.tdsPercentage.trim() || undefined,
    notes: values.notes.trim() || undefined,
  };
}

/** A draft's values as the form edits them: its duties (with what was typed for them), its own rows, its figures' inputs. */
export function valuesOf(
  invoice: Pick<
    PurchaseInvoice,
    | 'supplierId'
    | 'companyId'
    | 'supplierInvoiceNo'
    | 'supplierInvoiceDate'
    | 'receivedDate'
    | 'discount'
    | 'tdsPercentage'
    | 'notes'
    | 'rows'
    | 'duties'
  >,
): PurchaseFormValues {
  const carHire = invoice.rows.filter((r) => r.type === 'CAR_HIRE_CHARGES' && r.bookingId);
  const dutyIds = new Set(carHire.map((r) => r.bookingId));
  const isDutyItem = (r: PurchaseInvoice['rows'][number]) =>
    r.type === 'BILLING_ITEM' && r.bookingId !== null && dutyIds.has(r.bookingId);
  const withItems = new Set(invoice.rows.filter(isDutyItem).map((r) => r.bookingId));
  const own = invoice.rows.filter((r) => !(r.type === 'CAR_HIRE_CHARGES' && r.bookingId) && !isDutyItem(r));
  const discountRows = own
    .filter((r) => r.type === 'DISCOUNT_AMOUNT')
    .reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
  const discount = invoice.discount.minus(discountRows);
  return {
    supplierId: invoice.supplierId,
    companyId: invoice.companyId,
    supplierInvoiceNo: invoice.supplierInvoiceNo,
    supplierInvoiceDate: invoice.supplierInvoiceDate,
    receivedDate: invoice.receivedDate,
    picks: carHire.map((r) => {
      const duty = invoice.duties.find((d) => d.bookingId === r.bookingId);
      const priced = duty?.purchaseAmount?.equals(r.amount) ?? false;
      return {
        bookingId: r.bookingId ?? '',
        includeBillingItems: withItems.has(r.bookingId),
        amount: priced ? '' : r.amount.toFixed(2),
      };
    }),
    rows: own.map((r, index) => ({
      key: `row-${index}`,
      type: r.type === 'BILLING_ITEM' || r.type === 'DISCOUNT_AMOUNT' ? r.type : 'CUSTOM',
      description: r.description,
      amount: r.amount.toFixed(2),
    })),
    discount: discount.greaterThan(0) ? discount.toFixed(2) : '',
    tdsPercentage: invoice.tdsPercentage,
    notes: invoice.notes,
  };
}
