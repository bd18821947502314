// The identity procedures end to end: the web app's client → gateway → the real identity module.
import { closePermissions } from '@fleet/domain';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, cookieNamed, freshPhone, type GatewayHarness } from './support';

describe('identity procedures through the gateway', () => {
  let h: GatewayHarness;
  let ownerToken: string;
  let owner: ReturnType<GatewayHarness['client']>;

  beforeAll(async () => {
    h = await bootGateway();
    ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Epsilon Cabs' }));
    owner = h.client(() => bearer(ownerToken));
  });
  afterAll(() => h?.close());

  describe('user', () => {
    it('me: the user, the operator, permissions, no masquerade', async () => {
      const me = await owner.user.me.query();
      expect(me.user).toMatchObject({
        role: 'USER',
        accessLevel: 'ADMIN',
        isOwner: true,
        isActive: true,
        email: null,
      });
      expect(me.user.createdAt).toBeInstanceOf(Date);
      expect(me.tenant).toMatchObject({ name: 'Epsilon Cabs', timeZone: 'Asia/Kolkata' });
      expect(me.permissions).toContain('auto_login');
      expect(me.isMasquerade).toBe(false);
      expect(me.actor).toBeNull();
    });

    it('updateProfile: saves the fields and maps enums both ways', async () => {
      const me = await owner.user.me.query();
      const updated = await owner.user.updateProfile.mutate({
        name: 'Esha Owner',
        phone: me.user.phone,
        email: 'esha@epsilon.example',
        gstType: 'GSTIN',
        gstNo: '27AAPFU0939F1ZV',
        panNo: 'aapfu0939f',
        isTripStartOtpRequired: true,
      });
      expect(updated).toMatchObject({
        name: 'Esha Owner',
        email: 'esha@epsilon.example',
        gstType: 'GSTIN',
        gstNo: '27AAPFU0939F1ZV',
        panNo: 'AAPFU0939F',
        isTripStartOtpRequired: true,
        accessLevel: 'ADMIN',
      });
    });

    it('updateProfile: refuses malformed GSTIN, PAN and email with one field error each', async () => {
      const me = await owner.user.me.query();
      const error = await expectTrpcError(
        owner.user.updateProfile.mutate({
          name: 'X',
          phone: me.user.phone,
          email: 'nope',
          gstNo: '27AAPFU0939F1ZX',
          panNo: '123',
        }),
      );
      expect(error.data?.httpStatus).toBe(400);
      expect(Object.keys(error.data?.fieldErrors ?? {}).sort()).toEqual(['email', 'gstNo', 'panNo']);
      expect(error.data?.fieldErrors?.gstNo).toBe(
        'This GSTIN is not valid: one of its characters is mistyped',
      );
    });
  });

  describe('permission catalogue', () => {
    it('lists every permission with its dependencies', async () => {
      const { permissions } = await owner.permission.catalogue.query();
      const me = await owner.user.me.query();
      expect(permissions.map((p) => p.readableId).sort()).toEqual([...me.permissions].sort());
      expect(permissions.find((p) => p.readableId === 'cancel_invoice')?.requires).toContain(
        'manage_invoice',
      );
    });
  });

  describe('permission profiles and employees', () => {
    let profileId: string;
    const employeeIds: string[] = [];

    it('creates a profile, closing its permissions under their dependencies', async () => {
      const profile = await owner.permissionProfile.create.mutate({
        name: 'Billing desk',
        description: 'Raises invoices',
        permissions: ['cancel_invoice'],
      });
      profileId = profile.id;
      expect(profile.permissions).toEqual(closePermissions(['cancel_invoice']));
      expect(profile).toMatchObject({ isActive: true, employeeCount: 0, description: 'Raises invoices' });
      expect(profile.createdAt).toBeInstanceOf(Date);
      expect(await owner.permissionProfile.get.query({ id: profile.id })).toEqual(profile);
    });

    it('refuses an unknown permission at the gateway, naming the field', async () => {
      const error = await expectTrpcError(
        owner.permissionProfile.create.mutate({ name: 'Bad', permissions: ['fly_plane' as never] }),
      );
      expect(error.data?.code).toBe('BAD_REQUEST');
      expect(error.data?.fieldErrors).toEqual({ 'permissions.0': 'This permission does not exist' });
    });

    it('maps a conflict from identity to 409 with the field', async () => {
      const error = await expectTrpcError(
        owner.permissionProfile.create.mutate({ name: 'billing DESK', permissions: [] }),
      );
      expect(error.data).toMatchObject({
        code: 'CONFLICT',
        httpStatus: 409,
        fieldErrors: { name: 'A permission profile with this name already exists.' },
      });
      expect(error.message).toBe('A permission profile with this name already exists.');
    });

    it('creates employees from flat fields and reads them back', async () => {
      for (const [name, gender] of [
        ['Anil', 'MALE'],
        ['Bina', 'FEAMLE'],
        ['Chitra', 'OTHER'],
      ] as const) {
        const employee = await owner.employee.create.mutate({
          name,
          phone: freshPhone(),
          gender,
          designation: 'Biller',
          dateOfJoining: '2024-04-01',
          permissionProfileId: profileId,
          grantedPermissions: ['view_employee'],
          bankIfsc: 'sbin0001234',
        });
        employeeIds.push(employee.id);
        expect(employee).toMatchObject({
          name,
          gender,
          role: 'EMPLOYEE',
          designation: 'Biller',
          dateOfJoining: '2024-04-01',
          permissionProfileId: profileId,
          permissionProfileName: 'Billing desk',
          bankIfsc: 'SBIN0001234',
          dob: null,
        });
        expect(employee.effectivePermissions).toEqual(closePermissions(['cancel_invoice', 'view_employee']));
      }
      const fetched = await owner.employee.get.query({ userId: employeeIds[1]! });
      expect(fetched.name).toBe('Bina');
    });

    it('lists with search, sort and cursor pages', async () => {
      const first = await owner.employee.list.query({ sortBy: 'name', order: 'asc', limit: 2 });
      expect(first.employees.map((e) => e.name)).toEqual(['Anil', 'Bina']);
      expect(first.hasMore).toBe(true);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await owner.employee.list.query({
        sortBy: 'name',
        order: 'asc',
        limit: 2,
        cursor: first.nextCursor!,
      });
      expect(second.employees.map((e) => e.name)).toEqual(['Chitra']);
      expect(second).toMatchObject({ hasMore: false, nextCursor: null });
      const found = await owner.employee.list.query({ search: 'bin' });
      expect(found.employees.map((e) => e.name)).toEqual(['Bina']);
    });

    it('refuses a page size outside 1..1000', async () => {
      for (const limit of [0, 1001, 2.5]) {
        const error = await expectTrpcError(owner.employee.list.query({ limit }));
        expect(error.data?.code).toBe('BAD_REQUEST');
        expect(Object.keys(error.data?.fieldErrors ?? {})).toEqual(['limit']);
      }
    });

    it('updates an employee and deactivates one', async () => {
      const current = await owner.employee.get.query({ userId: employeeIds[0]! });
      const updated = await owner.employee.update.mutate({
        userId: current.id,
        name: 'Anil Kumar',
        phone: current.phone,
        designation: 'Senior biller',
        permissionProfileId: profileId,
      });
      expect(updated).toMatchObject({ name: 'Anil Kumar', designation: 'Senior biller', gender: null });
      const inactive = await owner.employee.setActive.mutate({ userId: employeeIds[2]!, isActive: false });
      expect(inactive.isActive).toBe(false);
      const active = await owner.employee.list.query({ active: 'active' });
      expect(active.employees.map((e) => e.name).sort()).toEqual(['Anil Kumar', 'Bina']);
      const all = await owner.employee.list.query({ active: 'all', permissionProfileIds: [profileId] });
      expect(all.employees).toHaveLength(3);
    });

    it('lists profiles and refuses to deactivate one in use (412)', async () => {
      const { profiles } = await owner.permissionProfile.list.query();
      expect(profiles.map((p) => p.name)).toContain('Billing desk');
      const error = await expectTrpcError(
        owner.permissionProfile.setActive.mutate({ id: profileId, isActive: false }),
      );
      expect(error.data).toMatchObject({ code: 'PRECONDITION_FAILED', httpStatus: 412 });
      const renamed = await owner.permissionProfile.update.mutate({
        id: profileId,
        name: 'Billing team',
        permissions: ['view_invoice'],
      });
      expect(renamed.permissions).toEqual(closePermissions(['view_invoice']));
    });

    it('refuses a duplicate phone with CONFLICT on the phone field', async () => {
      const existing = await owner.employee.get.query({ userId: employeeIds[1]! });
      const error = await expectTrpcError(
        owner.employee.create.mutate({ name: 'Copy', phone: existing.phone }),
      );
      expect(error.data).toMatchObject({
        code: 'CONFLICT',
        fieldErrors: { phone: 'Another account already uses this phone number.' },
      });
    });

    it('answers NOT_FOUND (404) for an employee that does not exist', async () => {
      const error = await expectTrpcError(
        owner.employee.get.query({ userId: '00000000-0000-4000-8000-000000000000' }),
      );
      expect(error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
    });
  });

  describe('masquerade', () => {
    it('switches the session cookie to the target and back, and records both in the audit', async () => {
      const target = await owner.employee.create.mutate({ name: 'Dev Clerk', phone: freshPhone() });

      const started = await h.mutate(
        'masquerade.start',
        { userId: target.id },
        { cookie: `token=${ownerToken}` },
      );
      expect(started.status).toBe(200);
      const tokenCookie = cookieNamed(started.setCookie, 'token');
      const flag = cookieNamed(started.setCookie, 'is_masquerade');
      expect(tokenCookie?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
      expect(tokenCookie?.value).not.toBe(ownerToken);
      expect(flag?.value).toBe('true');
      expect(flag?.attributes).toMatchObject({ samesite: 'Lax', path: '/' });
      expect(flag?.attributes.httponly).toBeUndefined(); // the web app reads it for the banner

      const asTarget = h.client(() => ({ cookie: `token=${tokenCookie!.value}` }));
      const me = await asTarget.user.me.query();
      expect(me.user.name).toBe('Dev Clerk');
      expect(me.isMasquerade).toBe(true);
      expect(me.actor?.name).toBe('Esha Owner');
      // The target holds nothing, so the masquerading session holds nothing either.
      await expect(asTarget.employee.list.query()).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });

      const stopped = await h.mutate('masquerade.stop', undefined, { cookie: `token=${tokenCookie!.value}` });
      expect(stopped.status).toBe(200);
      const back = cookieNamed(stopped.setCookie, 'token')!;
      expect(
        new Date(String(cookieNamed(stopped.setCookie, 'is_masquerade')?.attributes.expires)).getTime(),
      ).toBeLessThan(Date.now());
      const meAgain = await h.client(() => ({ cookie: `token=${back.value}` })).user.me.query();
      expect(meAgain).toMatchObject({ isMasquerade: false, actor: null, user: { name: 'Esha Owner' } });

      const audit = await owner.audit.list.query({ limit: 10 });
      const masquerades = audit.entries.filter((e) => e.action?.startsWith('MASQUERADE_'));
      expect(masquerades.map((e) => [e.action, e.actorName, e.subjectName])).toEqual([
        ['MASQUERADE_STOP', 'Esha Owner', 'Dev Clerk'],
        ['MASQUERADE_START', 'Esha Owner', 'Dev Clerk'],
      ]);
      expect(audit.entries[0]?.at).toBeInstanceOf(Date);
      expect(audit).toMatchObject({ hasMore: false, nextCursor: null });
    });
  });
});
