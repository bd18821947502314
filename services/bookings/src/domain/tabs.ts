// The rules of the booking list tabs (the tabs themselves, their slugs, labels and permissions, are
// declared once in @fleet/domain): which statuses, flags and dates put a booking in each tab
// (DOMAIN.md, "Tabs"), and how each tab's list is ordered unless the caller says otherwise. Storage
// renders these rules into SQL (storage/tab-sql.ts); `isInTab` reads them for one booking in memory.
// No SQL and no clock here: a tab that depends on the date is given the operator's date.
import {
  BOOKING_COUNT_PERMISSION,
  BOOKING_LIST_PERMISSION,
  BOOKING_SORTS,
  BOOKING_TAB_ALIASES,
  type BookingSort,
  type BookingStatus,
  type BookingTab,
  bookingTabFromSlug,
  COUNTED_BOOKING_TABS,
  type ConnectionRequestStatus,
  type CountedBookingTab,
  DEFAULT_BOOKING_SORT,
  DEFAULT_OPERATOR_TIME_ZONE,
  isIsoDate,
  operatorDate,
} from '@fleet/domain';

/** Spec §6: this permission gates polling both counts (declared with the tabs in @fleet/domain). */
export const TAB_COUNT_PERMISSION = BOOKING_COUNT_PERMISSION;

/** Spec §2: every link under /duties/bookings/{tab} needs this permission (declared with the tabs). */
export const TAB_LIST_PERMISSION = BOOKING_LIST_PERMISSION;

/** Statuses of a booking that was called off; it is in neither counted tab. */
export const CANCELLED_STATUSES = [
  'CANCELLED',
  'CANCELLATION_NO_SHOW',
] as const satisfies readonly BookingStatus[];

/**
 * The statuses before DISPATCHED in a booking's flow: nothing has been sent to the driver and
 * passenger yet, so the duty has not started. Cancellation requests and EDIT_NO_SHOW are not part of
 * the forward flow and are not counted as "not started".
 */
export const NOT_STARTED_STATUSES = [
  'UNCONFIRMED',
  'BOOKED',
  'DRIVER_NEEDED',
  'SUPPLIER_REQUESTED',
  'SUPPLIER_ACCEPTED',
  'DETAILS_NEEDED',
  'ALLOTED',
  'DRIVER_ACCEPTED',
  'DRIVER_REJECTED',
] as const satisfies readonly BookingStatus[];

/**
 * Operators work in India: "today" is the calendar date in this zone (DOMAIN.md's operators; the
 * identity service's tenants default to it). Decided here until a tenant's own zone reaches bookings.
 */
export const OPERATOR_TIME_ZONE = DEFAULT_OPERATOR_TIME_ZONE;

/** Yes/no facts about a booking that a tab can ask about. */
export type BookingFlag =
  /** Sent to this operator by a network customer (a farm-in duty). */
  | 'isNetworkIncoming'
  /** An associate asked to update or cancel it and nobody has answered yet. */
  | 'hasPendingAssociateRequest'
  /** The allotted driver turned it down in the driver app. */
  | 'driverRejected'
  /** The network supplier it was sent to turned it down. */
  | 'supplierRejected'
  /** An invoice has been raised for it. */
  | 'isBilled';

/** A calendar date named relative to the day a list is asked for (see `TabContext`). */
export type RelativeDate = 'today';

export type TabCondition =
  | { flag: BookingFlag }
  | { notFlag: BookingFlag }
  | { statusIn: readonly BookingStatus[] }
  | { networkRequestStatus: ConnectionRequestStatus }
  /** The booking's start date is this date or later. */
  | { startDateOnOrAfter: RelativeDate };

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

/** What a date-dependent rule is evaluated against: given by the caller, never read from a clock here. */
export interface TabContext {
  /** The operator's calendar date, YYYY-MM-DD (see `operatorDate`). */
  today: string;
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
  'allotment-pending': {
    meaning: 'BOOKED, DRIVER_NEEDED, DETAILS_NEEDED, DRIVER_REJECTED, rejected supplier requests',
    // A rejected supplier request is a duty still SUPPLIER_REQUESTED whose supplier turned it down; a
    // supplier rejection left over on a duty allotted since is not pending any more.
    allOf: [
      { statusIn: ['BOOKED', 'DRIVER_NEEDED', 'DETAILS_NEEDED', 'DRIVER_REJECTED', 'SUPPLIER_REQUESTED'] },
    ],
    excludedStatuses: [],
    anyOf: [
      { statusIn: ['BOOKED', 'DRIVER_NEEDED', 'DETAILS_NEEDED', 'DRIVER_REJECTED'] },
      { flag: 'supplierRejected' },
    ],
  },
  allotted: {
    // SUPPLIER_ACCEPTED "with details": a supplier that accepted without them is DETAILS_NEEDED.
    meaning: 'ALLOTED, DRIVER_ACCEPTED, SUPPLIER_ACCEPTED with details',
    allOf: [{ statusIn: ['ALLOTED', 'DRIVER_ACCEPTED', 'SUPPLIER_ACCEPTED'] }],
    excludedStatuses: [],
    anyOf: [],
  },
  upcoming: {
    // Not started already rules out cancelled, closed and unfulfilled duties.
    meaning: 'not started, not cancelled, today or later',
    allOf: [{ statusIn: NOT_STARTED_STATUSES }, { startDateOnOrAfter: 'today' }],
    excludedStatuses: [],
    anyOf: [],
  },
  dispatched: {
    meaning: 'DISPATCHED, DRIVER_GARAGE_START, DRIVER_ARRIVED_AT_PICKUP',
    allOf: [{ statusIn: ['DISPATCHED', 'DRIVER_GARAGE_START', 'DRIVER_ARRIVED_AT_PICKUP'] }],
    excludedStatuses: [],
    anyOf: [],
  },
  ongoing: {
    meaning: 'DRIVER_DUTY_START and its no-show variant',
    allOf: [{ statusIn: ['DRIVER_DUTY_START', 'DRIVER_DUTY_START_PASSENGER_NO_SHOW'] }],
    excludedStatuses: [],
    anyOf: [],
  },
  completed: {
    meaning: 'DRIVER_DUTY_END, CLOSED',
    allOf: [{ statusIn: ['DRIVER_DUTY_END', 'CLOSED'] }],
    excludedStatuses: [],
    anyOf: [],
  },
  failed: {
    meaning: 'UNFULFILLED',
    allOf: [{ statusIn: ['UNFULFILLED'] }],
    excludedStatuses: [],
    anyOf: [],
  },
  cancelled: {
    meaning: 'CANCELLED, CANCELLATION_NO_SHOW',
    allOf: [{ statusIn: CANCELLED_STATUSES }],
    excludedStatuses: [],
    anyOf: [],
  },
  'bill-pending': {
    meaning: 'CLOSED and not yet billed',
    allOf: [{ statusIn: ['CLOSED'] }, { notFlag: 'isBilled' }],
    excludedStatuses: [],
    anyOf: [],
  },
  all: {
    meaning: 'every booking',
    allOf: [],
    excludedStatuses: [],
    anyOf: [],
  },
} as const satisfies Record<BookingTab, TabRule>;

/** The tabs whose counts the shell polls (spec §7); their rules never depend on the date. */
export const COUNTED_TABS = COUNTED_BOOKING_TABS;
export type CountedTab = CountedBookingTab;

// ── reading a tab's slug ────────────────────────────────────────────────────────────────────────────

/** Other spellings of a tab seen in links: the spec's Duties link for ongoing is spelt Onging. */
export const TAB_ALIASES = BOOKING_TAB_ALIASES;

/** The tab a link's slug names, or undefined when it names none. */
export const tabFromSlug = bookingTabFromSlug;

// ── ordering a tab's list ───────────────────────────────────────────────────────────────────────────

export type SortDirection = 'asc' | 'desc';

/** Spec §2: bookings sort by start_date, created_at or reporting_date (declared with the tabs). */
export { BOOKING_SORTS, type BookingSort, DEFAULT_BOOKING_SORT };

export function isBookingSort(value: string): value is BookingSort {
  return (BOOKING_SORTS as readonly string[]).includes(value);
}

/**
 * Which way a tab's list runs unless the caller chooses: work still ahead reads soonest first; history
 * (done, failed, called off, waiting for a bill, everything) reads newest first.
 */
export const TAB_DEFAULT_DIRECTION = {
  incoming: 'asc',
  'needs-attention': 'asc',
  'allotment-pending': 'asc',
  allotted: 'asc',
  upcoming: 'asc',
  dispatched: 'asc',
  ongoing: 'asc',
  completed: 'desc',
  failed: 'desc',
  cancelled: 'desc',
  'bill-pending': 'desc',
  all: 'desc',
} as const satisfies Record<BookingTab, SortDirection>;

// ── one booking in memory ───────────────────────────────────────────────────────────────────────────

/** What a tab rule looks at on one booking. */
export interface TabFacts extends Record<BookingFlag, boolean> {
  status: BookingStatus;
  /** Null for the operator's own bookings. */
  networkRequestStatus: ConnectionRequestStatus | null;
  /** The duty's calendar date in the operator's time zone, YYYY-MM-DD. */
  startDate: string;
}

export { operatorDate };

/** The date a relative date names on the context's day; a rule that needs one cannot be read without it. */
export function resolveDate(date: RelativeDate, on: TabContext | undefined): string {
  if (!on) throw new Error(`A tab rule asks for ${date}'s date, and none was given.`);
  if (!isIsoDate(on.today)) throw new Error(`Not a calendar date: ${on.today}`);
  return on.today;
}

function holds(condition: TabCondition, booking: TabFacts, on: TabContext | undefined): boolean {
  if ('flag' in condition) return booking[condition.flag];
  if ('notFlag' in condition) return !booking[condition.notFlag];
  if ('statusIn' in condition) return condition.statusIn.includes(booking.status);
  if ('startDateOnOrAfter' in condition) {
    // ISO dates compare as text.
    return booking.startDate >= resolveDate(condition.startDateOnOrAfter, on);
  }
  return booking.networkRequestStatus === condition.networkRequestStatus;
}

/** Whether a tab's rule looks at the status alone (no flag, no date): its count is a sum of per-status counts. */
export function readsOnlyStatus(tab: BookingTab): boolean {
  const rule: TabRule = TAB_RULES[tab];
  return [...rule.allOf, ...rule.anyOf].every((condition) => 'statusIn' in condition);
}

/** Whether one booking is in a tab: the same rule the SQL count and list apply. */
export function isInTab(tab: CountedTab, booking: TabFacts): boolean;
export function isInTab(tab: BookingTab, booking: TabFacts, on: TabContext): boolean;
export function isInTab(tab: BookingTab, booking: TabFacts, on?: TabContext): boolean {
  const rule: TabRule = TAB_RULES[tab];
  return (
    rule.allOf.every((c) => holds(c, booking, on)) &&
    !rule.excludedStatuses.includes(booking.status) &&
    (rule.anyOf.length === 0 || rule.anyOf.some((c) => holds(c, booking, on)))
  );
}
