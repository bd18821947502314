import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import { SignInApp } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { DriverChangedSchema } from '@fleet/proto/fleet/masters/v1/events_pb';
import { eventually, expectDomainError, publishEvent } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { bootIdentity, freshPhone, type IdentityHarness } from './support';

describe('drivers’ app accounts, made from the driver master and signed in to the driver app only', () => {
  let h: IdentityHarness;
  let tenantId: string;
  beforeAll(async () => {
    h = await bootIdentity();
    tenantId = (await h.signIn(freshPhone(), { operatorName: 'Konkan Cabs' })).caller.tenantId!;
  });
  afterAll(() => h.close());

  let clock = Date.parse('2026-03-01T00:00:00Z');
  /** masters says what the driver now is, as its relay would. */
  const driverSays = (driver: { id: string; name: string; phone: string; isActive: boolean }) => {
    clock += 60_000;
    return publishEvent(
      h.testBus.bus,
      'fleet.masters.driver.updated',
      DriverChangedSchema,
      { tenantId, driver: { ...driver, updatedAt: timestampFromDate(new Date(clock)) } },
      tenantId,
    );
  };
  const account = (driverId: string) =>
    h.database.db.readAsSystem(async (tx) => {
      const [row] = await rows<{
        user_id: string | null;
        name: string;
        is_active: boolean;
        phone_taken: boolean;
        verification_status: string;
      }>(
        tx,
        sql`select user_id, name, is_active, phone_taken, verification_status
            from identity.driver_accounts where driver_id = ${driverId}`,
      );
      return row;
    });
  const signInToDriverApp = async (phone: string) => {
    const anon = h.anonymous();
    await h.client.requestOtp({ phone, app: SignInApp.DRIVER }, callAs(anon));
    const { token } = await h.client.verifyOtp(
      { phone, code: h.lastCodeFor(phone), app: SignInApp.DRIVER },
      callAs(anon),
    );
    h.advance(31_000);
    return token;
  };
  const newDriver = async (phone = freshPhone()) => {
    const driver = { id: randomUUID(), name: 'Ravi Kumar', phone, isActive: true };
    await driverSays(driver);
    await eventually(
      () => account(driver.id),
      (a) => !!a?.user_id,
    );
    return driver;
  };

  it('signs a driver in to the driver app as DRIVER, acting for that driver, and registers the account', async () => {
    const driver = await newDriver();
    expect((await account(driver.id))?.verification_status).toBe('UNREGISTRED');
    const caller = await h.callerForToken(await signInToDriverApp(driver.phone));
    expect(caller).toMatchObject({ tenantId, role: 'DRIVER', driverId: driver.id, permissions: [] });
    expect((await account(driver.id))?.verification_status).toBe('REGISTERED');
  });

  it('keeps a driver out of the back-office, staff out of the driver app, and signs up no operator from it', async () => {
    const driver = await newDriver();
    const back = await expectDomainError(h.client.requestOtp({ phone: driver.phone }, callAs(h.anonymous())));
    expect(back.reason).toBe('DRIVER_USES_DRIVER_APP');
    const staffPhone = freshPhone();
    await h.signIn(staffPhone);
    for (const phone of [staffPhone, freshPhone()]) {
      const refused = await expectDomainError(
        h.client.requestOtp({ phone, app: SignInApp.DRIVER }, callAs(h.anonymous())),
      );
      expect(refused.reason).toBe('NOT_A_DRIVER');
    }
  });

  it('ends a deactivated driver’s sessions at once and lets them in again only when reactivated', async () => {
    const driver = await newDriver();
    const token = await signInToDriverApp(driver.phone);
    await driverSays({ ...driver, isActive: false });
    await eventually(
      () => account(driver.id),
      (a) => a?.is_active === false,
    );
    expect((await expectDomainError(h.callerForToken(token))).code).toBe('UNAUTHENTICATED');
    const refused = await expectDomainError(
      h.client.requestOtp({ phone: driver.phone, app: SignInApp.DRIVER }, callAs(h.anonymous())),
    );
    expect(refused.reason).toBe('USER_INACTIVE');

    await driverSays({ ...driver, name: 'Ravi K.', isActive: true });
    await eventually(
      () => account(driver.id),
      (a) => a?.is_active === true,
    );
    const caller = await h.callerForToken(await signInToDriverApp(driver.phone));
    expect(caller.driverId).toBe(driver.id);
    expect((await h.client.getMe({}, callAs(caller))).user?.name).toBe('Ravi K.');
  });

  it('follows the master to a new phone, and never lets an older record undo a newer one', async () => {
    const driver = await newDriver();
    const oldToken = await signInToDriverApp(driver.phone);
    const moved = { ...driver, phone: freshPhone() };
    await driverSays(moved);
    await eventually(
      () =>
        h.database.db.readAsSystem((tx) =>
          rows(tx, sql`select 1 from identity.users where phone = ${moved.phone}`),
        ),
      (r) => r.length === 1,
    );
    expect((await expectDomainError(h.callerForToken(oldToken))).code).toBe('UNAUTHENTICATED');
    // The relay redelivers the first record, written a minute before the move: it changes nothing.
    await publishEvent(
      h.testBus.bus,
      'fleet.masters.driver.updated',
      DriverChangedSchema,
      { tenantId, driver: { ...driver, updatedAt: timestampFromDate(new Date(clock - 120_000)) } },
      tenantId,
    );
    await driverSays({ ...moved, name: 'After the stale one' });
    await eventually(
      () => account(driver.id),
      (a) => a?.name === 'After the stale one',
    );
    expect((await h.callerForToken(await signInToDriverApp(moved.phone))).driverId).toBe(driver.id);
  });

  it('gives no account to a driver whose phone already signs in to another account, and says so', async () => {
    const ownerPhone = freshPhone();
    await h.signIn(ownerPhone);
    const driver = { id: randomUUID(), name: 'Same Phone', phone: ownerPhone, isActive: true };
    await driverSays(driver);
    const saved = await eventually(
      () => account(driver.id),
      (a) => a !== undefined,
    );
    expect(saved).toMatchObject({ user_id: null, phone_taken: true, is_active: false });
    const staff = h.callerFor(tenantId, [PERMISSION.view_driver_user]);
    const [listed] = (await h.client.listDriverAccounts({ driverIds: [driver.id] }, callAs(staff))).accounts;
    expect(listed).toMatchObject({ driverId: driver.id, phoneTaken: true, userId: '' });
  });

  it('keeps the app’s device and push token, refusing a malformed token by name and anyone but a driver', async () => {
    const driver = await newDriver();
    const caller = await h.callerForToken(await signInToDriverApp(driver.phone));
    const { account: saved } = await h.client.registerDriverDevice(
      {
        pushToken: 'fcm:APA91b-token_1',
        appVersion: '1.4.0',
        deviceModel: 'Pixel 7',
        deviceOs: 'Android 14',
      },
      callAs(caller),
    );
    expect(saved).toMatchObject({
      driverId: driver.id,
      pushToken: 'fcm:APA91b-token_1',
      appVersion: '1.4.0',
    });
    const bad = await expectDomainError(
      h.client.registerDriverDevice({ pushToken: 'has spaces', appVersion: '1' }, callAs(caller)),
    );
    expect(bad.fieldViolations.map((v) => v.field)).toEqual(['pushToken']);
    const staff = h.callerFor(tenantId, [PERMISSION.view_driver]);
    const notDriver = await expectDomainError(
      h.client.registerDriverDevice({ pushToken: 'x' }, callAs(staff)),
    );
    expect(notDriver.code).toBe('PERMISSION_DENIED');
    const unpermitted = await expectDomainError(
      h.client.listDriverAccounts({}, callAs(h.callerFor(tenantId, [PERMISSION.view_driver]))),
    );
    expect(unpermitted.code).toBe('PERMISSION_DENIED');
  });

  it('shows staff holding view_driver_user a driver’s device, and signs the app out for manage_driver_user', async () => {
    const driver = await newDriver();
    const token = await signInToDriverApp(driver.phone);
    await h.client.registerDriverDevice(
      { appVersion: '2.1.0', deviceModel: 'Redmi Note 12', deviceOs: 'Android 13' },
      callAs(await h.callerForToken(token)),
    );
    const viewer = callAs(h.callerFor(tenantId, [PERMISSION.view_driver_user]));
    const [listed] = (await h.client.listDriverAccounts({ driverIds: [driver.id] }, viewer)).accounts;
    expect(listed).toMatchObject({
      appVersion: '2.1.0',
      deviceModel: 'Redmi Note 12',
      deviceOs: 'Android 13',
    });
    expect(listed?.lastSeenAt).toBeDefined();

    const refused = await expectDomainError(h.client.signOutDriver({ driverId: driver.id }, viewer));
    expect(refused.code).toBe('PERMISSION_DENIED');
    const manager = callAs(
      h.callerFor(tenantId, [PERMISSION.view_driver_user, PERMISSION.manage_driver_user]),
    );
    await h.client.signOutDriver({ driverId: driver.id }, manager);
    expect((await expectDomainError(h.callerForToken(token))).code).toBe('UNAUTHENTICATED');
    // The driver may sign in again; another operator's driver is not found.
    await h.callerForToken(await signInToDriverApp(driver.phone));
    const elsewhere = await expectDomainError(
      h.client.signOutDriver(
        { driverId: driver.id },
        callAs(h.callerFor(randomUUID(), [PERMISSION.manage_driver_user])),
      ),
    );
    expect(elsewhere.code).toBe('NOT_FOUND');
  });
});
