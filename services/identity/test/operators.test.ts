// Creating an operator with its owner for a trusted in-process caller (the embedded product's demo
// seeding): no sign-in code involved, and nothing a remote caller can reach.
import { randomUUID } from 'node:crypto';
import { allPermissionIds } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { bootIdentity, freshPhone, type IdentityHarness } from './support';

describe('operators created in-process', () => {
  let h: IdentityHarness;
  // Sign-ups are closed and the phone has no fixed code: neither matters to a trusted caller.
  beforeAll(async () => {
    h = await bootIdentity({ signupEnabled: false });
  });
  afterAll(() => h.close());

  it('creates the operator and its owner holding every permission, without a code', async () => {
    const phone = freshPhone();
    const created = await h.module.useCases.operators.createWithOwner({
      requestId: randomUUID(),
      operatorName: 'Seeded Travels',
      owner: { name: 'Seeded Owner', phone },
    });
    expect(created).toBeDefined();
    expect(created!.tenant.name).toBe('Seeded Travels');
    expect(created!.owner).toMatchObject({ phone, name: 'Seeded Owner', isOwner: true, role: 'USER' });
    expect(created!.permissions).toEqual([...allPermissionIds()].sort());
    expect(h.sent.filter((m) => m.to === phone)).toEqual([]);

    // The owner is an ordinary account: it acts through the gRPC API like any signed-in person…
    const owner = {
      requestId: randomUUID(),
      tenantId: created!.tenant.id,
      userId: created!.owner.id,
      actorUserId: created!.owner.id,
      permissions: created!.permissions,
      isMasquerade: false,
    };
    const me = await h.client.getMe({}, callAs(owner));
    expect(me.tenant?.name).toBe('Seeded Travels');
    // …and signs in with a code like anyone else, even with sign-ups closed.
    const signedIn = await h.signIn(phone);
    expect(signedIn.caller.tenantId).toBe(created!.tenant.id);
  });

  it('creates nothing when the phone already has an account', async () => {
    const phone = freshPhone();
    const input = { requestId: randomUUID(), operatorName: 'Once Only', owner: { name: 'Owner', phone } };
    const first = await h.module.useCases.operators.createWithOwner(input);
    expect(first).toBeDefined();
    expect(await h.module.useCases.operators.createWithOwner(input)).toBeUndefined();
    expect(
      await h.module.useCases.operators.createWithOwner({ ...input, operatorName: 'Someone Else' }),
    ).toBeUndefined();
  });

  it('checks what it is given', async () => {
    await expect(
      h.module.useCases.operators.createWithOwner({
        requestId: randomUUID(),
        operatorName: 'Bad Phone Travels',
        owner: { name: 'Owner', phone: '98123' },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('is not part of the gRPC contract', () => {
    const methods = IdentityService.methods.map((m) => m.name);
    expect(methods).toContain('VerifyOtp');
    expect(methods.filter((name) => /operator|tenant/i.test(name))).toEqual([]);
  });
});
