// A duty's billing items as its page edits them: rows of text as typed, checked with the domain's rules
// (the same the gateway and bookings apply), their total in exact decimals, and the list the call sends.
import {
  type BookingStatus,
  billingItemAmountProblem,
  dutyBillingItemsTotal,
  MAX_DUTY_BILLING_ITEMS,
  PERMISSION,
} from '@fleet/domain';
import Decimal from 'decimal.js';

/** One row of the editor; '' for what is not given yet. */
export interface BillingItemRow {
  /** Stable across edits, for React's keys; not sent. */
  key: string;
  billingItemId: string;
  amount: string;
  receiptFileId: string;
  note: string;
}

/** A billing item on a duty as booking.get gives it (the fields the editor starts from). */
export interface HeldBillingItem {
  id: string;
  billingItemId: string;
  amount: Decimal;
  receiptFileId: string | null;
  note: string;
}

export const rowsOf = (items: readonly HeldBillingItem[]): BillingItemRow[] =>
  items.map((item) => ({
    key: item.id,
    billingItemId: item.billingItemId,
    amount: item.amount.toFixed(2),
    receiptFileId: item.receiptFileId ?? '',
    note: item.note,
  }));

/** The total of the amounts given correctly so far, as a Decimal (a row still being typed counts 0). */
export function rowsTotal(rows: readonly Pick<BillingItemRow, 'amount'>[]): Decimal {
  const valid = rows.map((row) => row.amount.trim()).filter((amount) => !billingItemAmountProblem(amount));
  return new Decimal(dutyBillingItemsTotal(valid));
}

/** What is wrong with the rows, by the field names the server uses (`items.2.amount`); empty when nothing. */
export function rowProblems(rows: readonly BillingItemRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (rows.length > MAX_DUTY_BILLING_ITEMS)
    problems.items = `A duty holds at most ${MAX_DUTY_BILLING_ITEMS} billing items.`;
  rows.forEach((row, i) => {
    if (!row.billingItemId) problems[`items.${i}.billingItemId`] = 'Choose the billing item.';
    const amount = billingItemAmountProblem(row.amount);
    if (amount) problems[`items.${i}.amount`] = amount;
  });
  return problems;
}

/** The list booking.setBillingItems takes. */
export const itemsInput = (rows: readonly BillingItemRow[]) =>
  rows.map((row) => ({
    billingItemId: row.billingItemId,
    amount: row.amount.trim(),
    receiptFileId: row.receiptFileId || null,
    note: row.note.trim() || undefined,
  }));

/** A duty's items no longer change once it is invoiced, or when it ran no trip. */
export function billingItemsEditable(
  duty: { status: BookingStatus; isBilled: boolean },
  permissions: ReadonlySet<string>,
): boolean {
  return (
    permissions.has(PERMISSION.generate_duty_slip) &&
    !duty.isBilled &&
    duty.status !== 'CANCELLED' &&
    duty.status !== 'UNFULFILLED'
  );
}
