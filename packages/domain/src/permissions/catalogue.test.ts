import { PERMISSION, PERMISSION_MODELS, PERMISSIONS, type PermissionId } from './catalogue';

// The identifiers the web shell's navigation and session rely on (spec §2 and §6).
const SHELL_IDS = [
  'view_employee',
  'manage_employee',
  'auto_login',
  'view_booking',
  'manage_booking',
  'edit_duty',
  'assign_back_reporting_date_duty',
  'manage_duty_label',
  'allot_vehicle_driver_to_duty',
  'view_duty_slip',
  'approve_duty_slip',
  'create_invoice',
  'edit_invoice',
  'manage_invoice',
  'view_invoice',
  'cancel_invoice',
  'view_purchase',
  'manage_purchase',
  'view_sms',
  'manage_petty_cash',
  'add_petty_cash',
  'send_petty_cash_info',
  'manage_fuel_station',
  'view_basic_driver_information',
  'view_basic_duty_supporter_information',
  'view_basic_vehicle_information',
  'view_driver',
  'manage_driver',
  'view_duty_supporter',
  'manage_duty_supporter',
  'view_vehicle',
  'manage_vehicle',
  'view_vehicle_group',
  'manage_vehicle_group',
  'view_customer_group',
  'manage_customer_group',
  'view_customer',
  'manage_customer',
  'view_supplier_group',
  'manage_supplier_group',
  'view_supplier',
  'manage_supplier',
  'view_duty_type',
  'manage_duty_type',
  'view_tax',
  'manage_tax',
  'view_branch',
  'manage_branch',
  'view_billing_item',
  'manage_billing_item',
  'view_bank_account',
  'manage_bank_account',
  'view_my_company',
  'manage_my_company',
  'edit_primary_company_information',
  'view_company_profile',
  'manage_company_profile',
  'view_label',
  'manage_label',
  'view_feedback_form',
  'manage_feedback_form',
  'view_pricing',
  'manage_pricing',
  'view_customer_pricing',
  'manage_customer_pricing',
  'view_supplier_pricing',
  'manage_supplier_pricing',
  'view_report',
  'network',
  'view_accept_reject_incoming_requests',
  'view_location_tracking',
];

const ids = PERMISSIONS.map((p) => p.readableId);
const idSet = new Set<string>(ids);

describe('permission models', () => {
  it('are the 39 groups of spec §6, in order, with these exact labels', () => {
    expect(PERMISSION_MODELS).toEqual([
      'Employee',
      'Duty',
      'Booking',
      'Invoice',
      'Receipt',
      'Credit And Debit Note',
      'Purchase',
      'Purchase Duty',
      'Purchase Payment',
      'Petty Cash',
      'Vehicle Expense',
      'Vehicle Fuel',
      'Fuel Station',
      'SMS and Email',
      'Driver',
      'Duty Supporter',
      'Vehicle',
      'Vehicle Group',
      'Customer Group',
      'Customer',
      'Pricing',
      'Supplier Group',
      'Supplier',
      'Duty Type',
      'Tax',
      'Branch',
      'Billing Item',
      'Bank Account',
      'Sister Company',
      'Company',
      'Business Profile',
      'Label',
      'Feedback Form',
      'Report',
      'Network',
      'Invoice Export Profile',
      'Duty Export Profile',
      'Purchase Export Profile',
      'Location Tracking',
    ]);
  });

  it('each has at least one permission', () => {
    for (const model of PERMISSION_MODELS) {
      expect(PERMISSIONS.some((p) => p.model === model)).toBe(true);
    }
  });

  it('appear in the catalogue grouped and in model order', () => {
    const order = PERMISSIONS.map((p) => PERMISSION_MODELS.indexOf(p.model));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

describe('permission catalogue', () => {
  it('has unique snake_case readable ids', () => {
    expect(idSet.size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('contains every id the web shell relies on', () => {
    const missing = SHELL_IDS.filter((id) => !idSet.has(id));
    expect(missing).toEqual([]);
  });

  it('contains the permissions the spec names or describes', () => {
    const described = [
      'skip_duty',
      'cancel_duty',
      'send_duty_info',
      'generate_duty_slip',
      'adjust_duty_slip_customer_allowance',
      'adjust_duty_slip_driver_allowance',
      'adjust_duty_slip_supplier_allowance',
      'chat_with_network_associate',
      'send_booking_confirmation_sms',
      'send_booking_confirmation_email',
      'delete_booking',
      'export_booking',
      'manage_booking_insurance',
      'download_print_invoice',
      'email_invoice',
      'send_invoice_via_network',
      'export_invoice',
      'approve_invoice',
      'manage_receipt',
      'view_receipt',
      'download_print_receipt',
      'cancel_receipt',
      'request_payment',
      'export_receipt',
      'email_receipt',
      'manage_credit_debit_note',
      'view_credit_debit_note',
      'download_print_credit_debit_note',
      'cancel_credit_debit_note',
      'export_credit_debit_note',
      'approve_purchase_invoice',
      'export_purchase',
      'download_print_purchase',
      'email_purchase',
      'cancel_purchase',
      'view_purchase_duty',
      'manage_purchase_duty',
      'view_purchase_payment',
      'manage_purchase_payment',
      'view_petty_cash',
      'view_vehicle_expense',
      'manage_vehicle_expense',
      'view_vehicle_fuel',
      'manage_vehicle_fuel',
      'view_fuel_station',
      'view_driver_attendance',
      'manage_driver_attendance',
      'view_driver_user',
      'manage_driver_user',
      'view_supplier_user',
      'manage_supplier_user',
      'view_people',
      'manage_people',
      'view_custom_fields',
      'manage_custom_fields',
      'view_invoice_export_profile',
      'edit_invoice_export_profile',
      'view_duty_export_profile',
      'edit_duty_export_profile',
      'view_purchase_export_profile',
      'edit_purchase_export_profile',
    ];
    expect(described.filter((id) => !idSet.has(id))).toEqual([]);
  });

  it('gives every permission a short Title Case name and a one-sentence description', () => {
    for (const p of PERMISSIONS) {
      expect(p.name).toMatch(/^[A-Z][A-Za-z-]*( ([A-Z][A-Za-z-]*|and|or|to|via|With))*$/);
      expect(p.name.length).toBeLessThanOrEqual(40);
      expect(p.description).toMatch(/^[A-Z].*\.$/);
      expect(p.description.slice(0, -1)).not.toMatch(/\.\s/);
    }
  });

  it('names only existing permissions as dependencies, never itself, never twice', () => {
    for (const p of PERMISSIONS) {
      for (const r of p.requires) expect(idSet.has(r)).toBe(true);
      expect(p.requires).not.toContain(p.readableId);
      expect(new Set(p.requires).size).toBe(p.requires.length);
    }
  });

  it('has no dependency cycles', () => {
    const byId = new Map(PERMISSIONS.map((p) => [p.readableId, p]));
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (id: PermissionId, path: string[]): void => {
      if (state.get(id) === 'done') return;
      if (state.get(id) === 'visiting') throw new Error(`cycle: ${[...path, id].join(' -> ')}`);
      state.set(id, 'visiting');
      for (const r of byId.get(id)?.requires ?? []) visit(r, [...path, id]);
      state.set(id, 'done');
    };
    for (const id of ids) expect(() => visit(id, [])).not.toThrow();
  });
});

describe('PERMISSION', () => {
  it('maps every readable id to itself', () => {
    expect(Object.keys(PERMISSION).sort()).toEqual([...ids].sort());
    for (const [key, value] of Object.entries(PERMISSION)) expect(value).toBe(key);
    expect(PERMISSION.view_booking).toBe('view_booking');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(PERMISSION)).toBe(true);
  });
});
