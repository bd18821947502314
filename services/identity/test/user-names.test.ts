// Who did something, by name: any member of an operator reads the names of the operator's people by id,
// a deactivated one included, and never another operator's.
import { randomUUID } from 'node:crypto';
import { type Caller, callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { bootIdentity, freshPhone, type IdentityHarness } from './support';

describe('people’s names by id', () => {
  let h: IdentityHarness;
  let owner: Caller;
  let other: Caller;

  beforeAll(async () => {
    h = await bootIdentity();
    owner = (await h.signIn(freshPhone(), { operatorName: 'Alpha Cabs' })).caller;
    other = (await h.signIn(freshPhone(), { operatorName: 'Beta Cabs', ip: '10.2.2.2' })).caller;
  });
  afterAll(() => h.close());

  it('names the operator’s people, a deactivated one too, and leaves out anyone else', async () => {
    const { employee } = await h.client.createEmployee(
      { user: { name: 'Ravi Kumar', phone: freshPhone() }, fields: { designation: 'Dispatcher' } },
      callAs(owner),
    );
    const raviId = employee!.user!.id;
    await h.client.setEmployeeActive({ userId: raviId, isActive: false }, callAs(owner));
    const { users } = await h.client.listUserNames(
      { userIds: [raviId, owner.userId!, other.userId!, randomUUID(), raviId] },
      callAs(owner),
    );
    const names = Object.fromEntries(users.map((u) => [u.userId, [u.name, u.isActive]]));
    expect(names).toEqual({ [raviId]: ['Ravi Kumar', false], [owner.userId!]: [expect.any(String), true] });

    const fromOther = await h.client.listUserNames({ userIds: [raviId] }, callAs(other));
    expect(fromOther.users).toEqual([]);
  });

  it('refuses what is not an id, naming it', async () => {
    const error = await expectDomainError(
      h.client.listUserNames({ userIds: [randomUUID(), 'abc'] }, callAs(owner)),
    );
    expect(error.fieldViolations.map((v) => v.field)).toEqual(['userIds.1']);
  });
});
