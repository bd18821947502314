import { bookingTab } from '@fleet/domain';

/** The board's tabs where the office has work to do, in the order it is done: answer, fix, allot. */
const WORK_TABS = ['incoming', 'needs-attention', 'allotment-pending'] as const;

const BOARD = '/duties/bookings/';

/**
 * The first screen after sign-in: when it is the duties board, the first of its tabs where work waits
 * (the duties awaiting allotment rather than an empty Incoming); any other screen as it is.
 */
export function withWorkWaiting(home: string, counts: Readonly<Record<string, number>> | undefined): string {
  if (!home.startsWith(BOARD) || !counts) return home;
  const waiting = WORK_TABS.find((tab) => (counts[tab] ?? 0) > 0);
  const tab = waiting ? bookingTab(waiting) : undefined;
  return tab ? `${BOARD}${tab.slug}` : home;
}
