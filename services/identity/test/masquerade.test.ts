import { closePermissions } from '@fleet/domain';
import { type Caller, callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { bootIdentity, freshPhone, type IdentityHarness } from './support';

describe('masquerade', () => {
  let h: IdentityHarness;
  let owner: Caller;
  let ownerToken: string;
  let clerkId: string;
  let supportPhone: string;

  beforeAll(async () => {
    h = await bootIdentity();
    ({ caller: owner, token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Gamma Cabs' }));
    const { profile } = await h.client.createPermissionProfile(
      { name: 'Clerk', permissions: ['view_booking'] },
      callAs(owner),
    );
    const clerk = await h.client.createEmployee(
      { user: { name: 'Clerk One', phone: freshPhone() }, fields: { permissionProfileId: profile!.id } },
      callAs(owner),
    );
    clerkId = clerk.employee!.user!.id;
    supportPhone = freshPhone();
    await h.client.createEmployee(
      {
        user: { name: 'Support Lead', phone: supportPhone },
        fields: { grantedPermissions: ['auto_login', 'view_booking'] },
      },
      callAs(owner),
    );
  });
  afterAll(() => h.close());

  it('acts as another user, records the real actor, and comes back', async () => {
    const started = await h.client.startMasquerade({ userId: clerkId, userAgent: 'jest' }, callAs(owner));
    const asClerk = await h.client.authenticate({ token: started.token }, callAs(h.anonymous()));
    expect(asClerk.userId).toBe(clerkId);
    expect(asClerk.actorUserId).toBe(owner.userId);
    expect(asClerk.isMasquerade).toBe(true);
    expect(asClerk.permissions).toEqual(closePermissions(['view_booking']));

    const masqCaller = await h.callerForToken(started.token, '10.8.8.8');
    const stopped = await h.client.stopMasquerade({ userAgent: 'jest' }, callAs(masqCaller));
    const back = await h.client.authenticate({ token: stopped.token }, callAs(h.anonymous()));
    expect(back.userId).toBe(owner.userId);
    expect(back.isMasquerade).toBe(false);
    // The masquerade token is dead; the owner's original token still works.
    expect(
      (await expectDomainError(h.client.authenticate({ token: started.token }, callAs(h.anonymous())))).code,
    ).toBe('UNAUTHENTICATED');
    await expect(h.client.authenticate({ token: ownerToken }, callAs(h.anonymous()))).resolves.toBeDefined();

    const audit = await h.client.listMasqueradeAudit({}, callAs(owner));
    expect(audit.entries.map((e) => [e.action, e.actorName, e.targetName, e.ip])).toEqual([
      ['STOP', 'Owner', 'Clerk One', '10.8.8.8'],
      ['START', 'Owner', 'Clerk One', '10.1.1.1'],
    ]);
  });

  it('needs auto_login', async () => {
    const masq = await h.client.startMasquerade({ userId: clerkId }, callAs(owner));
    const asClerk = await h.callerForToken(masq.token);
    await h.client.stopMasquerade({}, callAs(asClerk));
    const clerkCaller = { ...asClerk, isMasquerade: false };
    const error = await expectDomainError(
      h.client.startMasquerade({ userId: owner.userId }, callAs(clerkCaller)),
    );
    expect(error.code).toBe('PERMISSION_DENIED');
  });

  it('never lets someone act as a user holding more than they do', async () => {
    h.advance(31_000);
    const { caller: support } = await h.signIn(supportPhone, { ip: '10.6.6.6' });
    const error = await expectDomainError(
      h.client.startMasquerade({ userId: owner.userId }, callAs(support)),
    );
    expect(error.code).toBe('PERMISSION_DENIED');
    const ok = await h.client.startMasquerade({ userId: clerkId }, callAs(support));
    expect(ok.user?.name).toBe('Clerk One');
  });

  it('holds only what the real actor holds too, as both are now', async () => {
    h.advance(31_000);
    const { caller: support } = await h.signIn(supportPhone, { ip: '10.6.6.8' });
    const clerk = await h.client.getEmployee({ userId: clerkId }, callAs(owner));
    const started = await h.client.startMasquerade({ userId: clerkId }, callAs(support));
    const permissionsNow = async () => ({
      session: (await h.client.authenticate({ token: started.token }, callAs(h.anonymous()))).permissions,
      me: (await h.client.getMe({}, callAs(await h.callerForToken(started.token)))).permissions,
    });

    // The clerk's profile is given more than the support lead holds: the masquerade does not gain it.
    await h.client.updatePermissionProfile(
      {
        id: clerk.employee!.fields!.permissionProfileId,
        name: 'Clerk',
        permissions: ['view_booking', 'view_invoice'],
      },
      callAs(owner),
    );
    const widened = await permissionsNow();
    expect(widened.session).toEqual(closePermissions(['view_booking']));
    expect(widened.me).toEqual(widened.session);

    // The support lead loses view_booking: so does the masquerade, at once.
    const lead = (await h.client.listEmployees({ search: 'Support Lead' }, callAs(owner))).employees[0]!;
    await h.client.updateEmployee(
      {
        userId: lead.user!.id,
        user: { name: 'Support Lead', phone: supportPhone },
        fields: { grantedPermissions: ['auto_login'] },
      },
      callAs(owner),
    );
    const narrowed = await permissionsNow();
    expect(narrowed.session).toEqual([]);
    expect(narrowed.me).toEqual([]);
  });

  it('cannot reach a user of another operator', async () => {
    const { caller: stranger } = await h.signIn(freshPhone(), { operatorName: 'Delta Cabs', ip: '10.6.6.7' });
    const error = await expectDomainError(h.client.startMasquerade({ userId: clerkId }, callAs(stranger)));
    expect(error.code).toBe('NOT_FOUND');
    // The same user is within reach of their own operator's owner.
    const own = await h.client.startMasquerade({ userId: clerkId }, callAs(owner));
    expect((await h.client.authenticate({ token: own.token }, callAs(h.anonymous()))).userId).toBe(clerkId);
  });
});
