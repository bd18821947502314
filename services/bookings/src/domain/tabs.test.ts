import { BOOKING_STATUSES, BOOKING_TABS, type BookingStatus, type BookingTab } from '@fleet/domain';
import {
  COUNTED_TABS,
  isInTab,
  NOT_STARTED_STATUSES,
  operatorDate,
  TAB_DEFAULT_DIRECTION,
  TAB_RULES,
  type TabFacts,
  tabFromSlug,
} from './tabs';

const booking = (facts: Partial<TabFacts>): TabFacts => ({
  status: 'BOOKED',
  networkRequestStatus: null,
  isNetworkIncoming: false,
  hasPendingAssociateRequest: false,
  driverRejected: false,
  supplierRejected: false,
  isBilled: false,
  startDate: '2030-01-16',
  ...facts,
});
const incoming = (facts: Partial<TabFacts> = {}) =>
  booking({ isNetworkIncoming: true, networkRequestStatus: 'PENDING', ...facts });

describe('the incoming tab', () => {
  it('holds network duties not yet answered, unless called off', () => {
    expect(isInTab('incoming', incoming())).toBe(true);
    expect(isInTab('incoming', incoming({ networkRequestStatus: 'ACCEPTED' }))).toBe(false);
    expect(isInTab('incoming', incoming({ status: 'CANCELLED' }))).toBe(false);
    expect(isInTab('incoming', incoming({ status: 'CANCELLATION_NO_SHOW' }))).toBe(false);
    expect(isInTab('incoming', booking({}))).toBe(false);
  });
});

describe('the needs-attention tab', () => {
  const needing = [
    'DRIVER_REJECTED',
    'DETAILS_NEEDED',
    'CANCELLATION_REQUESTED',
    'CANCELLATION_REQUEST_BY_ASSOCIATE',
  ];

  it('holds exactly the four statuses that need someone to act, when nothing else is flagged', () => {
    const held = BOOKING_STATUSES.filter((status) => isInTab('needs-attention', booking({ status })));
    expect(held.sort()).toEqual(needing.sort());
  });

  it.each(['hasPendingAssociateRequest', 'driverRejected', 'supplierRejected'] as const)(
    'holds a booking flagged %s, unless it is cancelled or closed',
    (flag) => {
      expect(isInTab('needs-attention', booking({ [flag]: true }))).toBe(true);
      for (const status of ['CANCELLED', 'CANCELLATION_NO_SHOW', 'CLOSED'] as const) {
        expect(isInTab('needs-attention', booking({ status, [flag]: true }))).toBe(false);
      }
    },
  );
});

const today = { today: '2030-01-16' };
/** The statuses a tab holds for a booking with no flag set, dated today. */
const heldBy = (tab: BookingTab, facts: Partial<TabFacts> = {}) =>
  BOOKING_STATUSES.filter((status) => isInTab(tab, booking({ ...facts, status }), today)).sort();

describe('the tabs that are a list of statuses', () => {
  it.each<[BookingTab, BookingStatus[]]>([
    ['allotment-pending', ['BOOKED', 'DRIVER_NEEDED', 'DETAILS_NEEDED', 'DRIVER_REJECTED']],
    ['allotted', ['ALLOTED', 'DRIVER_ACCEPTED', 'SUPPLIER_ACCEPTED']],
    ['dispatched', ['DISPATCHED', 'DRIVER_GARAGE_START', 'DRIVER_ARRIVED_AT_PICKUP']],
    ['ongoing', ['DRIVER_DUTY_START', 'DRIVER_DUTY_START_PASSENGER_NO_SHOW']],
    ['completed', ['DRIVER_DUTY_END', 'CLOSED']],
    ['failed', ['UNFULFILLED']],
    ['cancelled', ['CANCELLED', 'CANCELLATION_NO_SHOW']],
    ['bill-pending', ['CLOSED']],
  ])('%s holds exactly %j', (tab, statuses) => {
    expect(heldBy(tab)).toEqual([...statuses].sort());
  });

  it('all holds everything, whatever its flags and date', () => {
    expect(heldBy('all')).toEqual([...BOOKING_STATUSES].sort());
    expect(heldBy('all', { isBilled: true, supplierRejected: true, startDate: '1999-12-31' })).toEqual(
      [...BOOKING_STATUSES].sort(),
    );
  });
});

describe('the allotment-pending tab', () => {
  it('holds a supplier request the supplier rejected, not one still waiting', () => {
    expect(
      isInTab('allotment-pending', booking({ status: 'SUPPLIER_REQUESTED', supplierRejected: true }), today),
    ).toBe(true);
    expect(isInTab('allotment-pending', booking({ status: 'SUPPLIER_REQUESTED' }), today)).toBe(false);
  });

  it('drops a supplier rejection once the duty is allotted, done or cancelled', () => {
    for (const status of ['ALLOTED', 'SUPPLIER_ACCEPTED', 'CLOSED', 'CANCELLED'] as const) {
      expect(isInTab('allotment-pending', booking({ status, supplierRejected: true }), today)).toBe(false);
    }
  });
});

describe('the upcoming tab', () => {
  it('holds every not-started status dated today or later', () => {
    expect(heldBy('upcoming')).toEqual([...NOT_STARTED_STATUSES].sort());
    expect(heldBy('upcoming', { startDate: '2030-02-01' })).toEqual([...NOT_STARTED_STATUSES].sort());
  });

  it('holds nothing dated before today', () => {
    expect(heldBy('upcoming', { startDate: '2030-01-15' })).toEqual([]);
  });

  it('never holds a started, cancelled, closed or unfulfilled duty', () => {
    const started = BOOKING_STATUSES.filter((s) => !(NOT_STARTED_STATUSES as readonly string[]).includes(s));
    expect(started).toEqual(
      expect.arrayContaining(['DISPATCHED', 'CANCELLED', 'CANCELLATION_NO_SHOW', 'CLOSED', 'UNFULFILLED']),
    );
    for (const status of started) expect(isInTab('upcoming', booking({ status }), today)).toBe(false);
  });

  it('is read against the date it is given, never a clock', () => {
    const booked = booking({ startDate: '2030-01-16' });
    expect(isInTab('upcoming', booked, { today: '2030-01-16' })).toBe(true);
    expect(isInTab('upcoming', booked, { today: '2030-01-17' })).toBe(false);
    expect(() => isInTab('upcoming' as 'incoming', booked)).toThrow(/none was given/);
    expect(() => isInTab('upcoming', booked, { today: '2030-02-30' })).toThrow(/Not a calendar date/);
  });
});

describe('the bill-pending tab', () => {
  it('holds closed duties until they are billed', () => {
    expect(isInTab('bill-pending', booking({ status: 'CLOSED' }), today)).toBe(true);
    expect(isInTab('bill-pending', booking({ status: 'CLOSED', isBilled: true }), today)).toBe(false);
    expect(isInTab('completed', booking({ status: 'CLOSED', isBilled: true }), today)).toBe(true);
  });
});

describe('the tab rules', () => {
  it('define every tab of the navigation', () => {
    expect(Object.keys(TAB_RULES).sort()).toEqual([...BOOKING_TABS].sort());
  });

  it('never date a counted tab (a count has no "today")', () => {
    for (const tab of COUNTED_TABS) {
      const rule = TAB_RULES[tab];
      expect(JSON.stringify(rule)).not.toContain('startDate');
    }
  });
});

describe('a tab’s slug', () => {
  it('names the tab, and the spec’s Onging link names ongoing', () => {
    for (const tab of BOOKING_TABS) expect(tabFromSlug(tab)).toBe(tab);
    expect(tabFromSlug('Onging')).toBe('ongoing');
    expect(tabFromSlug('onging')).toBe('ongoing');
  });

  it('names nothing else', () => {
    for (const slug of ['', 'Ongoing', 'finished', 'toString', '__proto__', 'constructor']) {
      expect(tabFromSlug(slug)).toBeUndefined();
    }
  });
});

describe('the default order of a tab', () => {
  it('is oldest first for work ahead and newest first for history', () => {
    const newestFirst = BOOKING_TABS.filter((tab) => TAB_DEFAULT_DIRECTION[tab] === 'desc');
    expect(newestFirst).toEqual(['completed', 'failed', 'cancelled', 'bill-pending', 'all']);
  });
});

describe('the operator’s date', () => {
  it('is the calendar date in Kolkata, not in UTC', () => {
    expect(operatorDate(new Date('2030-01-15T18:29:59Z'))).toBe('2030-01-15');
    expect(operatorDate(new Date('2030-01-15T18:30:00Z'))).toBe('2030-01-16');
    expect(operatorDate(new Date('2030-01-15T18:30:00Z'), 'UTC')).toBe('2030-01-15');
  });
});
