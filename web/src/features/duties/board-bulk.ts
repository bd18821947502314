// What the board does to several selected duties at once, as pure rules: which of them an action can
// take (and why the rest are left), and the one-line summary the dispatcher reads when it is done.
import type { BookingStatus, BookingType } from '@fleet/domain';
import type { ToastStyle } from '../../app/toast/toast-store';
import { offeredActions } from './duty-actions';
import { dutyNumber, statusLabel } from './duty-format';

export interface SelectedDuty {
  id: string;
  bookingNo: number;
  status: BookingStatus;
  type: BookingType;
}

/** What became of one selected duty. */
export type BulkOutcome =
  | { duty: string; result: 'done' }
  | { duty: string; result: 'skipped'; reason: string }
  | { duty: string; result: 'failed'; reason: string };

/** Why a duty cannot be dispatched now, in the words a dispatcher would use. */
function whyNotDispatched(status: BookingStatus): string {
  switch (status) {
    case 'DISPATCHED':
      return 'already dispatched';
    case 'UNCONFIRMED':
      return 'not confirmed';
    case 'DRIVER_NEEDED':
      return 'no driver yet';
    case 'BOOKED':
    case 'DRIVER_REJECTED':
    case 'SUPPLIER_REQUESTED':
    case 'DETAILS_NEEDED':
      return 'not allotted yet';
    default:
      return statusLabel(status).toLowerCase();
  }
}

/** The selected duties split into those an action can take now and those it leaves, each with why. */
export interface BulkPlan<D extends SelectedDuty> {
  ready: D[];
  skipped: BulkOutcome[];
}

/** Dispatch takes the duties the status machine lets this person dispatch (allotted, not yet dispatched). */
export function planDispatch<D extends SelectedDuty>(
  duties: readonly D[],
  permissions: ReadonlySet<string>,
): BulkPlan<D> {
  const ready: D[] = [];
  const skipped: BulkOutcome[] = [];
  for (const duty of duties) {
    if (offeredActions(duty, permissions).status.includes('dispatch')) ready.push(duty);
    else
      skipped.push({
        duty: dutyNumber(duty.bookingNo),
        result: 'skipped',
        reason: whyNotDispatched(duty.status),
      });
  }
  return { ready, skipped };
}

/** Allot takes the duties not yet under way (the status machine's allot); the rest are left, by status. */
export function planAllot<D extends SelectedDuty>(
  duties: readonly D[],
  permissions: ReadonlySet<string>,
): BulkPlan<D> {
  const ready: D[] = [];
  const skipped: BulkOutcome[] = [];
  for (const duty of duties) {
    if (offeredActions(duty, permissions).allot) ready.push(duty);
    else
      skipped.push({
        duty: dutyNumber(duty.bookingNo),
        result: 'skipped',
        reason: statusLabel(duty.status).toLowerCase(),
      });
  }
  return { ready, skipped };
}

/** How many of each reason, most frequent first ("2 already dispatched, 1 not allotted yet"). */
function countedReasons(outcomes: readonly { reason: string }[]): string {
  const counts = new Map<string, number>();
  for (const { reason } of outcomes) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ');
}

const SHOWN_FAILURES = 2;

/**
 * "3 dispatched, 2 skipped (1 already dispatched, 1 not allotted yet), 1 failed (duty 00000012: …)":
 * every selected duty is accounted for, and the toast's colour says whether anything needs a look.
 */
export function bulkSummary(
  verb: string,
  outcomes: readonly BulkOutcome[],
): { message: string; style: ToastStyle } {
  const done = outcomes.filter((o) => o.result === 'done').length;
  const skipped = outcomes.filter((o) => o.result === 'skipped');
  const failed = outcomes.filter((o) => o.result === 'failed');
  const parts = [`${done} ${verb}`];
  if (skipped.length) parts.push(`${skipped.length} skipped (${countedReasons(skipped)})`);
  if (failed.length) {
    const shown = failed.slice(0, SHOWN_FAILURES).map((f) => `duty ${f.duty}: ${f.reason}`);
    if (failed.length > SHOWN_FAILURES) shown.push(`${failed.length - SHOWN_FAILURES} more`);
    parts.push(`${failed.length} failed (${shown.join('; ')})`);
  }
  const style: ToastStyle = failed.length
    ? 'alert-danger'
    : skipped.length
      ? 'alert-warning'
      : 'alert-success';
  return { message: `${parts.join(', ')}.`, style };
}
