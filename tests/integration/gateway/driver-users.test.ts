import type { PermissionId } from '@fleet/domain';
// Drivers' app accounts as staff see them through the gateway over HTTP: the device, app version and last
// seen for whoever holds view_driver_user, and the driver's app signed out for manage_driver_user; anyone
// else is refused.
import { eventually } from '@fleet/testing';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let driverId: string;
let driverPhone: string;

beforeAll(async () => {
  h = await bootGateway();
  const { token } = await h.signIn(freshPhone(), { operatorName: 'Konkan Cabs' });
  owner = h.client(() => bearer(token));
  driverPhone = freshPhone();
  driverId = (
    await owner.masters.driver.create.mutate({ values: { name: 'Ravi Kumar', phone: driverPhone } })
  ).id;
}, 120_000);
afterAll(() => h?.close());

async function holding(permissions: PermissionId[]) {
  const profile = await owner.permissionProfile.create.mutate({ name: permissions.join(' '), permissions });
  const phone = freshPhone();
  await owner.employee.create.mutate({ name: 'Dee Desk', phone, permissionProfileId: profile.id });
  const { token } = await h.signIn(phone);
  return h.client(() => bearer(token));
}

it('shows the driver app’s device to view_driver_user and signs it out for manage_driver_user', async () => {
  const driverToken = await h.signInDriver(driverPhone);
  const driver = h.client(() => bearer(driverToken));
  await driver.driver.registerDevice.mutate({
    appVersion: '2.1.0',
    deviceModel: 'Pixel 7',
    deviceOs: 'Android 14',
  });

  const drivers = await holding(['view_driver']);
  expect((await expectTrpcError(drivers.driverUser.list.query({ driverIds: [driverId] }))).data?.code).toBe(
    'FORBIDDEN',
  );
  const viewer = await holding(['view_driver_user']);
  const [account] = await viewer.driverUser.list.query({ driverIds: [driverId] });
  expect(account).toMatchObject({ name: 'Ravi Kumar', appVersion: '2.1.0', deviceModel: 'Pixel 7' });
  expect(account?.lastSeenAt).toBeInstanceOf(Date);
  expect((await expectTrpcError(viewer.driverUser.signOut.mutate({ driverId }))).data?.code).toBe(
    'FORBIDDEN',
  );

  const manager = await holding(['manage_driver_user']);
  expect(await manager.driverUser.signOut.mutate({ driverId })).toEqual({ signedOut: true });
  const shut = await eventually(
    async () => (await h.query('driver.duties', { when: 'TODAY' }, bearer(driverToken))).status,
    (status) => status === 401,
  );
  expect(shut).toBe(401);
});
