import { withWorkWaiting } from './home-tab';

const none = { incoming: 0, 'needs-attention': 0, 'allotment-pending': 0, allotted: 4, all: 30 };

describe('the first screen after sign-in', () => {
  it('is the board tab where work waits, not an empty Incoming', () => {
    expect(withWorkWaiting('/duties/bookings/incoming', { ...none, 'allotment-pending': 10 })).toBe(
      '/duties/bookings/allotment-pending',
    );
    expect(withWorkWaiting('/duties/bookings/incoming', { ...none, 'needs-attention': 2 })).toBe(
      '/duties/bookings/needs-attention',
    );
  });

  it('stays Incoming when requests wait there, or when no tab has work waiting', () => {
    expect(
      withWorkWaiting('/duties/bookings/incoming', { ...none, incoming: 1, 'allotment-pending': 3 }),
    ).toBe('/duties/bookings/incoming');
    expect(withWorkWaiting('/duties/bookings/incoming', none)).toBe('/duties/bookings/incoming');
  });

  it('leaves any other first screen as it is', () => {
    expect(withWorkWaiting('/operations/billing', { ...none, 'allotment-pending': 10 })).toBe(
      '/operations/billing',
    );
  });
});
