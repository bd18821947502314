// The demo operator itself: its owner, the permission profiles of its staff and three employees, each
// with a phone that signs in with the demo code.
import type { Client } from '@connectrpc/connect';
import { type Caller, callAs } from '@fleet/platform';
import type { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';

export type IdentityClient = Client<typeof IdentityService>;

export const DEMO_OPERATOR_NAME = 'Demo Travels';
export const DEMO_OWNER_NAME = 'Demo Owner';
export const DEMO_OWNER_PHONE = '+919800000001';
/** The fixed sign-in code of every demo phone (the banner promises it for the owner). */
export const DEMO_CODE = '123456';

export const EMPLOYEES = [
  { name: 'Priya Nair', phone: '+919800000002', designation: 'Dispatcher', profile: 'Dispatch' },
  { name: 'Arjun Mehta', phone: '+919800000003', designation: 'Accountant', profile: 'Accounts' },
  { name: 'Kavya Rao', phone: '+919800000004', designation: 'Operations Manager', profile: 'Operations' },
];

const PROFILES = [
  {
    name: 'Dispatch',
    description: 'Takes bookings and allots vehicles and drivers',
    permissions: [
      'manage_booking',
      'allot_vehicle_driver_to_duty',
      'view_duty_slip',
      'view_vehicle',
      'view_driver',
      'view_duty_supporter',
      'view_customer',
      'view_supplier',
      'view_duty_type',
      'view_vehicle_group',
      'view_pricing',
      'view_customer_pricing',
      'view_supplier_pricing',
      'view_label',
      'view_branch',
    ],
  },
  {
    name: 'Accounts',
    description: 'Invoices, receipts and notes',
    permissions: [
      'manage_invoice',
      'manage_receipt',
      'manage_credit_debit_note',
      'view_customer',
      'view_customer_group',
      'view_supplier',
      'view_supplier_group',
      'view_tax',
      'view_pricing',
      'view_customer_pricing',
      'view_supplier_pricing',
      'view_billing_item',
      'view_bank_account',
      'view_my_company',
      'view_company_profile',
    ],
  },
  {
    name: 'Operations',
    description: 'Runs the day, manages staff and can act as them',
    permissions: [
      'manage_booking',
      'manage_employee',
      'view_employee',
      'auto_login',
      'manage_vehicle',
      'manage_driver',
      'manage_duty_supporter',
      'manage_vehicle_group',
      'manage_duty_type',
      'manage_label',
      'view_customer',
      'view_supplier',
      'view_pricing',
      'view_customer_pricing',
      'view_supplier_pricing',
      'view_branch',
    ],
  },
];

/** AUTH_TEST_OTP for the demo phones alone: the owner and each employee, all with the demo code. */
/** The demo fleet's first driver (fleet.ts numbers drivers' phones from +91 98700 10001), who signs in at /driver. */
export const DEMO_DRIVER_PHONE = '+919870010001';

export const DEMO_TEST_OTPS = [DEMO_OWNER_PHONE, ...EMPLOYEES.map((e) => e.phone), DEMO_DRIVER_PHONE]
  .map((phone) => `${phone}=${DEMO_CODE}`)
  .join(',');

/**
 * AUTH_TEST_OTP with the demo phones' fixed codes added to what the environment gives, so the banner's
 * promise holds whatever other phones a person lists. A phone listed in `envValue` keeps the code given
 * there (later entries win when AUTH_TEST_OTP is read); a malformed value is passed on unchanged, so its
 * error still names it.
 */
export function withDemoTestOtps(envValue: string | undefined): string {
  const given = envValue?.trim();
  return given ? `${DEMO_TEST_OTPS},${given}` : DEMO_TEST_OTPS;
}

/** The staff's permission profiles and the employees who hold them, added by the owner through identity's API. */
export async function seedDemoStaff(identity: IdentityClient, owner: Caller): Promise<number> {
  const profileIds = new Map<string, string>();
  for (const profile of PROFILES) {
    const { profile: created } = await identity.createPermissionProfile(profile, callAs(owner));
    profileIds.set(profile.name, created!.id);
  }
  for (const employee of EMPLOYEES) {
    await identity.createEmployee(
      {
        user: { name: employee.name, phone: employee.phone },
        fields: { designation: employee.designation, permissionProfileId: profileIds.get(employee.profile) },
      },
      callAs(owner),
    );
  }
  return EMPLOYEES.length;
}

/**
 * The demo operator sends its passengers their texts and emails (the operator's own flags, which
 * messaging honours): its log then shows every seeded booking's confirmation and allotment to its
 * passengers, as a real operator's would. Set through the owner's profile, as the owner would.
 */
export async function turnOnPassengerMessages(identity: IdentityClient, owner: Caller): Promise<void> {
  const { user } = await identity.getMe({}, callAs(owner));
  if (!user) throw new Error('identity answered getMe without the user');
  await identity.updateMe(
    {
      fields: {
        name: user.name,
        email: user.email,
        phone: user.phone,
        accessLevel: user.accessLevel,
        headOfficeCityId: user.headOfficeCityId,
        stateId: user.stateId,
        panNo: user.panNo,
        gstNo: user.gstNo,
        lutNo: user.lutNo,
        vatNo: user.vatNo,
        sezGstNo: user.sezGstNo,
        gstType: user.gstType,
        isTripStartOtpRequired: user.isTripStartOtpRequired,
        isTripEndOtpRequired: user.isTripEndOtpRequired,
        isBookingApiOnly: user.isBookingApiOnly,
        autoSendPassengerSms: true,
        autoSendPassengerEmail: true,
      },
    },
    callAs(owner),
  );
}
