// How the receivables screens write what customers owe: balances the ledger's way (Dr owed to the
// operator, Cr held for the customer), the ageing columns, the statement's documents and its PDF.
import Decimal from 'decimal.js';
import { rupees } from '../duties/duty-format';
import type { CustomerOutstanding, StatementEntry } from './receivables-types';

/** A balance as a ledger writes it: ₹1,23,456.00 Dr (owed to the operator), Cr (held for the customer). */
export function balanceText(balance: Decimal): string {
  // Decimal's −0 is negative; a nil balance is neither.
  if (balance.isZero()) return rupees(balance.abs());
  return `${rupees(balance.abs())} ${balance.isNegative() ? 'Cr' : 'Dr'}`;
}

/** An amount that may fall below nil, the minus written before the rupee sign: − ₹1,000.00. */
export const signedRupees = (amount: Decimal) =>
  amount.isNegative() && !amount.isZero() ? `− ${rupees(amount.abs())}` : rupees(amount.abs());

/**
 * What a party owes (or is owed) once what it holds against that — a customer's money unapplied, a
 * supplier's advances — is set against it (negative: it holds more).
 */
export const netOwed = (outstanding: Decimal, held: Decimal) => outstanding.minus(held);

export type DateBasis = 'INVOICE_DATE' | 'DUE_DATE';

type AgeingKey = 'notDue' | 'days1To30' | 'days31To60' | 'days61To90' | 'over90';

/** The ageing buckets, in the order the table shows them. */
export const AGEING_COLUMNS: readonly { key: AgeingKey; label: string }[] = [
  { key: 'notDue', label: 'Not due' },
  { key: 'days1To30', label: '1–30 days' },
  { key: 'days31To60', label: '31–60 days' },
  { key: 'days61To90', label: '61–90 days' },
  { key: 'over90', label: 'Over 90 days' },
];

/** What the ageing buckets add up to: a row's outstanding, when the buckets are whole. */
export const ageingSum = (row: Pick<CustomerOutstanding, AgeingKey>) =>
  AGEING_COLUMNS.reduce((sum, column) => sum.plus(row[column.key]), new Decimal(0));

export type StatementKind = 'INVOICE' | 'DEBIT_NOTE' | 'CREDIT_NOTE' | 'RECEIPT';

/** What a statement entry's document is called. */
export const DOCUMENT_NAMES: Record<StatementKind, string> = {
  INVOICE: 'Invoice',
  DEBIT_NOTE: 'Debit note',
  CREDIT_NOTE: 'Credit note',
  RECEIPT: 'Receipt',
};

/** The document an entry's kind names; a kind this screen does not know is shown as it came. */
export const documentName = (kind: string) =>
  Object.entries(DOCUMENT_NAMES).find(([known]) => known === kind)?.[1] ?? kind;

/** Where an entry's number leads: the invoice's page, or the note's; receipts are not linked here. */
export function entryPath(entry: Pick<StatementEntry, 'kind' | 'id'>): string | undefined {
  if (!entry.id) return undefined;
  if (entry.kind === 'INVOICE') return `/operations/billing/${entry.id}`;
  if (entry.kind === 'CREDIT_NOTE' || entry.kind === 'DEBIT_NOTE') return `/operations/notes/${entry.id}`;
  if (entry.kind === 'RECEIPT') return `/operations/receipts/${entry.id}`;
  return undefined;
}

/** The statement page of a customer. */
export const statementPath = (customerId: string) => `/operations/receivables/${customerId}/statement`;

/** The statement as the service renders it (gateway/src/http/documents.ts), for the same period. */
export function statementPdfUrl(
  customerId: string,
  period: { from: string; to: string },
  download = false,
): string {
  const query = new URLSearchParams({ from: period.from, to: period.to });
  if (download) query.set('download', '1');
  return `/api/customers/${encodeURIComponent(customerId)}/statement.pdf?${query.toString()}`;
}
