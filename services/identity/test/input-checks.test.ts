// What a direct gRPC caller of identity may send, checked before any query: page links of the
// employee, profile and masquerade-audit lists carry a sort key of the sort's type and a UUID, every id
// is a UUID, and no text holds the NUL character. Each refusal is INVALID_ARGUMENT naming the field, and
// nothing is written.
import { randomUUID } from 'node:crypto';
import { type Caller, callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { bootIdentity, freshPhone, type IdentityHarness } from './support';

let h: IdentityHarness;
let owner: Caller;

beforeAll(async () => {
  h = await bootIdentity();
  owner = (await h.signIn(freshPhone(), { operatorName: 'Input Cabs' })).caller;
});
afterAll(() => h.close());

const cursor = (value: unknown, id: unknown = randomUUID()) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');
const refusal = async (call: Promise<unknown>) => {
  const error = await expectDomainError(call);
  return [error.code, error.fieldViolations.map((v) => v.field)];
};
const REFUSED_CURSOR = ['INVALID_ARGUMENT', ['cursor']];

describe('page links', () => {
  it.each([
    ['name', [5, null, 'x\u0000', ['a']]],
    ['created_at', ['garbage', '2030-01-01', '2030-13-01 00:00:00+00']],
  ])(
    'of the employee and profile lists by %s carry a key of the sort’s type and a UUID',
    async (sortBy, values) => {
      for (const page of [...values.map((value) => cursor(value)), cursor('abc', 'abc'), 'not-a-cursor']) {
        const asked = { page: { sortBy, cursor: page } };
        expect(await refusal(h.client.listEmployees(asked, callAs(owner)))).toEqual(REFUSED_CURSOR);
        expect(await refusal(h.client.listPermissionProfiles(asked, callAs(owner)))).toEqual(REFUSED_CURSOR);
      }
    },
  );

  it('of the masquerade audit carry a time and a UUID', async () => {
    for (const page of [cursor('garbage'), cursor('x', 'abc'), cursor('2030-01-01 10:00:00+00', 'abc')]) {
      expect(await refusal(h.client.listMasqueradeAudit({ page: { cursor: page } }, callAs(owner)))).toEqual(
        REFUSED_CURSOR,
      );
    }
  });

  it('handed out by a list lead to its next page', async () => {
    for (const name of ['Asha', 'Bala', 'Chitra']) {
      await h.client.createEmployee({ user: { name, phone: freshPhone() }, fields: {} }, callAs(owner));
    }
    for (const sortBy of ['name', 'created_at']) {
      const first = await h.client.listEmployees({ page: { sortBy, limit: 2 } }, callAs(owner));
      const next = await h.client.listEmployees(
        { page: { sortBy, limit: 2, cursor: first.pageInfo!.nextCursor } },
        callAs(owner),
      );
      expect(next.employees.length).toBeGreaterThan(0);
    }
  });
});

describe('ids', () => {
  it('are UUIDs wherever one is taken, the field named otherwise', async () => {
    const employee = { user: { name: 'Deepa', phone: freshPhone() }, fields: {} };
    const profile = { name: 'Desk', permissions: [] };
    for (const [call, field] of [
      [() => h.client.getEmployee({ userId: 'abc' }, callAs(owner)), 'userId'],
      [() => h.client.updateEmployee({ userId: "1' or '1'='1", ...employee }, callAs(owner)), 'userId'],
      [
        () => h.client.setEmployeeActive({ userId: '-'.repeat(36), isActive: false }, callAs(owner)),
        'userId',
      ],
      [
        () => h.client.listEmployees({ permissionProfileIds: [randomUUID(), 'abc'] }, callAs(owner)),
        'permissionProfileIds.1',
      ],
      [() => h.client.getPermissionProfile({ id: 'abc' }, callAs(owner)), 'id'],
      [() => h.client.updatePermissionProfile({ id: 'abc', ...profile }, callAs(owner)), 'id'],
      [() => h.client.setPermissionProfileActive({ id: 'abc', isActive: false }, callAs(owner)), 'id'],
      [() => h.client.startMasquerade({ userId: '-'.repeat(36) }, callAs(owner)), 'userId'],
    ] as const) {
      expect(await refusal(call())).toEqual(['INVALID_ARGUMENT', [field]]);
    }
  });
});

describe('the NUL character', () => {
  it('is refused in an employee’s name and a profile’s name, naming the field and saving nothing', async () => {
    const name = await refusal(
      h.client.createEmployee(
        { user: { name: 'Zu\u0000bin', phone: freshPhone() }, fields: {} },
        callAs(owner),
      ),
    );
    expect(name).toEqual(['INVALID_ARGUMENT', ['user.name']]);
    const profile = await refusal(
      h.client.createPermissionProfile({ name: 'Night\u0000desk', permissions: [] }, callAs(owner)),
    );
    expect(profile).toEqual(['INVALID_ARGUMENT', ['name']]);
    const searched = await refusal(h.client.listEmployees({ search: 'Zu\u0000' }, callAs(owner)));
    expect(searched).toEqual(['INVALID_ARGUMENT', ['search']]);
    const employees = await h.client.listEmployees({ search: 'Zu' }, callAs(owner));
    expect(employees.employees).toEqual([]);
    const profiles = await h.client.listPermissionProfiles({ search: 'Night' }, callAs(owner));
    expect(profiles.profiles).toEqual([]);
  });
});
