import {
  BOOKING_LIST_PERMISSION,
  BOOKING_TAB_DEFINITIONS,
  type CountedBookingTab,
  type PermissionId,
} from '@fleet/domain';
import type { ComponentType } from 'react';

export type NavGroup = 'Duties' | 'Operations' | 'Masters' | 'User';
/** Who may open a screen: anyone, anyone signed in, or a holder of one permission. */
export type Access = 'public' | 'signed-in' | PermissionId;

export interface NavItem {
  group: NavGroup;
  label: string;
  /** The link; defaults to the screen's path. */
  to?: string;
  /** A count shown beside the link: the counted duty tab's. */
  badge?: CountedBookingTab;
  /** What this link needs beyond the screen's own access, if anything. */
  access?: PermissionId;
}

export interface Screen {
  path: string;
  title: string;
  access: Access;
  load: () => Promise<{ default: ComponentType }>;
  nav?: NavItem[];
}

/**
 * The screens under /masters/ that one declaration drives (features/masters/master-page.tsx), in the
 * order of spec §2. Kept light here (the declarations load with the screen); registry.test.ts checks
 * each entry against its declaration in @fleet/domain.
 */
export const MASTER_SCREENS: { path: string; label: string; access: PermissionId }[] = [
  { path: 'duty-types', label: 'Duty Types', access: 'view_duty_type' },
  { path: 'taxes', label: 'Taxes', access: 'view_tax' },
  { path: 'vehicle-groups', label: 'Vehicle Groups', access: 'view_vehicle_group' },
  { path: 'vehicles', label: 'Vehicles', access: 'view_vehicle' },
  { path: 'drivers', label: 'Drivers', access: 'view_driver' },
  { path: 'customer-groups', label: 'Customer Groups', access: 'view_customer_group' },
  { path: 'customers', label: 'Customers', access: 'view_customer' },
  { path: 'people', label: 'People', access: 'view_people' },
  { path: 'supplier-groups', label: 'Supplier Groups', access: 'view_supplier_group' },
  { path: 'suppliers', label: 'Suppliers', access: 'view_supplier' },
  { path: 'duty-supporters', label: 'Duty Supporters', access: 'view_duty_supporter' },
  { path: 'labels', label: 'Labels', access: 'view_label' },
  { path: 'feedback-forms', label: 'Feedback Forms', access: 'view_feedback_form' },
  { path: 'billing-items', label: 'Billing Items', access: 'view_billing_item' },
  { path: 'pricing', label: 'Pricing', access: 'view_pricing' },
  { path: 'branches', label: 'Branches', access: 'view_branch' },
  { path: 'bank-accounts', label: 'Bank Accounts', access: 'view_bank_account' },
  { path: 'fuel-stations', label: 'Fuel Stations', access: 'view_fuel_station' },
  { path: 'companies', label: 'My Companies', access: 'view_my_company' },
  { path: 'company-profiles', label: 'Company Profiles', access: 'view_company_profile' },
  { path: 'channels', label: 'Channels', access: 'view_duty_supporter' },
  { path: 'custom-fields', label: 'Custom Fields', access: 'view_custom_fields' },
];

const masterScreen = (path: string): Screen => {
  const screen = MASTER_SCREENS.find((m) => m.path === path)!;
  return {
    path: `/masters/${screen.path}`,
    title: screen.label,
    access: screen.access,
    load: () => import('../features/masters/master-page'),
    nav: [{ group: 'Masters', label: screen.label }],
  };
};

/**
 * The one registry of screens: the router, the navigation and the permission checks all read it, so a
 * new screen is added here once. A screen that is not built yet is simply not listed.
 */
export const SCREENS: Screen[] = [
  {
    path: '/auth/enter-phone-number',
    title: 'Sign in',
    access: 'public',
    load: () => import('../features/auth/enter-phone-page'),
  },
  {
    path: '/auth/enter-otp',
    title: 'Enter the code',
    access: 'public',
    load: () => import('../features/auth/enter-otp-page'),
  },
  {
    path: '/privacy-policy',
    title: 'Privacy policy',
    access: 'public',
    load: () => import('../features/public/privacy-policy-page'),
  },
  {
    path: '/app-redirect',
    title: 'Get the driver app',
    access: 'public',
    load: () => import('../features/public/app-redirect-page'),
  },
  {
    path: '/digital-duty-slip/$token',
    title: 'Duty slip',
    access: 'public',
    load: () => import('../features/public/digital-slip-page'),
  },
  {
    path: '/feedback/$token',
    title: 'Your feedback',
    access: 'public',
    load: () => import('../features/public/feedback-page'),
  },
  {
    path: '/duties/bookings/$tab',
    title: 'Duties',
    access: BOOKING_LIST_PERMISSION,
    load: () => import('../features/duties/bookings-page'),
    // Spec §2: the tabs, their labels and link slugs, as @fleet/domain declares them.
    nav: BOOKING_TAB_DEFINITIONS.map((tab) => ({
      group: 'Duties' as const,
      label: tab.label,
      to: `/duties/bookings/${tab.slug}`,
      access: tab.permission,
      ...('countPermission' in tab ? { badge: tab.id } : {}),
    })),
  },
  {
    path: '/duties/booking/new',
    title: 'New booking',
    access: 'manage_booking',
    load: () => import('../features/duties/new-booking-page'),
  },
  {
    path: '/duties/booking/$id',
    title: 'Booking',
    access: BOOKING_LIST_PERMISSION,
    load: () => import('../features/duties/booking-page'),
  },
  {
    path: '/duties/booking/$id/edit',
    title: 'Edit booking',
    // What booking.update needs.
    access: 'edit_duty',
    load: () => import('../features/duties/edit-booking-page'),
  },
  ...[
    'duty-types',
    'taxes',
    'vehicle-groups',
    'vehicles',
    'drivers',
    'customer-groups',
    'customers',
    'people',
  ].map(masterScreen),
  ...['supplier-groups', 'suppliers', 'duty-supporters', 'labels', 'feedback-forms'].map(masterScreen),
  {
    path: '/masters/employees',
    title: 'Employees',
    access: 'view_employee',
    load: () => import('../features/employees/employees-page'),
    nav: [{ group: 'Masters', label: 'Employees' }],
  },
  {
    path: '/masters/permission-profiles',
    title: 'Permission profiles',
    access: 'manage_employee',
    load: () => import('../features/permission-profiles/permission-profiles-page'),
    nav: [{ group: 'Masters', label: 'Permission Profiles' }],
  },
  ...[
    'billing-items',
    'pricing',
    'branches',
    'bank-accounts',
    'fuel-stations',
    'companies',
    'company-profiles',
    'channels',
  ].map(masterScreen),
  masterScreen('custom-fields'),
  {
    path: '/operations/billing',
    title: 'Invoices',
    access: 'view_invoice',
    load: () => import('../features/billing/invoices-page'),
    nav: [{ group: 'Operations', label: 'Billing' }],
  },
  {
    path: '/operations/billing/new',
    title: 'Invoice duties',
    access: 'create_invoice',
    load: () => import('../features/billing/new-invoices-page'),
  },
  {
    path: '/operations/billing/manual',
    title: 'Manual invoice',
    access: 'create_invoice',
    load: () => import('../features/billing/manual-invoice-page'),
  },
  {
    path: '/operations/billing/$id',
    title: 'Invoice',
    access: 'view_invoice',
    load: () => import('../features/billing/invoice-page'),
  },
  {
    path: '/operations/billing/$id/edit',
    title: 'Edit invoice',
    access: 'edit_invoice',
    load: () => import('../features/billing/edit-invoice-page'),
  },
  // Spec §2's download and print pages; the shell runs no duty counts on them (lib/paths.ts).
  {
    path: '/operations/billing/$id/download',
    title: 'Print invoice',
    access: 'download_print_invoice',
    load: () => import('../features/billing/invoice-print-page'),
  },
  ...['duty-slip', 'duty-summary'].map(
    (document): Screen => ({
      path: `/operations/billing/$id/download/${document}`,
      title: document === 'duty-slip' ? 'Duty slips' : 'Duty summary',
      access: 'download_print_invoice',
      load: () => import('../features/billing/invoice-pdf-page'),
    }),
  ),
  {
    path: '/operations/receipts',
    title: 'Receipts',
    access: 'view_receipt',
    load: () => import('../features/receipts/receipts-page'),
    nav: [{ group: 'Operations', label: 'Receipts' }],
  },
  {
    path: '/operations/receipts/new',
    title: 'Receive payment',
    access: 'manage_receipt',
    load: () => import('../features/receipts/new-receipt-page'),
  },
  {
    path: '/operations/receipts/$id',
    title: 'Receipt',
    access: 'view_receipt',
    load: () => import('../features/receipts/receipt-page'),
  },
  {
    path: '/operations/billingV2',
    title: 'Duty-wise billing',
    access: 'view_purchase',
    load: () => import('../features/billing/billing-workspace-page'),
    nav: [{ group: 'Operations', label: 'Duty-wise Billing' }],
  },
  // What customers owe, their statements, and the credit and debit notes that change invoices.
  {
    path: '/operations/receivables',
    title: 'Receivables',
    access: 'view_receipt',
    load: () => import('../features/receivables/receivables-page'),
    nav: [{ group: 'Operations', label: 'Receivables' }],
  },
  {
    path: '/operations/receivables/$customerId/statement',
    title: 'Statement of account',
    access: 'view_receipt',
    load: () => import('../features/receivables/statement-page'),
  },
  {
    path: '/operations/notes',
    title: 'Credit & debit notes',
    access: 'view_credit_debit_note',
    load: () => import('../features/notes/notes-page'),
    nav: [{ group: 'Operations', label: 'Credit & Debit Notes' }],
  },
  {
    path: '/operations/notes/new',
    title: 'New credit or debit note',
    access: 'manage_credit_debit_note',
    load: () => import('../features/notes/new-note-page'),
  },
  {
    path: '/operations/notes/$id',
    title: 'Credit or debit note',
    access: 'view_credit_debit_note',
    load: () => import('../features/notes/note-page'),
  },
  // A customer's dues, opened from a payment request's link with no sign-in.
  {
    path: '/payment-request/$token',
    title: 'Payment due',
    access: 'public',
    load: () => import('../features/public/payment-request-page'),
  },
  // ── Purchases ──
  {
    // Spec §2 opens the purchases routes to view_purchase, the list's data too; a duty's own page needs
    // view_purchase_duty.
    path: '/operations/purchases/duties',
    title: 'Purchase duties',
    access: 'view_purchase',
    load: () => import('../features/purchase-duties/purchase-duties-page'),
    nav: [{ group: 'Operations', label: 'Purchase Duties', access: 'view_purchase' }],
  },
  {
    path: '/operations/purchases/duties/$bookingId',
    title: 'Purchase duty',
    access: 'view_purchase_duty',
    load: () => import('../features/purchase-duties/purchase-duty-page'),
  },
  // Supplier payments: paying suppliers' purchase invoices, advances, and what suppliers are owed.
  {
    path: '/operations/purchases/payments',
    title: 'Supplier payments',
    access: 'view_purchase_payment',
    load: () => import('../features/supplier-payments/supplier-payments-page'),
    nav: [{ group: 'Operations', label: 'Supplier Payments' }],
  },
  {
    path: '/operations/purchases/payments/new',
    title: 'Pay supplier',
    access: 'manage_purchase_payment',
    load: () => import('../features/supplier-payments/new-supplier-payment-page'),
  },
  {
    path: '/operations/purchases/payments/$id',
    title: 'Supplier payment',
    access: 'view_purchase_payment',
    load: () => import('../features/supplier-payments/supplier-payment-page'),
  },
  {
    path: '/operations/purchases/payables',
    title: 'Payables',
    access: 'view_purchase_payment',
    load: () => import('../features/supplier-payments/payables-page'),
    nav: [{ group: 'Operations', label: 'Payables' }],
  },
  // Purchases: suppliers' invoices for the duties they ran.
  {
    path: '/operations/purchases/invoices',
    title: 'Purchase invoices',
    access: 'view_purchase',
    load: () => import('../features/purchase-invoices/purchase-invoices-page'),
    nav: [{ group: 'Operations', label: 'Purchase Invoices' }],
  },
  {
    path: '/operations/purchases/invoices/new',
    title: 'Record supplier invoice',
    access: 'manage_purchase',
    load: () => import('../features/purchase-invoices/new-purchase-invoice-page'),
  },
  {
    path: '/operations/purchases/invoices/$id/edit',
    title: 'Edit purchase invoice',
    access: 'manage_purchase',
    load: () => import('../features/purchase-invoices/edit-purchase-invoice-page'),
  },
  {
    path: '/operations/purchases/invoices/$id',
    title: 'Purchase invoice',
    access: 'view_purchase',
    load: () => import('../features/purchase-invoices/purchase-invoice-page'),
  },
  // Petty cash: the office's cash book, its balance and who holds how much.
  {
    path: '/operations/petty-cash',
    title: 'Petty cash',
    access: 'view_petty_cash',
    load: () => import('../features/petty-cash/petty-cash-page'),
    nav: [{ group: 'Operations', label: 'Petty Cash' }],
  },
  {
    path: '/operations/petty-cash/$id',
    title: 'Petty cash entry',
    access: 'view_petty_cash',
    load: () => import('../features/petty-cash/petty-cash-entry-page'),
  },
  // Vehicle fuel and expenses
  {
    path: '/operations/fuel',
    title: 'Fuel logs',
    access: 'view_vehicle_fuel',
    load: () => import('../features/vehicle-costs/fuel-logs-page'),
    nav: [{ group: 'Operations', label: 'Fuel Logs' }],
  },
  {
    path: '/operations/fuel/mileage',
    title: 'Mileage by vehicle',
    access: 'view_vehicle_fuel',
    load: () => import('../features/vehicle-costs/mileage-page'),
  },
  {
    path: '/operations/vehicle-expenses',
    title: 'Vehicle expenses',
    access: 'view_vehicle_expense',
    load: () => import('../features/vehicle-costs/vehicle-expenses-page'),
    nav: [{ group: 'Operations', label: 'Vehicle Expenses' }],
  },
  {
    path: '/operations/business/sms',
    title: 'SMS',
    access: 'view_sms',
    load: () => import('../features/messages/sms-log-page'),
    nav: [{ group: 'Operations', label: 'SMS' }],
  },
  {
    path: '/operations/business/email',
    title: 'Emails',
    access: 'view_sms',
    load: () => import('../features/messages/email-log-page'),
    nav: [{ group: 'Operations', label: 'Emails' }],
  },
  {
    // The spec names no screen or permission for passengers' feedback: whoever sees bookings reads it,
    // under Duties (spec §2 gives a holder of view_booking the Duties group and nothing else).
    path: '/operations/feedback',
    title: 'Feedback',
    access: 'view_booking',
    load: () => import('../features/feedback/feedback-list-page'),
    nav: [{ group: 'Duties', label: 'Feedback' }],
  },
  {
    // Reached from the invoice list and the billing workspace (/operations/billing…): each kind's
    // profiles show to those who may view them, so the screen itself needs only a session.
    path: '/operations/billing/export-profiles',
    title: 'Export profiles',
    access: 'signed-in',
    load: () => import('../features/billing/export-profiles-page'),
  },
  {
    path: '/operations/live-map',
    title: 'Live map',
    access: 'view_location_tracking',
    load: () => import('../features/tracking/live-map-page'),
    nav: [{ group: 'Operations', label: 'Live Map' }],
  },
  {
    path: '/profile',
    title: 'Profile',
    access: 'signed-in',
    load: () => import('../features/profile/profile-page'),
    nav: [{ group: 'User', label: 'Profile' }],
  },
  {
    path: '/business-settings',
    title: 'Business settings',
    access: 'view_company_profile',
    load: () => import('../features/masters/business-settings-page'),
    nav: [{ group: 'User', label: 'Business Settings' }],
  },
  {
    // Reached from Business settings: the user menu stays as spec §2 lists it.
    path: '/business-settings/message-templates',
    title: 'Message templates',
    access: 'view_company_profile',
    load: () => import('../features/masters/message-templates-page'),
  },
];

export const NAV_GROUPS: NavGroup[] = ['Duties', 'Operations', 'Masters'];

export const mayOpen = (access: Access, permissions: ReadonlySet<string>) =>
  access === 'public' || access === 'signed-in' || permissions.has(access);

/** The navigation a person sees: only items whose screen they may open, grouped, empty groups dropped. */
export function navigationFor(permissions: ReadonlySet<string>) {
  const items = SCREENS.filter((s) => s.nav && mayOpen(s.access, permissions)).flatMap((s) =>
    s
      .nav!.filter((item) => !item.access || permissions.has(item.access))
      .map((item) => ({ ...item, to: item.to ?? s.path })),
  );
  return {
    groups: NAV_GROUPS.map((group) => ({ group, items: items.filter((i) => i.group === group) })).filter(
      (g) => g.items.length > 0,
    ),
    userMenu: items.filter((i) => i.group === 'User'),
  };
}

/** Where "/" leads: the first screen in the navigation this person may open. */
export function homeFor(permissions: ReadonlySet<string>): string {
  const nav = navigationFor(permissions);
  return nav.groups[0]?.items[0]?.to ?? nav.userMenu[0]?.to ?? '/profile';
}
