// A masquerade session never holds a permission its real actor does not hold, at any moment: not when
// the target is given more after the masquerade started, and not once the actor loses something — also
// on a gateway that hears of the change only through identity's events.
import type { PermissionId } from '@fleet/domain';
import { type RunningGateway, startGateway } from '@fleet/gateway';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { trpcQuery } from '../../support/trpc-client';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

type Client = ReturnType<GatewayHarness['client']>;

describe('what a masquerade session may do', () => {
  let h: GatewayHarness;
  let owner: Client;
  let vehicleId: string;
  let vehicleValues: Record<string, string>;
  let managerId: string;
  let managerToken: string;
  let targetId: string;
  let targetPhone: string;

  beforeAll(async () => {
    h = await bootGateway();
    const { token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Masq Cabs' });
    owner = h.client(() => bearer(ownerToken));
    const group = await owner.masters.vehicle_group.create.mutate({ values: { name: 'Sedan' } });
    vehicleValues = {
      vehicle_no: 'KA01AB1234',
      vehicle_model: 'Dzire',
      vehicle_group_id: group.id,
      vehicle_fuel_type: 'PETROL',
    };
    const vehicle = await owner.masters.vehicle.create.mutate({ values: vehicleValues });
    vehicleId = vehicle.id;
    const managerPhone = freshPhone();
    const manager = await owner.employee.create.mutate({
      name: 'Mira Manager',
      phone: managerPhone,
      grantedPermissions: ['manage_employee', 'view_employee', 'auto_login', 'view_vehicle'],
    });
    managerId = manager.id;
    targetPhone = freshPhone();
    const target = await owner.employee.create.mutate({
      name: 'Esha Clerk',
      phone: targetPhone,
      grantedPermissions: ['view_vehicle'],
    });
    targetId = target.id;
    ({ token: managerToken } = await h.signIn(managerPhone));
  }, 120_000);
  afterAll(() => h?.close());

  async function masqueradeAsTarget(): Promise<string> {
    const started = await h.mutate('masquerade.start', { userId: targetId }, bearer(managerToken));
    expect(started.status).toBe(200);
    return (started.body.result!.data as { token: string }).token;
  }

  async function setGrants(userId: string, name: string, phone: string, grantedPermissions: PermissionId[]) {
    await owner.employee.update.mutate({ userId, name, phone, grantedPermissions });
  }

  it('does not gain a permission the target is given that the actor lacks', async () => {
    const masqueradeToken = await masqueradeAsTarget();
    const asTarget = h.client(() => bearer(masqueradeToken));
    expect((await asTarget.user.permissions.query()).permissions).toContain('view_vehicle');

    await setGrants(targetId, 'Esha Clerk', targetPhone, ['view_vehicle', 'manage_vehicle']);
    // The grant itself took effect: the target's own session holds it.
    const { token: targetToken } = await h.signIn(targetPhone);
    const targetOwn = await h.client(() => bearer(targetToken)).user.permissions.query();
    expect(targetOwn.permissions).toContain('manage_vehicle');

    expect((await asTarget.user.permissions.query()).permissions).not.toContain('manage_vehicle');
    const me = await asTarget.user.me.query();
    expect(me.isMasquerade).toBe(true);
    expect(me.permissions).not.toContain('manage_vehicle');
    expect(me.permissions).toContain('view_vehicle');

    const refused = await h.mutate(
      'masters.vehicle.update',
      { id: vehicleId, values: { ...vehicleValues, vehicle_model: 'Hijacked' } },
      bearer(masqueradeToken),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error?.data).toMatchObject({ code: 'FORBIDDEN' });
    const unchanged = await owner.masters.vehicle.get.query({ id: vehicleId });
    expect(unchanged.values.vehicle_model).toBe('Dzire');
  });

  it('loses a permission as soon as the actor loses it, on a gateway that learns it from events', async () => {
    // A second gateway in front of the same services, whose cache only identity's events can empty.
    const other: RunningGateway = await startGateway({
      services: h.services,
      signingKeys: h.signingKeys,
      bus: h.testBus.bus,
      config: { ...h.config, SESSION_CACHE_SECONDS: 600 },
      logger: h.logger,
      host: '127.0.0.1',
      readiness: {},
    });
    try {
      await setGrants(targetId, 'Esha Clerk', targetPhone, ['view_vehicle']);
      const masqueradeToken = await masqueradeAsTarget();
      const viaOther = (path: string, input?: unknown) =>
        trpcQuery(`http://127.0.0.1:${other.port}`, path, input, bearer(masqueradeToken));
      const listedOnOther = async () =>
        ((await viaOther('user.permissions')).body.result!.data as { permissions: string[] }).permissions;
      expect(await listedOnOther()).toContain('view_vehicle');
      expect((await viaOther('masters.vehicle.list', {})).status).toBe(200);

      const manager = await owner.employee.get.query({ userId: managerId });
      await setGrants(managerId, manager.name, manager.phone, [
        'manage_employee',
        'view_employee',
        'auto_login',
      ]);

      const asTarget = h.client(() => bearer(masqueradeToken));
      expect((await asTarget.user.permissions.query()).permissions).not.toContain('view_vehicle');
      expect((await asTarget.user.me.query()).permissions).not.toContain('view_vehicle');
      const error = await expectTrpcError(asTarget.masters.vehicle.list.query({}));
      expect(error.data?.code).toBe('FORBIDDEN');

      const deadline = Date.now() + 10_000;
      while ((await listedOnOther()).includes('view_vehicle') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await listedOnOther()).not.toContain('view_vehicle');
      expect((await viaOther('masters.vehicle.list', {})).status).toBe(403);
    } finally {
      await other.close(1000);
    }
  });
});
