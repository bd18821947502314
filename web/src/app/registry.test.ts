import { homeFor, navigationFor, SCREENS } from './registry';

const labels = (permissions: string[]) => {
  const nav = navigationFor(new Set(permissions));
  return {
    groups: nav.groups.map((g) => [g.group, g.items.map((i) => i.label)]),
    user: nav.userMenu.map((i) => i.label),
  };
};

describe('navigation from the one screen registry', () => {
  it('shows a holder of view_booking only the Duties group, with the spec’s tabs and paths', () => {
    const nav = navigationFor(new Set(['view_booking']));
    expect(nav.groups.map((g) => g.group)).toEqual(['Duties']);
    expect(nav.groups[0]!.items.map((i) => [i.label, i.to])).toEqual([
      ['Incoming', '/duties/bookings/incoming'],
      ['Needs Attention', '/duties/bookings/needs-attention'],
      ['Allotment Pending', '/duties/bookings/allotment-pending'],
      ['Allotted', '/duties/bookings/allotted'],
      ['Upcoming', '/duties/bookings/upcoming'],
      ['Dispatched', '/duties/bookings/dispatched'],
      ['Ongoing', '/duties/bookings/Onging'],
      ['Completed', '/duties/bookings/completed'],
      ['Duty Failed', '/duties/bookings/failed'],
      ['Cancelled', '/duties/bookings/cancelled'],
      ['Bill Pending', '/duties/bookings/bill-pending'],
      ['All', '/duties/bookings/all'],
    ]);
  });

  it('puts permission-profiles under manage_employee and employees under view_employee', () => {
    expect(labels(['manage_employee']).groups).toEqual([['Masters', ['Permission Profiles']]]);
    expect(labels(['view_employee', 'manage_employee']).groups).toEqual([
      ['Masters', ['Employees', 'Permission Profiles']],
    ]);
  });

  it('always offers the profile in the user menu, and nothing else without a permission', () => {
    expect(labels([])).toEqual({ groups: [], user: ['Profile'] });
    expect(homeFor(new Set())).toBe('/profile');
    expect(homeFor(new Set(['view_booking']))).toBe('/duties/bookings/incoming');
  });

  it('registers each path once', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
