import { isBillingDownloadPath, isNoWaitPath, isPublicPath } from '../lib/paths';
import { homeFor, MASTER_SCREENS, navigationFor, SCREENS } from './registry';

const labels = (permissions: string[]) => {
  const nav = navigationFor(new Set(permissions));
  return {
    groups: nav.groups.map((g) => [g.group, g.items.map((i) => i.label)]),
    user: nav.userMenu.map((i) => i.label),
  };
};

describe('navigation from the one screen registry', () => {
  it('shows a holder of view_booking the Duties group, with the spec’s tabs and paths, and the feedback', () => {
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
      ['Feedback', '/operations/feedback'],
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

  it('makes exactly the screens under the public prefixes public, so they load without a session', () => {
    const sample = (path: string) => path.replace(/\$\w+/g, 'x');
    for (const screen of SCREENS) {
      expect([screen.path, isPublicPath(sample(screen.path))]).toEqual([
        screen.path,
        screen.access === 'public',
      ]);
      expect([screen.path, isNoWaitPath(sample(screen.path))]).toEqual([
        screen.path,
        screen.access === 'public',
      ]);
    }
  });

  it('lists Billing under view_invoice, and the duty-wise billing and purchase duties under view_purchase (spec §2)', () => {
    expect(labels(['view_invoice']).groups).toEqual([['Operations', ['Billing']]]);
    expect(labels(['view_purchase']).groups).toEqual([
      ['Operations', ['Duty-wise Billing', 'Purchase Duties', 'Purchase Invoices']],
    ]);
    const to = navigationFor(new Set(['view_invoice', 'view_purchase'])).groups[0]!.items.map((i) => i.to);
    expect(to).toEqual([
      '/operations/billing',
      '/operations/billingV2',
      '/operations/purchases/duties',
      '/operations/purchases/invoices',
    ]);
  });

  it('lists Petty Cash under view_petty_cash, after the notes, its entry page under the same', () => {
    expect(labels(['view_petty_cash']).groups).toEqual([['Operations', ['Petty Cash']]]);
    const nav = navigationFor(new Set(['view_credit_debit_note', 'view_petty_cash', 'view_sms']));
    expect(nav.groups[0]!.items.map((i) => i.to)).toEqual([
      '/operations/notes',
      '/operations/petty-cash',
      '/operations/business/sms',
      '/operations/business/email',
    ]);
    expect(SCREENS.find((s) => s.path === '/operations/petty-cash/$id')?.access).toBe('view_petty_cash');
  });

  it('lists Receipts after Billing, then Receivables under view_receipt and the notes under view_credit_debit_note', () => {
    expect(labels(['view_receipt']).groups).toEqual([['Operations', ['Receipts', 'Receivables']]]);
    expect(labels(['view_credit_debit_note']).groups).toEqual([['Operations', ['Credit & Debit Notes']]]);
    // Making a note needs its own permission, and gives no link of its own.
    expect(labels(['manage_credit_debit_note']).groups).toEqual([]);
    const nav = navigationFor(
      new Set(['view_invoice', 'view_receipt', 'view_purchase', 'view_credit_debit_note', 'view_sms']),
    );
    expect(nav.groups[0]!.items.map((i) => [i.label, i.to])).toEqual([
      ['Billing', '/operations/billing'],
      ['Receipts', '/operations/receipts'],
      ['Duty-wise Billing', '/operations/billingV2'],
      ['Receivables', '/operations/receivables'],
      ['Credit & Debit Notes', '/operations/notes'],
      ['Purchase Duties', '/operations/purchases/duties'],
      ['Purchase Invoices', '/operations/purchases/invoices'],
      ['SMS', '/operations/business/sms'],
      ['Emails', '/operations/business/email'],
    ]);
    const access = (path: string) => SCREENS.find((s) => s.path === path)?.access;
    expect(
      [
        '/operations/receipts/new',
        '/operations/receipts/$id',
        '/operations/receivables/$customerId/statement',
        '/operations/notes/new',
        '/operations/notes/$id',
      ].map(access),
    ).toEqual([
      'manage_receipt',
      'view_receipt',
      'view_receipt',
      'manage_credit_debit_note',
      'view_credit_debit_note',
    ]);
  });

  it('lists Supplier Payments and Payables under view_purchase_payment; paying needs manage_purchase_payment', () => {
    expect(labels(['view_purchase_payment']).groups).toEqual([
      ['Operations', ['Supplier Payments', 'Payables']],
    ]);
    expect(labels(['manage_purchase_payment']).groups).toEqual([]);
    const access = (path: string) => SCREENS.find((s) => s.path === path)?.access;
    expect(
      [
        '/operations/purchases/payments',
        '/operations/purchases/payments/new',
        '/operations/purchases/payments/$id',
        '/operations/purchases/payables',
      ].map(access),
    ).toEqual([
      'view_purchase_payment',
      'manage_purchase_payment',
      'view_purchase_payment',
      'view_purchase_payment',
    ]);
  });

  it('lists Fuel Logs under view_vehicle_fuel and Vehicle Expenses under view_vehicle_expense', () => {
    expect(labels(['view_vehicle_fuel']).groups).toEqual([['Operations', ['Fuel Logs']]]);
    expect(labels(['view_vehicle_expense']).groups).toEqual([['Operations', ['Vehicle Expenses']]]);
    expect(labels(['manage_vehicle_fuel', 'manage_vehicle_expense']).groups).toEqual([]);
    const access = (path: string) => SCREENS.find((s) => s.path === path)?.access;
    expect(
      ['/operations/fuel', '/operations/fuel/mileage', '/operations/vehicle-expenses'].map(access),
    ).toEqual(['view_vehicle_fuel', 'view_vehicle_fuel', 'view_vehicle_expense']);
  });

  it('makes exactly the three billing download pages the ones where the shell runs no duty counts', () => {
    const sample = (path: string) => path.replace(/\$\w+/g, '0a1b2c3d-0000-4000-8000-000000000001');
    expect(SCREENS.filter((s) => isBillingDownloadPath(sample(s.path))).map((s) => s.path)).toEqual([
      '/operations/billing/$id/download',
      '/operations/billing/$id/download/duty-slip',
      '/operations/billing/$id/download/duty-summary',
    ]);
  });

  it('registers each path once', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('the master screens', () => {
  it('has a screen for every master the spec lists under /masters/, each needing its own view permission', async () => {
    const { MASTERS } = await import('@fleet/domain');
    const specPaths = [
      'duty-types',
      'taxes',
      'vehicle-groups',
      'vehicles',
      'drivers',
      'customer-groups',
      'customers',
      'supplier-groups',
      'suppliers',
      'duty-supporters',
      'labels',
      'feedback-forms',
      'employees',
      'permission-profiles',
      'billing-items',
      'pricing',
      'branches',
      'bank-accounts',
      'companies',
      'company-profiles',
      'channels',
    ];
    const routes = SCREENS.map((s) => s.path);
    for (const path of specPaths) expect(routes).toContain(`/masters/${path}`);
    // Each generic master screen opens for exactly the permission its declaration reads with.
    for (const screen of MASTER_SCREENS) {
      const definition = MASTERS.find((m) => 'path' in m && m.path === screen.path);
      expect(definition?.view).toBe(screen.access);
    }
    expect(SCREENS.find((s) => s.path === '/masters/channels')?.access).toBe('view_duty_supporter');
    expect(SCREENS.find((s) => s.path === '/business-settings')?.access).toBe('view_company_profile');
  });

  it('shows a master in the navigation only to a holder of its view permission', () => {
    expect(labels(['view_vehicle']).groups).toEqual([['Masters', ['Vehicles']]]);
    expect(labels(['view_pricing', 'view_my_company']).groups).toEqual([
      ['Masters', ['Pricing', 'My Companies']],
    ]);
    expect(labels(['view_company_profile']).user).toEqual(['Profile', 'Business Settings']);
    expect(labels(['view_booking']).groups.map(([g]) => g)).not.toContain('Masters');
  });
});
