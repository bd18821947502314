// What the receipts and the credit/debit notes exports read: each list's filters, checked as its list
// checks them (a 400 naming the field), and the value each catalogue column takes from a row.
import { RECEIPT_TYPES } from '@fleet/domain';
import { requireIds } from '@fleet/platform';
import Decimal from 'decimal.js';
import type { NoteFilters, NoteRow, NoteType } from '../storage/notes-store';
import type { ReceiptFilters, ReceiptRow } from '../storage/receipts-store';
import { checkedDate, checkedText, oneOf } from '../use-cases/checked-input';
import type { ColumnValues } from './record-columns';

const NOTE_TYPES: readonly NoteType[] = ['CREDIT', 'DEBIT'];

/** A list's filters as the export request carries them. */
export interface ListExportFilters {
  search?: string;
  customerIds?: readonly string[];
  types?: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  includeCancelled?: boolean;
}

export function receiptExportFiltersOf(input: ListExportFilters): ReceiptFilters {
  return {
    search: checkedText(input.search, 'search', 100) || undefined,
    customerIds: requireIds(input.customerIds ?? [], 'customerIds'),
    types: (input.types ?? []).map((t) => oneOf(RECEIPT_TYPES, t, 'types')),
    dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
    dateTo: checkedDate(input.dateTo, 'dateTo'),
    includeCancelled: input.includeCancelled ?? false,
  };
}

export function noteExportFiltersOf(input: ListExportFilters): NoteFilters {
  return {
    search: checkedText(input.search, 'search', 100) || undefined,
    customerIds: requireIds(input.customerIds ?? [], 'customerIds'),
    types: (input.types ?? []).map((t) => oneOf(NOTE_TYPES, t, 'types')),
    dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
    dateTo: checkedDate(input.dateTo, 'dateTo'),
    includeCancelled: input.includeCancelled ?? false,
  };
}

const amount = (text: string) => new Decimal(text || 0);
const instant = (value: string | Date) => new Date(value);

export const RECEIPT_VALUES: ColumnValues<ReceiptRow> = {
  receipt_no: (r) => r.receiptNo,
  receipt_date: (r) => r.receiptDate,
  financial_year: (r) => r.financialYear,
  receipt_type: (r) => r.type,
  customer_name: (r) => r.customerName,
  payment_mode: (r) => r.paymentMode,
  cheque_no: (r) => r.chequeNo || null,
  cheque_date: (r) => r.chequeDate,
  bank_name: (r) => r.bankName || null,
  reference: (r) => r.reference || null,
  received_amount: (r) => amount(r.receivedAmount),
  adjusted_amount: (r) => amount(r.adjustedAmount),
  unapplied_amount: (r) => amount(r.receivedAmount).minus(amount(r.adjustedAmount)),
  tds_amount: (r) => amount(r.tdsAmount),
  bank_charges: (r) => amount(r.bankCharges),
  is_cancelled: (r) => r.isCancelled,
  cancellation_reason: (r) => r.cancellationReason || null,
  notes: (r) => r.notes || null,
  created_at: (r) => instant(r.createdAt),
};

export const NOTE_VALUES: ColumnValues<NoteRow> = {
  note_no: (n) => n.noteNo,
  note_type: (n) => n.type,
  note_date: (n) => n.noteDate,
  financial_year: (n) => n.financialYear,
  invoice_no: (n) => n.invoiceNo,
  customer_name: (n) => n.customerName,
  reason: (n) => n.reason || null,
  taxable_value: (n) => amount(n.taxableValue),
  tax: (n) => amount(n.tax),
  round_off: (n) => amount(n.roundOff),
  total: (n) => amount(n.total),
  is_cancelled: (n) => n.isCancelled,
  cancellation_reason: (n) => n.cancellationReason || null,
  created_at: (n) => instant(n.createdAt),
};
