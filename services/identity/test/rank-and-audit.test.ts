import { closePermissions, type PermissionId } from '@fleet/domain';
import { type Caller, callAs, rows } from '@fleet/platform';
import { AuditAction } from '@fleet/proto/fleet/identity/v1/audit_pb';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { bootIdentity, freshPhone, type IdentityHarness } from './support';

/**
 * Rank: acting on a person needs holding at least what they hold (the owner excepted, and nobody but the
 * owner acts on the owner); a profile is changed only by someone holding what its active users hold.
 * Every change of a person's phone or access is in the audit log.
 */
describe('acting on people who hold more, and the audit log', () => {
  let h: IdentityHarness;
  let owner: Caller;
  let manager: Caller;
  let managerPhone: string;
  const people: Record<'senior' | 'junior' | 'dormant', { id: string; phone: string; name: string }> = {
    senior: { id: '', phone: freshPhone(), name: 'Sunil Senior' },
    junior: { id: '', phone: freshPhone(), name: 'Jaya Junior' },
    dormant: { id: '', phone: freshPhone(), name: 'Dev Dormant' },
  };
  let sharedProfileId: string;
  let juniorProfileId: string;
  let ip = 20;

  const signInAs = async (phone: string) => {
    h.advance(31_000);
    ip += 1;
    return (await h.signIn(phone, { ip: `10.9.9.${ip}` })).caller;
  };
  const employeeInput = (
    person: { name: string; phone: string },
    fields: { permissionProfileId?: string; grantedPermissions?: readonly PermissionId[] },
  ) => ({
    user: { name: person.name, phone: person.phone },
    fields: { ...fields, grantedPermissions: [...(fields.grantedPermissions ?? [])] },
  });
  const current = async (userId: string) => (await h.client.getEmployee({ userId }, callAs(owner))).employee!;
  const auditEntries = async () => (await h.client.listAuditLog({}, callAs(owner))).entries;

  beforeAll(async () => {
    h = await bootIdentity();
    owner = (await h.signIn(freshPhone(), { operatorName: 'Rank Cabs' })).caller;
    const shared = await h.client.createPermissionProfile(
      { name: 'Bookings', permissions: ['view_booking'] },
      callAs(owner),
    );
    sharedProfileId = shared.profile!.id;
    const juniors = await h.client.createPermissionProfile(
      { name: 'Juniors', permissions: ['view_booking'] },
      callAs(owner),
    );
    juniorProfileId = juniors.profile!.id;
    managerPhone = freshPhone();
    await h.client.createEmployee(
      employeeInput(
        { name: 'Mala Manager', phone: managerPhone },
        { grantedPermissions: ['manage_employee', 'view_employee', 'view_booking'] },
      ),
      callAs(owner),
    );
    // The senior uses the shared profile too, and holds view_invoice on top, which the manager lacks.
    for (const [key, fields] of [
      ['senior', { permissionProfileId: sharedProfileId, grantedPermissions: ['view_invoice'] }],
      ['junior', { permissionProfileId: juniorProfileId }],
      ['dormant', { grantedPermissions: ['view_invoice'] }],
    ] as const) {
      const { employee } = await h.client.createEmployee(employeeInput(people[key], fields), callAs(owner));
      people[key].id = employee!.user!.id;
    }
    await h.client.setEmployeeActive({ userId: people.dormant.id, isActive: false }, callAs(owner));
    manager = await signInAs(managerPhone);
  });
  afterAll(() => h.close());

  it('refuses every action on someone holding more, and changes nothing', async () => {
    const senior = people.senior;
    const attempts = [
      h.client.updateEmployee(
        {
          userId: senior.id,
          ...employeeInput(
            { ...senior, name: 'Renamed' },
            { permissionProfileId: sharedProfileId, grantedPermissions: ['view_invoice'] },
          ),
        },
        callAs(manager),
      ),
      h.client.updateEmployee(
        {
          userId: senior.id,
          ...employeeInput(
            { ...senior, phone: freshPhone() },
            { permissionProfileId: sharedProfileId, grantedPermissions: ['view_invoice'] },
          ),
        },
        callAs(manager),
      ),
      h.client.updateEmployee(
        { userId: senior.id, ...employeeInput(senior, { permissionProfileId: juniorProfileId }) },
        callAs(manager),
      ),
      h.client.setEmployeeActive({ userId: senior.id, isActive: false }, callAs(manager)),
      // Reactivating gives back everything they hold, so it counts what they hold while inactive.
      h.client.setEmployeeActive({ userId: people.dormant.id, isActive: true }, callAs(manager)),
    ];
    for (const attempt of attempts) {
      const error = await expectDomainError(attempt);
      expect(error.code).toBe('PERMISSION_DENIED');
    }
    const error = await expectDomainError(attempts[0]!);
    expect(error.message).toMatch(/Sunil Senior holds permissions you do not: View Invoices?/);

    const after = await current(senior.id);
    expect(after.user).toMatchObject({ name: 'Sunil Senior', phone: senior.phone, isActive: true });
    expect(after.fields?.permissionProfileId).toBe(sharedProfileId);
    expect((await current(people.dormant.id)).user?.isActive).toBe(false);
    expect(await auditEntries()).toEqual([]);
  });

  it('refuses to change or deactivate a profile that someone holding more uses', async () => {
    const narrow = h.client.updatePermissionProfile(
      { id: sharedProfileId, name: 'Bookings', permissions: [] },
      callAs(manager),
    );
    expect((await expectDomainError(narrow)).code).toBe('PERMISSION_DENIED');
    const deactivate = h.client.setPermissionProfileActive(
      { id: sharedProfileId, isActive: false },
      callAs(manager),
    );
    expect((await expectDomainError(deactivate)).code).toBe('PERMISSION_DENIED');
    const { profile } = await h.client.getPermissionProfile({ id: sharedProfileId }, callAs(owner));
    expect(profile).toMatchObject({ name: 'Bookings', isActive: true });
    expect(profile?.permissions).toContain('view_booking');

    // A profile whose users hold no more than the manager is theirs to change.
    const renamed = await h.client.updatePermissionProfile(
      { id: juniorProfileId, name: 'Junior desk', permissions: ['view_booking'] },
      callAs(manager),
    );
    expect(renamed.profile?.name).toBe('Junior desk');
  });

  it('lets a manager change someone holding no more, and audits who, when, from where and what', async () => {
    const junior = people.junior;
    const newPhone = freshPhone();
    await h.client.updateEmployee(
      {
        userId: junior.id,
        ...employeeInput({ ...junior, phone: newPhone }, { permissionProfileId: sharedProfileId }),
        userAgent: 'jest-manager',
      },
      callAs(manager),
    );
    junior.phone = newPhone;
    // One change, two entries of the same moment: the phone's and the access's.
    const entries = await auditEntries();
    expect(entries).toHaveLength(2);
    const phone = entries.find((e) => e.action === AuditAction.PHONE_CHANGE);
    const access = entries.find((e) => e.action === AuditAction.ACCESS_CHANGE);
    expect(phone).toMatchObject({
      action: AuditAction.PHONE_CHANGE,
      actorName: 'Mala Manager',
      asUserId: '',
      subjectUserId: junior.id,
      subjectName: 'Jaya Junior',
      ip: manager.clientIp,
      userAgent: 'jest-manager',
    });
    expect(phone?.changes.map((c) => [c.field, c.before, c.after])).toEqual([
      ['phone', [expect.stringMatching(/^\+91/)], [newPhone]],
    ]);
    expect(phone?.at).toBeDefined();
    expect(access).toMatchObject({ actorName: 'Mala Manager', subjectName: 'Jaya Junior' });
    expect(access?.changes.map((c) => [c.field, c.before, c.after])).toEqual([
      ['permissionProfile', ['Junior desk'], ['Bookings']],
    ]);
  });

  it('lets the owner act on anyone, and records as whom someone acted while masquerading', async () => {
    const senior = people.senior;
    await h.client.updateEmployee(
      {
        userId: senior.id,
        ...employeeInput(senior, { permissionProfileId: sharedProfileId, grantedPermissions: [] }),
      },
      callAs(owner),
    );
    const [byOwner] = await auditEntries();
    expect(byOwner).toMatchObject({
      action: AuditAction.ACCESS_CHANGE,
      actorName: 'Owner',
      subjectName: 'Sunil Senior',
    });
    expect(byOwner?.changes.map((c) => [c.field, c.before, c.after])).toEqual([
      ['grantedPermissions', closePermissions(['view_invoice']), []],
    ]);

    // The owner acting as the manager is held to what the manager holds, and is named as the actor.
    const { token } = await h.client.startMasquerade({ userId: manager.userId! }, callAs(owner));
    const asManager = await h.callerForToken(token, '10.7.7.7');
    const denied = h.client.setEmployeeActive(
      { userId: people.dormant.id, isActive: true },
      callAs(asManager),
    );
    expect((await expectDomainError(denied)).code).toBe('PERMISSION_DENIED');
    const moved = freshPhone();
    await h.client.updateEmployee(
      {
        userId: people.junior.id,
        ...employeeInput({ ...people.junior, phone: moved }, { permissionProfileId: sharedProfileId }),
      },
      callAs(asManager),
    );
    const [asWhom] = await auditEntries();
    expect(asWhom).toMatchObject({
      action: AuditAction.PHONE_CHANGE,
      actorUserId: owner.userId,
      actorName: 'Owner',
      asUserId: manager.userId,
      asName: 'Mala Manager',
      subjectName: 'Jaya Junior',
      ip: '10.7.7.7',
    });
  });

  it('lets nobody but the owner act on the owner', async () => {
    const everything = freshPhone();
    await h.client.createEmployee(
      employeeInput(
        { name: 'All Powers', phone: everything },
        { grantedPermissions: ['manage_employee', 'view_employee', 'view_invoice', 'view_booking'] },
      ),
      callAs(owner),
    );
    const strong = await signInAs(everything);
    for (const attempt of [
      h.client.setEmployeeActive({ userId: owner.userId!, isActive: false }, callAs(strong)),
      h.client.updateEmployee(
        { userId: owner.userId!, ...employeeInput({ name: 'Taken', phone: freshPhone() }, {}) },
        callAs(strong),
      ),
    ]) {
      expect(['PERMISSION_DENIED', 'NOT_FOUND']).toContain((await expectDomainError(attempt)).code);
    }
    const me = await h.client.getMe({}, callAs(owner));
    expect(me.user).toMatchObject({ name: 'Owner', isActive: true });
  });

  it('keeps the log in the database under row-level security, one operator each', async () => {
    const other = (await h.signIn(freshPhone(), { operatorName: 'Other Cabs', ip: '10.9.8.1' })).caller;
    expect((await h.client.listAuditLog({}, callAs(other))).entries).toEqual([]);
    const stored = await h.database.db.read(owner.tenantId!, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from identity.audit_log`),
    );
    expect(stored[0]?.n).toBeGreaterThanOrEqual(4);
    const fromOther = await h.database.db.read(other.tenantId!, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from identity.audit_log`),
    );
    expect(fromOther[0]?.n).toBe(0);
  });
});
