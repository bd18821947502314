import {
  BOOKING_COUNT_PERMISSION,
  BOOKING_LIST_PERMISSION,
  BOOKING_TAB_DEFINITIONS,
  BOOKING_TABS,
  bookingTab,
  bookingTabFromSlug,
  COUNTED_BOOKING_TABS,
} from './booking-tabs';

describe('the Duties tabs', () => {
  it('are the spec’s twelve, in navigation order, with its labels and link slugs', () => {
    expect(BOOKING_TAB_DEFINITIONS.map((t) => [t.slug, t.label])).toEqual([
      ['incoming', 'Incoming'],
      ['needs-attention', 'Needs Attention'],
      ['allotment-pending', 'Allotment Pending'],
      ['allotted', 'Allotted'],
      ['upcoming', 'Upcoming'],
      ['dispatched', 'Dispatched'],
      ['Onging', 'Ongoing'],
      ['completed', 'Completed'],
      ['failed', 'Duty Failed'],
      ['cancelled', 'Cancelled'],
      ['bill-pending', 'Bill Pending'],
      ['all', 'All'],
    ]);
    expect(new Set(BOOKING_TABS).size).toBe(12);
    expect(new Set(BOOKING_TAB_DEFINITIONS.map((t) => t.slug)).size).toBe(12);
  });

  it('all need view_booking, and the two counted ones count for view_accept_reject_incoming_requests', () => {
    expect(BOOKING_TAB_DEFINITIONS.every((t) => t.permission === BOOKING_LIST_PERMISSION)).toBe(true);
    expect(BOOKING_LIST_PERMISSION).toBe('view_booking');
    expect(COUNTED_BOOKING_TABS).toEqual(['incoming', 'needs-attention']);
    expect(COUNTED_BOOKING_TABS.map((t) => bookingTab(t).countPermission)).toEqual([
      BOOKING_COUNT_PERMISSION,
      BOOKING_COUNT_PERMISSION,
    ]);
    expect(bookingTab('all').countPermission).toBeUndefined();
  });

  it('are named by their id or their link slug, and by nothing else', () => {
    for (const tab of BOOKING_TAB_DEFINITIONS) {
      expect(bookingTabFromSlug(tab.id)).toBe(tab.id);
      expect(bookingTabFromSlug(tab.slug)).toBe(tab.id);
    }
    expect(bookingTabFromSlug('onging')).toBe('ongoing');
    for (const slug of ['', 'Ongoing', 'finished', 'toString', '__proto__', 'constructor']) {
      expect(bookingTabFromSlug(slug)).toBeUndefined();
    }
  });
});
