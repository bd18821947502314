// How the purchase duties screens write a supplier's slip review and what the operator keeps of a duty.
import { shownBookingNo } from '@fleet/domain';
import Decimal from 'decimal.js';
import type { PurchaseDuty, SlipDecision } from './purchase-duty-types';

export const SLIP_STATUSES = ['NO_ACTION', 'ACCEPTED', 'REJECTED'] as const satisfies readonly SlipDecision[];

const SLIP_MARKS: Record<SlipDecision, { label: string; color: string }> = {
  NO_ACTION: { label: 'To review', color: 'gray' },
  ACCEPTED: { label: 'Accepted', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
};

/**
 * A slip review's badge; a status this screen does not know is shown as it came. A duty a purchase
 * invoice bills can no longer be reviewed, so one never reviewed reads "Not reviewed", not "To review".
 */
export const slipMark = (status: string, onInvoice = false) =>
  onInvoice && status === 'NO_ACTION'
    ? { label: 'Not reviewed', color: 'gray' }
    : (SLIP_STATUSES.filter((s) => s === status).map((s) => SLIP_MARKS[s])[0] ?? {
        label: status,
        color: 'gray',
      });

/** What the operator keeps of a duty: charged to the customer less paid to the supplier; null until both are priced. */
export function marginOf(duty: Pick<PurchaseDuty, 'salesAmount' | 'purchaseAmount'>): Decimal | null {
  if (!duty.salesAmount || !duty.purchaseAmount) return null;
  return new Decimal(duty.salesAmount).minus(duty.purchaseAmount);
}

/**
 * Which of the picked duties a review may change, and why the others may not: a purchase invoice bills
 * them, or they are not closed.
 */
export function reviewable(duties: readonly PurchaseDuty[]): { ids: string[]; held: string[] } {
  const ids: string[] = [];
  const held: string[] = [];
  for (const duty of duties) {
    if (duty.purchaseInvoiceId)
      held.push(
        `Duty ${shownBookingNo(duty.bookingNo)} is on purchase invoice ${duty.purchaseNo ?? ''}`.trim(),
      );
    else if (duty.status !== 'CLOSED') held.push(`Duty ${shownBookingNo(duty.bookingNo)} is not closed`);
    else ids.push(duty.bookingId);
  }
  return { ids, held };
}
