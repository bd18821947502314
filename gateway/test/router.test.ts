// Every procedure must declare what it needs; this walks the whole router so a procedure added without
// a permission (or with a weaker one than intended) fails here.

import { isPermissionId } from '@fleet/domain';
import { listProcedures } from '../src';
import { authorise } from '../src/guard';
import { bookingActions } from '../src/routers/booking/actions';

const procedures = listProcedures();

// What each procedure needs. Changing a line here is a security decision: review it as one.
const EXPECTED: Record<string, string> = {
  'auth.requestOtp': 'public',
  'auth.verifyOtp': 'public',
  'auth.logout': 'signed-in',
  'user.permissions': 'signed-in',
  'user.me': 'signed-in',
  'user.updateProfile': 'signed-in',
  'user.requestPhoneChange': 'signed-in',
  'user.confirmPhoneChange': 'signed-in',
  'permission.catalogue': 'signed-in',
  'masquerade.start': 'auto_login',
  'masquerade.stop': 'signed-in',
  'audit.list': 'manage_employee',
  'employee.list': 'view_employee',
  'employee.get': 'view_employee',
  'employee.create': 'manage_employee',
  'employee.update': 'manage_employee',
  'employee.setActive': 'manage_employee',
  'permissionProfile.list': 'manage_employee',
  'permissionProfile.get': 'manage_employee',
  'permissionProfile.create': 'manage_employee',
  'permissionProfile.update': 'manage_employee',
  'permissionProfile.setActive': 'manage_employee',
  'booking.adjustCharges': 'adjust_duty_slip_customer_allowance',
  'booking.adjustDriverAllowances': 'adjust_duty_slip_driver_allowance',
  'booking.adjustSupplierAllowances': 'adjust_duty_slip_supplier_allowance',
  'booking.allot': 'allot_vehicle_driver_to_duty',
  'booking.approveSlip': 'approve_duty_slip',
  'booking.cancel': 'cancel_duty',
  'booking.cancelAsNoShow': 'cancel_duty',
  'booking.clearAllotment': 'allot_vehicle_driver_to_duty',
  'booking.close': 'generate_duty_slip',
  'booking.confirm': 'manage_booking',
  'booking.copy': 'manage_booking',
  'booking.create': 'manage_booking',
  'booking.dispatch': 'send_duty_info',
  'booking.extend': 'manage_booking',
  'booking.get': 'view_booking',
  'booking.incomingRequestsCount': 'view_accept_reject_incoming_requests',
  'booking.needsAttentionCount': 'view_accept_reject_incoming_requests',
  'booking.list': 'view_booking',
  'booking.markUnfulfilled': 'cancel_duty',
  'booking.quote': 'manage_booking',
  'booking.recordSlip': 'generate_duty_slip',
  'booking.keepAssociate': 'allot_vehicle_driver_to_duty',
  'booking.refuseCancellation': 'cancel_duty',
  'booking.releaseAssociate': 'allot_vehicle_driver_to_duty',
  'booking.reopenNoShow': 'edit_duty',
  'booking.setBillingItems': 'generate_duty_slip',
  'booking.setLabels': 'manage_duty_label',
  'booking.setSupporters': 'allot_vehicle_driver_to_duty',
  'booking.skip': 'skip_duty',
  'booking.tabCounts': 'view_booking',
  'message.list': 'view_sms',
  'chat.forBooking': 'view_booking',
  'chat.send': 'send_duty_info',
  'chat.resolve': 'send_duty_info',
  'message.get': 'view_sms',
  'message.resend': 'view_sms',
  'message.sendBookingConfirmationSms': 'send_booking_confirmation_sms',
  'message.sendBookingConfirmationEmail': 'send_booking_confirmation_email',
  'message.sendBookingInfo': 'send_duty_info',
  'messageTemplate.list': 'view_company_profile',
  'messageTemplate.save': 'manage_company_profile',
  'messageTemplate.reset': 'manage_company_profile',
  'messageTemplate.preview': 'view_company_profile',
  // The passenger's pages: anyone holding a link's token; bookings checks the token.
  'publicSlip.get': 'public',
  'publicSlip.answer': 'public',
  'publicFeedback.get': 'public',
  'publicFeedback.answer': 'public',
  'feedback.list': 'view_booking',
  // The driver app: a driver's session, acting only on that driver's own duties.
  'driver.duties': 'driver',
  'driver.duty': 'driver',
  'driver.answer': 'driver',
  'driver.tripEvent': 'driver',
  'driver.addBillingItem': 'driver',
  'driver.registerDevice': 'driver',
  'driver.pushSettings': 'driver',
  'driver.changes': 'driver',
  'booking.changes': 'view_booking',
  'tracking.changes': 'view_location_tracking',
  // Location tracking: the driver app posts its own points; staff see the map and routes.
  'tracking.record': 'driver',
  'tracking.live': 'view_location_tracking',
  'tracking.route': 'view_location_tracking',
  'booking.update': 'edit_duty',
  // Sales invoices (billing checks each permission again).
  'invoice.list': 'view_invoice',
  'invoice.get': 'view_invoice',
  'invoice.duties': 'create_invoice',
  'invoice.create': 'create_invoice',
  'invoice.createFromDuties': 'create_invoice',
  'invoice.update': 'edit_invoice',
  'invoice.approve': 'approve_invoice',
  'invoice.discard': 'manage_invoice',
  'invoice.cancel': 'cancel_invoice',
  'invoice.changeCompany': 'manage_invoice',
  'invoice.dispatch': 'email_invoice',
  'receipt.list': 'view_receipt',
  'receipt.get': 'view_receipt',
  'receipt.openInvoices': 'view_receipt',
  'receipt.outstanding': 'view_receipt',
  'receipt.statement': 'view_receipt',
  'receipt.tdsReceivable': 'view_receipt',
  'receipt.create': 'manage_receipt',
  'receipt.applyToInvoices': 'manage_receipt',
  'receipt.cancel': 'cancel_receipt',
  'note.list': 'view_credit_debit_note',
  'note.get': 'view_credit_debit_note',
  'note.create': 'manage_credit_debit_note',
  'note.cancel': 'cancel_credit_debit_note',
  'fuelLog.list': 'view_vehicle_fuel',
  'fuelLog.get': 'view_vehicle_fuel',
  'fuelLog.mileage': 'view_vehicle_fuel',
  'fuelLog.record': 'manage_vehicle_fuel',
  'fuelLog.update': 'manage_vehicle_fuel',
  'fuelLog.delete': 'manage_vehicle_fuel',
  'vehicleExpense.list': 'view_vehicle_expense',
  'vehicleExpense.get': 'view_vehicle_expense',
  'vehicleExpense.costs': 'view_vehicle_expense',
  'vehicleExpense.record': 'manage_vehicle_expense',
  'vehicleExpense.update': 'manage_vehicle_expense',
  'vehicleExpense.delete': 'manage_vehicle_expense',
  // The permission depends on the kind (view_/edit_…_export_profile): the procedure checks the kind's,
  // billing checks it again (tests/integration/gateway/exports.test.ts).
  'exportProfile.list': 'signed-in',
  'exportProfile.save': 'signed-in',
  'exportProfile.delete': 'signed-in',
  // Each master reads with its view permission and writes with its manage permission (spec §2).
  'masters.duty_type.list': 'view_duty_type',
  'masters.duty_type.get': 'view_duty_type',
  'masters.duty_type.create': 'manage_duty_type',
  'masters.duty_type.update': 'manage_duty_type',
  'masters.duty_type.setActive': 'manage_duty_type',
  'masters.tax.list': 'view_tax',
  'masters.tax.get': 'view_tax',
  'masters.tax.create': 'manage_tax',
  'masters.tax.update': 'manage_tax',
  'masters.tax.setActive': 'manage_tax',
  'masters.vehicle_group.list': 'view_vehicle_group',
  'masters.vehicle_group.get': 'view_vehicle_group',
  'masters.vehicle_group.create': 'manage_vehicle_group',
  'masters.vehicle_group.update': 'manage_vehicle_group',
  'masters.vehicle_group.setActive': 'manage_vehicle_group',
  'masters.vehicle.list': 'view_vehicle',
  'masters.vehicle.get': 'view_vehicle',
  'masters.vehicle.create': 'manage_vehicle',
  'masters.vehicle.update': 'manage_vehicle',
  'masters.vehicle.setActive': 'manage_vehicle',
  'masters.driver.list': 'view_driver',
  'masters.driver.get': 'view_driver',
  'masters.driver.create': 'manage_driver',
  'masters.driver.update': 'manage_driver',
  'masters.driver.setActive': 'manage_driver',
  'masters.customer_group.list': 'view_customer_group',
  'masters.customer_group.get': 'view_customer_group',
  'masters.customer_group.create': 'manage_customer_group',
  'masters.customer_group.update': 'manage_customer_group',
  'masters.customer_group.setActive': 'manage_customer_group',
  'masters.customer.list': 'view_customer',
  'masters.customer.get': 'view_customer',
  'masters.customer.create': 'manage_customer',
  'masters.customer.update': 'manage_customer',
  'masters.customer.setActive': 'manage_customer',
  'masters.supplier_group.list': 'view_supplier_group',
  'masters.supplier_group.get': 'view_supplier_group',
  'masters.supplier_group.create': 'manage_supplier_group',
  'masters.supplier_group.update': 'manage_supplier_group',
  'masters.supplier_group.setActive': 'manage_supplier_group',
  'masters.supplier.list': 'view_supplier',
  'masters.supplier.get': 'view_supplier',
  'masters.supplier.create': 'manage_supplier',
  'masters.supplier.update': 'manage_supplier',
  'masters.supplier.setActive': 'manage_supplier',
  'masters.duty_supporter.list': 'view_duty_supporter',
  'masters.duty_supporter.get': 'view_duty_supporter',
  'masters.duty_supporter.create': 'manage_duty_supporter',
  'masters.duty_supporter.update': 'manage_duty_supporter',
  'masters.duty_supporter.setActive': 'manage_duty_supporter',
  'masters.label.list': 'view_label',
  'masters.label.get': 'view_label',
  'masters.label.create': 'manage_label',
  'masters.label.update': 'manage_label',
  'masters.label.setActive': 'manage_label',
  'masters.feedback_form.list': 'view_feedback_form',
  'masters.feedback_form.get': 'view_feedback_form',
  'masters.feedback_form.create': 'manage_feedback_form',
  'masters.feedback_form.update': 'manage_feedback_form',
  'masters.feedback_form.setActive': 'manage_feedback_form',
  'masters.billing_item.list': 'view_billing_item',
  'masters.billing_item.get': 'view_billing_item',
  'masters.billing_item.create': 'manage_billing_item',
  'masters.billing_item.update': 'manage_billing_item',
  'masters.billing_item.setActive': 'manage_billing_item',
  'masters.rate_card.list': 'view_pricing',
  'masters.rate_card.get': 'view_pricing',
  'masters.rate_card.create': 'manage_pricing',
  'masters.rate_card.update': 'manage_pricing',
  'masters.rate_card.setActive': 'manage_pricing',
  'masters.branch.list': 'view_branch',
  'masters.branch.get': 'view_branch',
  'masters.branch.create': 'manage_branch',
  'masters.branch.update': 'manage_branch',
  'masters.branch.setActive': 'manage_branch',
  'masters.bank_account.list': 'view_bank_account',
  'masters.bank_account.get': 'view_bank_account',
  'masters.bank_account.create': 'manage_bank_account',
  'masters.bank_account.update': 'manage_bank_account',
  'masters.bank_account.setActive': 'manage_bank_account',
  'masters.fuel_station.list': 'view_fuel_station',
  'masters.fuel_station.get': 'view_fuel_station',
  'masters.fuel_station.create': 'manage_fuel_station',
  'masters.fuel_station.update': 'manage_fuel_station',
  'masters.fuel_station.setActive': 'manage_fuel_station',
  'masters.company.list': 'view_my_company',
  'masters.company.get': 'view_my_company',
  'masters.company.create': 'manage_my_company',
  'masters.company.update': 'manage_my_company',
  'masters.company.setActive': 'manage_my_company',
  'masters.company_profile.list': 'view_company_profile',
  'masters.company_profile.get': 'view_company_profile',
  'masters.company_profile.create': 'manage_company_profile',
  'masters.company_profile.update': 'manage_company_profile',
  'masters.company_profile.setActive': 'manage_company_profile',
  'masters.channel_partner.list': 'view_duty_supporter',
  'masters.channel_partner.get': 'view_duty_supporter',
  'masters.custom_field.list': 'view_custom_fields',
  'masters.custom_field.get': 'view_custom_fields',
  'masters.custom_field.create': 'manage_custom_fields',
  'masters.custom_field.update': 'manage_custom_fields',
  'masters.custom_field.setActive': 'manage_custom_fields',
  'masters.business_settings.get': 'view_company_profile',
  'masters.business_settings.save': 'manage_company_profile',
  'masters.state.list': 'signed-in',
  'masters.state.get': 'signed-in',
  'masters.city.list': 'signed-in',
  'masters.city.get': 'signed-in',
};

describe('the router', () => {
  it('has procedures', () => {
    expect(procedures.length).toBeGreaterThan(0);
  });

  it.each(procedures)('%s declares a permission that exists', (_path, procedure) => {
    const permission = procedure.permission;
    expect(typeof permission).toBe('string');
    expect(
      ['public', 'signed-in', 'driver'].includes(String(permission)) || isPermissionId(String(permission)),
    ).toBe(true);
  });

  it('declares exactly the expected permission for each procedure', () => {
    const actual = Object.fromEntries(procedures.map(([path, p]) => [path, p.permission]));
    expect(actual).toEqual(EXPECTED);
  });

  it('leaves only sign-in itself and the passenger’s pages (opened by a link’s token) public', () => {
    const open = procedures.filter(([, p]) => p.permission === 'public').map(([path]) => path);
    expect(open.sort()).toEqual([
      'auth.requestOtp',
      'auth.verifyOtp',
      'publicFeedback.answer',
      'publicFeedback.get',
      'publicSlip.answer',
      'publicSlip.get',
    ]);
  });

  it('rate-limits every sign-in step per address and per phone (their own budgets)', () => {
    const signIn = procedures.filter(([, p]) => p.signInStep).map(([path]) => path);
    expect(signIn.sort()).toEqual(['auth.requestOtp', 'auth.verifyOtp']);
  });

  it('changes state only through mutations (queries are GETs, which skip the CSRF checks)', () => {
    const verbs = [
      ...['create', 'update', 'setActive', 'save', 'start', 'stop', 'logout', 'requestOtp', 'verifyOtp'],
      ...[
        'updateProfile',
        'requestPhoneChange',
        'confirmPhoneChange',
        'allot',
        'recordSlip',
        'close',
        'copy',
        'extend',
        'approveSlip',
        'adjustCharges',
        'adjustDriverAllowances',
        'adjustSupplierAllowances',
        'setLabels',
        'setSupporters',
        'setBillingItems',
        'send',
        'resolve',
        'resend',
        'reset',
        'sendBookingConfirmationSms',
        'sendBookingConfirmationEmail',
        'sendBookingInfo',
        'answer',
        'tripEvent',
        'addBillingItem',
        'registerDevice',
        'record',
        'createFromDuties',
        'approve',
        'discard',
        'changeCompany',
        'applyToInvoices',
        'delete',
      ],
      // A duty's status actions (booking.cancel, booking.dispatch…).
      ...Object.keys(bookingActions),
    ];
    const writes = new RegExp(`\\.(${verbs.join('|')})$`);
    // Streams of what changed (booking.changes, driver.changes) are subscriptions: GETs that write nothing.
    const streams = /\.changes$/;
    for (const [path, p] of procedures) {
      const type = writes.test(path) ? 'mutation' : streams.test(path) ? 'subscription' : 'query';
      expect({ path, type: p.type }).toEqual({ path, type });
    }
  });

  it('refuses a procedure that declares nothing (fails closed)', async () => {
    await expect(authorise(undefined, {} as never, 'some.procedure')).rejects.toThrow(
      'The procedure some.procedure does not declare the permission it needs.',
    );
    await expect(authorise({}, {} as never, 'some.procedure')).rejects.toThrow(/does not declare/);
  });
});
