// Managing employees respects rank through the gateway: a holder of manage_employee cannot act on someone
// holding more (403, nothing changes), and what they may change about a person's phone or access is in
// the audit log with who, from where and what changed.
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

describe('acting on employees by rank, through the gateway', () => {
  let h: GatewayHarness;
  let owner: ReturnType<GatewayHarness['client']>;
  let managerToken: string;
  let seniorId: string;
  let junior: { id: string; phone: string };

  beforeAll(async () => {
    h = await bootGateway();
    const { token } = await h.signIn(freshPhone(), { operatorName: 'Rank Cabs' });
    owner = h.client(() => bearer(token));
    const managerPhone = freshPhone();
    await owner.employee.create.mutate({
      name: 'Mala Manager',
      phone: managerPhone,
      grantedPermissions: ['manage_employee', 'view_employee', 'view_booking'],
    });
    const senior = await owner.employee.create.mutate({
      name: 'Sunil Senior',
      phone: freshPhone(),
      grantedPermissions: ['view_booking', 'view_invoice'],
    });
    seniorId = senior.id;
    const created = await owner.employee.create.mutate({
      name: 'Jaya Junior',
      phone: freshPhone(),
      grantedPermissions: ['view_booking'],
    });
    junior = { id: created.id, phone: created.phone };
    ({ token: managerToken } = await h.signIn(managerPhone));
  }, 120_000);
  afterAll(() => h?.close());

  it('answers 403 to deactivating someone who holds more, and leaves them active', async () => {
    const refused = await h.mutate(
      'employee.setActive',
      { userId: seniorId, isActive: false },
      bearer(managerToken),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error?.data).toMatchObject({ code: 'FORBIDDEN' });
    expect(refused.body.error?.message).toMatch(/^Sunil Senior holds permissions you do not: View Invoice/);
    expect((await owner.employee.get.query({ userId: seniorId })).isActive).toBe(true);
  });

  it('lets the manager move a junior to a new phone, and the owner reads who did it in the audit log', async () => {
    const manager = h.client(() => ({
      ...bearer(managerToken),
      'x-forwarded-for': '10.77.0.9',
      'user-agent': 'rank-test-browser',
    }));
    const newPhone = freshPhone();
    await manager.employee.update.mutate({
      userId: junior.id,
      name: 'Jaya Junior',
      phone: newPhone,
      grantedPermissions: ['view_booking'],
    });
    const { entries } = await owner.audit.list.query();
    expect(entries[0]).toMatchObject({
      action: 'PHONE_CHANGE',
      actorName: 'Mala Manager',
      asName: null,
      subjectName: 'Jaya Junior',
      changes: [{ field: 'phone', before: [junior.phone], after: [newPhone] }],
      ip: '10.77.0.9',
      userAgent: 'rank-test-browser',
    });
    expect(entries[0]?.at).toBeInstanceOf(Date);
    // Only holders of manage_employee read the log.
    const { token: juniorToken } = await h.signIn(newPhone);
    const error = await expectTrpcError(h.client(() => bearer(juniorToken)).audit.list.query());
    expect(error.data?.code).toBe('FORBIDDEN');
  });
});
