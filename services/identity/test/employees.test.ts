import { randomUUID } from 'node:crypto';
import { allPermissionIds, closePermissions, isClosed } from '@fleet/domain';
import { type Caller, callAs } from '@fleet/platform';
import { SortDirection } from '@fleet/proto/fleet/common/v1/common_pb';
import { ActiveFilter } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { expectDomainError } from '@fleet/testing';
import fc from 'fast-check';
import { bootIdentity, freshPhone, type IdentityHarness } from './support';

describe('permission profiles and employees', () => {
  let h: IdentityHarness;
  let owner: Caller;
  let other: Caller;

  beforeAll(async () => {
    h = await bootIdentity();
    owner = (await h.signIn(freshPhone(), { operatorName: 'Alpha Cabs' })).caller;
    other = (await h.signIn(freshPhone(), { operatorName: 'Beta Cabs', ip: '10.2.2.2' })).caller;
  });
  afterAll(() => h.close());

  const newEmployee = (name: string, phone = freshPhone(), extra: Record<string, unknown> = {}) => ({
    user: { name, phone, email: `${name.toLowerCase().replace(/\W/g, '')}@alpha.example` },
    fields: { designation: 'Dispatcher', ...extra },
  });

  it('saves a profile closed under dependencies', async () => {
    const { profile } = await h.client.createPermissionProfile(
      { name: 'Billing desk', description: 'Raises invoices', permissions: ['cancel_invoice'] },
      callAs(owner),
    );
    expect(profile?.permissions).toEqual(closePermissions(['cancel_invoice']));
    expect(profile?.permissions).toEqual(
      expect.arrayContaining(['manage_invoice', 'create_invoice', 'view_invoice']),
    );
    expect(isClosed(profile!.permissions)).toBe(true);
  });

  it('refuses a second profile with the same name, whatever its case', async () => {
    const error = await expectDomainError(
      h.client.createPermissionProfile({ name: 'BILLING DESK', permissions: [] }, callAs(owner)),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.fieldViolations[0]).toEqual({
      field: 'name',
      message: 'A permission profile with this name already exists.',
    });
  });

  it('gives an employee the profile’s permissions plus individual grants, closed', async () => {
    const { profile } = await h.client.createPermissionProfile(
      { name: 'Dispatch', permissions: ['view_booking'] },
      callAs(owner),
    );
    const { employee } = await h.client.createEmployee(
      newEmployee('Ravi Kumar', freshPhone(), {
        permissionProfileId: profile!.id,
        grantedPermissions: ['auto_login'],
      }),
      callAs(owner),
    );
    expect(employee?.permissionProfileName).toBe('Dispatch');
    expect(employee?.fields?.grantedPermissions).toEqual(closePermissions(['auto_login']));
    expect(employee?.effectivePermissions).toEqual(closePermissions(['view_booking', 'auto_login']));
  });

  it('lets an employee sign in with exactly those permissions', async () => {
    const phone = freshPhone();
    const { profile } = await h.client.createPermissionProfile(
      { name: 'Viewer', permissions: ['view_booking'] },
      callAs(owner),
    );
    await h.client.createEmployee(
      newEmployee('Sita Devi', phone, { permissionProfileId: profile!.id }),
      callAs(owner),
    );
    h.advance(31_000);
    const { token, caller } = await h.signIn(phone, { ip: '10.3.3.3' });
    expect(caller.tenantId).toBe(owner.tenantId);
    expect(caller.permissions).toEqual(closePermissions(['view_booking']));
    // …and a later edit of the profile applies to the same session at once.
    await h.client.updatePermissionProfile(
      { id: profile!.id, name: 'Viewer', permissions: ['view_booking', 'view_invoice'] },
      callAs(owner),
    );
    const again = await h.client.authenticate({ token }, callAs(h.anonymous()));
    expect(again.permissions).toEqual(closePermissions(['view_booking', 'view_invoice']));
  });

  it('keeps the branches an employee works for, and says them with every session of theirs', async () => {
    const north = randomUUID();
    const phone = freshPhone();
    const { employee } = await h.client.createEmployee(
      newEmployee('Lata Kale', phone, { branchIds: [north] }),
      callAs(owner),
    );
    expect(employee?.fields?.branchIds).toEqual([north]);
    h.advance(31_000);
    const { token } = await h.signIn(phone, { ip: '10.4.4.4' });
    const auth = await h.client.authenticate({ token }, callAs(h.anonymous()));
    expect(auth.branchIds).toEqual([north]);
    const bad = await expectDomainError(
      h.client.updateEmployee(
        { userId: employee!.user!.id, ...newEmployee('Lata Kale', phone, { branchIds: ['north'] }) },
        callAs(owner),
      ),
    );
    expect(bad.fieldViolations.map((v) => v.field)).toEqual(['branchIds.0']);
  });

  it('refuses granting permissions the granting person does not hold', async () => {
    const phone = freshPhone();
    const { profile } = await h.client.createPermissionProfile(
      { name: 'HR', permissions: ['manage_employee', 'view_employee'] },
      callAs(owner),
    );
    await h.client.createEmployee(
      newEmployee('Hari Prasad', phone, { permissionProfileId: profile!.id }),
      callAs(owner),
    );
    h.advance(31_000);
    const { caller: hr } = await h.signIn(phone, { ip: '10.4.4.4' });
    const error = await expectDomainError(
      h.client.createEmployee(
        newEmployee('Sneaky', freshPhone(), { grantedPermissions: ['cancel_invoice'] }),
        callAs(hr),
      ),
    );
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(error.message).toMatch(/only give permissions you hold/);
  });

  it('explains every invalid field at once and saves nothing', async () => {
    const error = await expectDomainError(
      h.client.createEmployee(
        {
          user: { name: '', phone: '12345', email: 'nope', panNo: 'ABCDE1234' },
          fields: { bankIfsc: 'XYZ' },
        },
        callAs(owner),
      ),
    );
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.fieldViolations.map((v) => v.field).sort()).toEqual(['email', 'name', 'panNo', 'phone']);
  });

  it('refuses a phone another account already uses', async () => {
    const phone = freshPhone();
    await h.client.createEmployee(newEmployee('First', phone), callAs(owner));
    const error = await expectDomainError(
      h.client.createEmployee(newEmployee('Second', phone), callAs(owner)),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.fieldViolations[0]?.field).toBe('phone');
  });

  it('lists with search, sort and cursor pages that neither skip nor repeat', async () => {
    for (const name of ['Zoya', 'Amit', 'Meena', 'Bala', 'Kiran', 'Deepa']) {
      await h.client.createEmployee(newEmployee(`${name} Pager`), callAs(owner));
    }
    const names: string[] = [];
    let cursor = '';
    do {
      const page = await h.client.listEmployees(
        { search: 'pager', page: { limit: 4, cursor, sortBy: 'name', direction: SortDirection.ASC } },
        callAs(owner),
      );
      names.push(...page.employees.map((e) => e.user!.name));
      cursor = page.pageInfo!.nextCursor;
    } while (cursor);
    expect(names).toEqual([
      'Amit Pager',
      'Bala Pager',
      'Deepa Pager',
      'Kiran Pager',
      'Meena Pager',
      'Zoya Pager',
    ]);
    const newest = await h.client.listEmployees(
      { search: 'pager', page: { limit: 1, sortBy: 'created_at', direction: SortDirection.DESC } },
      callAs(owner),
    );
    expect(newest.employees[0]?.user?.name).toBe('Deepa Pager');
    expect(newest.pageInfo?.hasMore).toBe(true);
  });

  it('keeps each operator’s employees invisible to every other operator', async () => {
    const { employee } = await h.client.createEmployee(newEmployee('Private Person'), callAs(owner));
    const error = await expectDomainError(
      h.client.getEmployee({ userId: employee!.user!.id }, callAs(other)),
    );
    expect(error.code).toBe('NOT_FOUND');
    const query = { search: 'Private', active: ActiveFilter.ALL };
    const own = await h.client.listEmployees(query, callAs(owner));
    expect(own.employees.map((e) => e.user?.name)).toEqual(['Private Person']);
    const list = await h.client.listEmployees(query, callAs(other));
    expect(list.employees).toEqual([]);
  });

  it('deactivates an employee, ending their sessions, and filters by active state', async () => {
    const phone = freshPhone();
    const { employee } = await h.client.createEmployee(newEmployee('Leaving Soon', phone), callAs(owner));
    h.advance(31_000);
    const { token } = await h.signIn(phone, { ip: '10.5.5.5' });
    await h.client.setEmployeeActive({ userId: employee!.user!.id, isActive: false }, callAs(owner));
    expect((await expectDomainError(h.client.authenticate({ token }, callAs(h.anonymous())))).code).toBe(
      'UNAUTHENTICATED',
    );
    const active = await h.client.listEmployees({ search: 'Leaving' }, callAs(owner));
    expect(active.employees).toEqual([]);
    const inactive = await h.client.listEmployees(
      { search: 'Leaving', active: ActiveFilter.INACTIVE },
      callAs(owner),
    );
    expect(inactive.employees.map((e) => e.user?.name)).toEqual(['Leaving Soon']);
  });

  it('refuses to deactivate a profile that active employees use', async () => {
    const { profile } = await h.client.createPermissionProfile(
      { name: 'In use', permissions: [] },
      callAs(owner),
    );
    await h.client.createEmployee(
      newEmployee('Uses Profile', freshPhone(), { permissionProfileId: profile!.id }),
      callAs(owner),
    );
    const error = await expectDomainError(
      h.client.setPermissionProfileActive({ id: profile!.id, isActive: false }, callAs(owner)),
    );
    expect(error.reason).toBe('PROFILE_IN_USE');
    expect(error.message).toMatch(/1 active employee uses this profile/);
  });
});

describe('closure holds for whatever is saved', () => {
  let h: IdentityHarness;
  let owner: Caller;
  beforeAll(async () => {
    h = await bootIdentity();
    owner = (await h.signIn(freshPhone(), { operatorName: 'Property Cabs' })).caller;
  });
  afterAll(() => h.close());

  it('never stores a profile or an employee holding a permission without its dependencies', async () => {
    const ids = allPermissionIds();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([...ids], { maxLength: 12 }),
        fc.subarray([...ids], { maxLength: 6 }),
        async (profilePerms, grants) => {
          n++;
          const { profile } = await h.client.createPermissionProfile(
            { name: `Random ${n}`, permissions: profilePerms },
            callAs(owner),
          );
          expect(isClosed(profile!.permissions)).toBe(true);
          expect(profile!.permissions).toEqual(expect.arrayContaining(profilePerms));
          const { employee } = await h.client.createEmployee(
            {
              user: { name: `Random Employee ${n}`, phone: freshPhone() },
              fields: { permissionProfileId: profile!.id, grantedPermissions: grants },
            },
            callAs(owner),
          );
          expect(isClosed(employee!.fields!.grantedPermissions)).toBe(true);
          expect(isClosed(employee!.effectivePermissions)).toBe(true);
          expect(employee!.effectivePermissions).toEqual(
            expect.arrayContaining([...profilePerms, ...grants]),
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});
