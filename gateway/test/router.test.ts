// Every procedure must declare what it needs; this walks the whole router so a procedure added without
// a permission (or with a weaker one than intended) fails here.
import { isPermissionId } from '@fleet/domain';
import { appRouter } from '../src';
import { authorise } from '../src/guard';

type AnyDef = { _def: { type: string; meta?: { permission?: unknown } } };
// At run time `_def.procedures` is flat, keyed by the full dotted path.
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyDef>);

// What each procedure needs. Changing a line here is a security decision: review it as one.
const EXPECTED: Record<string, string> = {
  'auth.requestOtp': 'public',
  'auth.verifyOtp': 'public',
  'auth.logout': 'signed-in',
  'user.permissions': 'signed-in',
  'user.me': 'signed-in',
  'user.updateProfile': 'signed-in',
  'permission.catalogue': 'signed-in',
  'masquerade.start': 'auto_login',
  'masquerade.stop': 'signed-in',
  'masquerade.audit': 'manage_employee',
  'employee.list': 'view_employee',
  'employee.get': 'view_employee',
  'employee.create': 'manage_employee',
  'employee.update': 'manage_employee',
  'employee.setActive': 'manage_employee',
  'permissionProfile.list': 'manage_employee',
  'permissionProfile.get': 'manage_employee',
  'permissionProfile.create': 'manage_employee',
  'permissionProfile.update': 'manage_employee',
  'permissionProfile.setActive': 'manage_employee',
  'booking.incomingRequestsCount': 'view_accept_reject_incoming_requests',
  'booking.needsAttentionCount': 'view_accept_reject_incoming_requests',
  'booking.list': 'view_booking',
};

describe('the router', () => {
  it('has procedures', () => {
    expect(procedures.length).toBeGreaterThan(0);
  });

  it.each(procedures)('%s declares a permission that exists', (_path, procedure) => {
    const permission = procedure._def.meta?.permission;
    expect(typeof permission).toBe('string');
    expect(permission === 'public' || permission === 'signed-in' || isPermissionId(String(permission))).toBe(
      true,
    );
  });

  it('declares exactly the expected permission for each procedure', () => {
    const actual = Object.fromEntries(procedures.map(([path, p]) => [path, p._def.meta?.permission]));
    expect(actual).toEqual(EXPECTED);
  });

  it('leaves only sign-in itself public', () => {
    const open = procedures.filter(([, p]) => p._def.meta?.permission === 'public').map(([path]) => path);
    expect(open.sort()).toEqual(['auth.requestOtp', 'auth.verifyOtp']);
  });

  it('changes state only through mutations (queries are GETs, which skip the CSRF checks)', () => {
    const writes = /\.(create|update|setActive|start|stop|logout|requestOtp|verifyOtp|updateProfile)$/;
    for (const [path, p] of procedures) {
      expect({ path, type: p._def.type }).toEqual({ path, type: writes.test(path) ? 'mutation' : 'query' });
    }
  });

  it('refuses a procedure that declares nothing (fails closed)', async () => {
    await expect(authorise(undefined, {} as never, 'some.procedure')).rejects.toThrow(
      'The procedure some.procedure does not declare the permission it needs.',
    );
    await expect(authorise({}, {} as never, 'some.procedure')).rejects.toThrow(/does not declare/);
  });
});
