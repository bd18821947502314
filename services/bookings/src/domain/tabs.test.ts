import { BOOKING_STATUSES } from '@fleet/domain';
import { isInTab, type TabFacts } from './tabs';

const booking = (facts: Partial<TabFacts>): TabFacts => ({
  status: 'BOOKED',
  networkRequestStatus: null,
  isNetworkIncoming: false,
  hasPendingAssociateRequest: false,
  driverRejected: false,
  supplierRejected: false,
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
