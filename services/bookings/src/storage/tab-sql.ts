// The tab rules of domain/tabs.ts as SQL over bookings.bookings. The predicates are plain SQL text with
// the statuses written in (never parameters), so the query matches the partial indexes of the migration
// and reads in a log exactly as below. For the record, they render as:
//
//   incoming:         is_network_incoming
//                     and network_request_status = 'PENDING'
//                     and status not in ('CANCELLED', 'CANCELLATION_NO_SHOW')
//
//   needs-attention:  status not in ('CANCELLED', 'CANCELLATION_NO_SHOW', 'CLOSED')
//                     and (has_pending_associate_request
//                       or status in ('DRIVER_REJECTED', 'DETAILS_NEEDED', 'CANCELLATION_REQUESTED',
//                                     'CANCELLATION_REQUEST_BY_ASSOCIATE')
//                       or driver_rejected
//                       or supplier_rejected)
//
// (tab-sql.test.ts checks both texts and that the migration's index predicates are the same.)
//
// The other tabs render the same way; a date condition writes in the date it is given, checked as a
// calendar date first (upcoming on 2030-01-16: `status in (…) and start_date >= '2030-01-16'`). The
// `all` tab has no condition and renders as `true`.
import { BOOKING_TABS, type BookingStatus, type BookingTab } from '@fleet/domain';
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import {
  type BookingFlag,
  type CountedTab,
  isInTab,
  readsOnlyStatus,
  resolveDate,
  TAB_RULES,
  type TabCondition,
  type TabContext,
  type TabFacts,
  type TabRule,
} from '../domain/tabs';
import { SCHEMA } from './migrations';

const FLAG_COLUMNS: Record<BookingFlag, string> = {
  isNetworkIncoming: 'is_network_incoming',
  hasPendingAssociateRequest: 'has_pending_associate_request',
  driverRejected: 'driver_rejected',
  supplierRejected: 'supplier_rejected',
  isBilled: 'is_billed',
};

/** A vocabulary constant as an SQL literal; anything but UPPER_SNAKE_CASE is refused, never quoted. */
function literal(value: string): string {
  if (!/^[A-Z][A-Z_]*$/.test(value)) throw new Error(`Not a vocabulary value: ${value}`);
  return `'${value}'`;
}

const literals = (values: readonly string[]) => values.map(literal).join(', ');

function conditionSql(condition: TabCondition, on: TabContext | undefined): string {
  if ('flag' in condition) return FLAG_COLUMNS[condition.flag];
  if ('notFlag' in condition) return `not ${FLAG_COLUMNS[condition.notFlag]}`;
  if ('statusIn' in condition) return `status in (${literals(condition.statusIn)})`;
  // resolveDate hands back only a checked YYYY-MM-DD calendar date, safe to write in.
  if ('startDateOnOrAfter' in condition)
    return `start_date >= '${resolveDate(condition.startDateOnOrAfter, on)}'`;
  return `network_request_status = ${literal(condition.networkRequestStatus)}`;
}

/** The where-clause of a tab, over the columns of bookings.bookings; a dated tab needs the operator's date. */
export function tabPredicate(tab: CountedTab): string;
export function tabPredicate(tab: BookingTab, on: TabContext): string;
export function tabPredicate(tab: BookingTab, on?: TabContext): string {
  const rule: TabRule = TAB_RULES[tab];
  const parts = rule.allOf.map((c) => conditionSql(c, on));
  if (rule.excludedStatuses.length > 0) parts.push(`status not in (${literals(rule.excludedStatuses)})`);
  if (rule.anyOf.length > 0) parts.push(`(${rule.anyOf.map((c) => conditionSql(c, on)).join('\n  or ')})`);
  return parts.length > 0 ? parts.join('\nand ') : 'true';
}

/** The bookings kept: a deleted booking (booking.delete) is in no tab, count or search. */
export const KEPT = 'deleted_at is null';

/** Counts the operator's bookings in a tab; row-level security limits it to the transaction's operator. */
export function tabCountSql(tab: CountedTab) {
  return sql.raw(
    `select count(*)::int as count from ${SCHEMA}.bookings\nwhere ${KEPT} and (${tabPredicate(tab)})`,
  );
}

export async function countTab(tx: Tx, tab: CountedTab): Promise<number> {
  const [row] = await rows<{ count: number }>(tx, tabCountSql(tab));
  return row?.count ?? 0;
}

/**
 * Every tab's count in one statement on the operator's date. A tab whose rule reads only the status
 * (allotted, completed, cancelled, all…) is the sum of the per-status counts, taken in one pass over
 * the status index without touching the table and put in tabs by `isInTab` itself; a tab whose rule
 * reads a flag or the date (incoming, needs-attention, allotment-pending, upcoming, bill-pending) is
 * counted by its own predicate, the list's, which its index answers from a few thousand entries at most.
 */
export async function countAllTabs(tx: Tx, on: TabContext): Promise<Record<BookingTab, number>> {
  const byStatus = BOOKING_TABS.filter(readsOnlyStatus);
  const byPredicate = BOOKING_TABS.filter((tab) => !readsOnlyStatus(tab));
  const predicateCounts = byPredicate.map(
    (tab, i) =>
      `(select count(*)::int from ${SCHEMA}.bookings where ${KEPT} and (${tabPredicate(tab, on)})) as "c${i}"`,
  );
  const [row] = await rows<
    Record<string, number> & { statuses: { status: BookingStatus; n: number }[] | null }
  >(
    tx,
    sql.raw(`select (select json_agg(json_build_object('status', status, 'n', n)) from (
        select status, count(*)::int as n from ${SCHEMA}.bookings where ${KEPT} group by status) per_status) as statuses,
      ${predicateCounts.join(',\n      ')}`),
  );
  const counts = Object.fromEntries(BOOKING_TABS.map((tab) => [tab, 0])) as Record<BookingTab, number>;
  byPredicate.forEach((tab, i) => {
    counts[tab] = row?.[`c${i}`] ?? 0;
  });
  for (const { status, n } of row?.statuses ?? []) {
    // The rules of these tabs read nothing but the status, so the other facts can be any.
    const booking: TabFacts = { ...NO_FLAGS, status, startDate: on.today };
    for (const tab of byStatus) if (isInTab(tab, booking, on)) counts[tab] += n;
  }
  return counts;
}

const NO_FLAGS = {
  isNetworkIncoming: false,
  hasPendingAssociateRequest: false,
  driverRejected: false,
  supplierRejected: false,
  isBilled: false,
  networkRequestStatus: null,
} as const satisfies Omit<TabFacts, 'status' | 'startDate'>;
