import { randomUUID } from 'node:crypto';
import type { Client } from '@connectrpc/connect';
import { anonymousCaller, type Caller, callAs, type Logger } from '@fleet/platform';
import type { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';

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
    permissions: ['manage_booking', 'allot_vehicle_driver_to_duty', 'view_duty_slip'],
  },
  {
    name: 'Accounts',
    description: 'Invoices, receipts and notes',
    permissions: ['manage_invoice', 'manage_receipt', 'manage_credit_debit_note'],
  },
  {
    name: 'Operations',
    description: 'Runs the day, manages staff and can act as them',
    permissions: ['manage_booking', 'manage_employee', 'view_employee', 'auto_login'],
  },
];

/**
 * Seeds a demo operator through the service's own API, exactly as a person would create one: the owner
 * signs up with the demo phone, then adds profiles and employees. Does nothing if the owner exists.
 */
export async function seedDemoOperator(
  identity: Client<typeof IdentityService>,
  logger: Logger,
): Promise<boolean> {
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
  await identity.logout({}, callAs(owner));
  logger.info({ tenantId: auth.tenantId }, 'demo operator seeded');
  return true;
}

export const DEMO_TEST_OTPS = [DEMO_OWNER_PHONE, ...EMPLOYEES.map((e) => e.phone)]
  .map((phone) => `${phone}=${DEMO_CODE}`)
  .join(',');
