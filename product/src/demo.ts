import { randomUUID } from 'node:crypto';
import { anonymousCaller, type Caller, callAs, type Logger } from '@fleet/platform';
import { seedDemoMasters } from './demo-masters';
import type { ServiceClients } from './product';

export const DEMO_OWNER_PHONE = '+919800000001';
export const DEMO_CODE = '123456';

const EMPLOYEES = [
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
      'view_branch',
    ],
  },
];

/**
 * Seeds a demo operator through the services' own APIs, exactly as a person would create one: the owner
 * signs up with the demo phone, then adds profiles and employees, and the masters (fleet, drivers,
 * customers, suppliers, rate cards…; see demo-masters.ts). Does nothing if the owner exists.
 */
export async function seedDemoOperator(
  clients: Pick<ServiceClients, 'identity' | 'masters'>,
  logger: Logger,
  options: { today?: string } = {},
): Promise<boolean> {
  const started = Date.now();
  const { identity, masters } = clients;
  const anon = anonymousCaller(randomUUID(), '127.0.0.1');
  await identity.requestOtp({ phone: DEMO_OWNER_PHONE }, callAs(anon));
  const verified = await identity.verifyOtp(
    { phone: DEMO_OWNER_PHONE, code: DEMO_CODE, operatorName: 'Demo Travels', userName: 'Demo Owner' },
    callAs(anon),
  );
  if (!verified.signedUp) return false;
  const auth = await identity.authenticate({ token: verified.token }, callAs(anon));
  const owner: Caller = {
    requestId: randomUUID(),
    tenantId: auth.tenantId,
    userId: auth.userId,
    actorUserId: auth.actorUserId,
    sessionId: auth.sessionId,
    permissions: auth.permissions,
    isMasquerade: false,
  };
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
  // The operator and its staff exist whatever happens next; a refused master is logged, not fatal.
  let seeded: Record<string, number> | undefined;
  try {
    seeded = await seedDemoMasters(masters, owner, { today: options.today });
  } catch (error) {
    logger.error({ err: error, tenantId: auth.tenantId }, 'demo masters could not be seeded');
  }
  await identity.logout({}, callAs(owner));
  logger.info(
    {
      tenantId: auth.tenantId,
      employees: EMPLOYEES.length,
      masters: seeded,
      seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
    },
    'demo operator seeded',
  );
  return true;
}

export const DEMO_TEST_OTPS = [DEMO_OWNER_PHONE, ...EMPLOYEES.map((e) => e.phone)]
  .map((phone) => `${phone}=${DEMO_CODE}`)
  .join(',');
