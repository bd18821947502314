// The booking list tabs that have counts, defined once: which statuses and flags put a booking in each
// tab (DOMAIN.md, "Tabs"). Storage renders these rules into SQL (storage/tab-sql.ts); `isInTab` reads
// them for one booking in memory. No SQL here.
import { type BookingStatus, type BookingTab, type ConnectionRequestStatus, PERMISSION } from '@fleet/domain';

/** Spec §6: this permission gates polling both counts. */
export const TAB_COUNT_PERMISSION = PERMISSION.view_accept_reject_incoming_requests;

/** Statuses of a booking that was called off; it is in neither counted tab. */
export const CANCELLED_STATUSES = [
  'CANCELLED',
  'CANCELLATION_NO_SHOW',
] as const satisfies readonly BookingStatus[];

/** Yes/no facts about a booking that a tab can ask about. */
export type BookingFlag =
  /** Sent to this operator by a network customer (a farm-in duty). */
  | 'isNetworkIncoming'
  /** An associate asked to update or cancel it and nobody has answered yet. */
  | 'hasPendingAssociateRequest'
  /** The allotted driver turned it down in the driver app. */
  | 'driverRejected'
  /** The network supplier it was sent to turned it down. */
  | 'supplierRejected';

export type TabCondition =
  | { flag: BookingFlag }
  | { statusIn: readonly BookingStatus[] }
  | { networkRequestStatus: ConnectionRequestStatus };

export interface TabRule {
  /** What the tab shows, in the words of DOMAIN.md. */
  meaning: string;
  /** Every one of these holds… */
  allOf: readonly TabCondition[];
  /** …the booking is in none of these statuses… */
  excludedStatuses: readonly BookingStatus[];
  /** …and at least one of these holds (no requirement when empty). */
  anyOf: readonly TabCondition[];
}

export const TAB_RULES = {
  incoming: {
    meaning: 'duties sent to us by network customers and not yet accepted',
    allOf: [{ flag: 'isNetworkIncoming' }, { networkRequestStatus: 'PENDING' }],
    excludedStatuses: CANCELLED_STATUSES,
    anyOf: [],
  },
  'needs-attention': {
    meaning:
      'pending update or cancellation requests from associates, driver rejections, supplier rejections, details needed',
    allOf: [],
    excludedStatuses: [...CANCELLED_STATUSES, 'CLOSED'],
    anyOf: [
      { flag: 'hasPendingAssociateRequest' },
      {
        statusIn: [
          'DRIVER_REJECTED',
          'DETAILS_NEEDED',
          'CANCELLATION_REQUESTED',
          'CANCELLATION_REQUEST_BY_ASSOCIATE',
        ],
      },
      { flag: 'driverRejected' },
      { flag: 'supplierRejected' },
    ],
  },
} as const satisfies Partial<Record<BookingTab, TabRule>>;

/** The tabs whose counts the shell polls (spec §7). */
export type CountedTab = keyof typeof TAB_RULES;
export const COUNTED_TABS = Object.keys(TAB_RULES) as CountedTab[];

/** What a tab rule looks at on one booking. */
export interface TabFacts extends Record<BookingFlag, boolean> {
  status: BookingStatus;
  /** Null for the operator's own bookings. */
  networkRequestStatus: ConnectionRequestStatus | null;
}

function holds(condition: TabCondition, booking: TabFacts): boolean {
  if ('flag' in condition) return booking[condition.flag];
  if ('statusIn' in condition) return condition.statusIn.includes(booking.status);
  return booking.networkRequestStatus === condition.networkRequestStatus;
}

/** Whether one booking is in a counted tab: the same rule the SQL count applies. */
export function isInTab(tab: CountedTab, booking: TabFacts): boolean {
  const rule: TabRule = TAB_RULES[tab];
  return (
    rule.allOf.every((c) => holds(c, booking)) &&
    !rule.excludedStatuses.includes(booking.status) &&
    (rule.anyOf.length === 0 || rule.anyOf.some((c) => holds(c, booking)))
  );
}
