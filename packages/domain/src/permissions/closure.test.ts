import fc from 'fast-check';
import { PERMISSION_MODELS, PERMISSIONS, type PermissionId } from './catalogue';
import {
  allPermissionIds,
  closePermissions,
  dependenciesOf,
  dependentsOf,
  getPermission,
  isClosed,
  isPermissionId,
  missingDependencies,
  permissionsByModel,
  UnknownPermissionError,
  whyRequired,
  withoutPermission,
} from './closure';

const BASIC = 'view_basic_driver_information';
const ALL = allPermissionIds();
const closureOf = (id: string): PermissionId[] => closePermissions([id]);

describe('the dependencies the spec names (§6)', () => {
  it.each([
    ['create_invoice', ['view_invoice', 'view_customer', 'view_duty_slip', 'view_booking']],
    ['manage_invoice', ['create_invoice', 'edit_invoice']],
    ['cancel_invoice', ['manage_invoice']],
    ['manage_petty_cash', ['add_petty_cash', 'send_petty_cash_info']],
    ['view_employee', ['manage_employee']],
    ['auto_login', ['manage_employee']],
    ['network', ['manage_booking', 'view_accept_reject_incoming_requests']],
    ['view_duty_slip', ['view_booking']],
  ])('%s requires %j directly', (id, required) => {
    expect(getPermission(id)?.requires).toEqual(expect.arrayContaining(required));
  });

  it('view_employee pulls in manage_employee, and manage_employee does not need view_employee', () => {
    expect(closePermissions(['view_employee'])).toEqual(['manage_employee', 'view_employee']);
    expect(closePermissions(['manage_employee'])).toEqual(['manage_employee']);
  });

  it('cancel_invoice pulls in the whole invoicing chain', () => {
    expect(closureOf('cancel_invoice')).toEqual([
      'cancel_invoice',
      'create_invoice',
      'edit_invoice',
      'manage_invoice',
      'view_basic_driver_information',
      'view_booking',
      'view_customer',
      'view_duty_slip',
      'view_invoice',
    ]);
  });

  it('duty, booking, invoice, receipt and purchase permissions need basic driver information', () => {
    const models = ['Duty', 'Booking', 'Invoice', 'Receipt', 'Purchase'];
    for (const p of PERMISSIONS.filter((q) => models.includes(q.model))) {
      expect([p.readableId, closureOf(p.readableId)]).toEqual([
        p.readableId,
        expect.arrayContaining([BASIC]),
      ]);
    }
  });

  it('duty and booking permissions other than view_booking need view_booking', () => {
    for (const p of PERMISSIONS.filter((q) => q.model === 'Duty' || q.model === 'Booking')) {
      if (p.readableId === 'view_booking') continue;
      expect([p.readableId, closureOf(p.readableId)]).toEqual([
        p.readableId,
        expect.arrayContaining(['view_booking']),
      ]);
    }
  });

  it.each([
    ['Invoice', 'view_invoice'],
    ['Receipt', 'view_receipt'],
    ['Credit And Debit Note', 'view_credit_debit_note'],
    ['Purchase', 'view_purchase'],
  ])('every %s action needs %s', (model, view) => {
    for (const p of PERMISSIONS.filter((q) => q.model === model && q.readableId !== view)) {
      expect([p.readableId, closureOf(p.readableId)]).toEqual([p.readableId, expect.arrayContaining([view])]);
    }
  });

  it('manage_X needs view_X wherever both exist, except for employees', () => {
    for (const id of ALL) {
      const view = id.replace(/^manage_/, 'view_');
      if (!id.startsWith('manage_') || !isPermissionId(view) || id === 'manage_employee') continue;
      expect([id, closureOf(id)]).toEqual([id, expect.arrayContaining([view])]);
    }
  });

  it('edit_X export-profile permissions need view_X', () => {
    for (const id of ALL.filter((i) => i.endsWith('_export_profile') && i.startsWith('edit_'))) {
      expect(closureOf(id)).toContain(id.replace(/^edit_/, 'view_'));
    }
  });

  it('the basic information permissions need nothing', () => {
    for (const id of [
      'view_basic_driver_information',
      'view_basic_vehicle_information',
      'view_basic_duty_supporter_information',
    ]) {
      expect(dependenciesOf(id)).toEqual([]);
    }
  });
});

describe('closePermissions', () => {
  it('returns sorted unique ids', () => {
    expect(closePermissions(['view_booking', 'view_booking', BASIC])).toEqual([BASIC, 'view_booking']);
    expect(closePermissions([])).toEqual([]);
  });

  it('accepts any iterable', () => {
    expect(closePermissions(new Set(['view_booking']))).toEqual([BASIC, 'view_booking']);
  });

  it('throws UnknownPermissionError listing every unknown id once', () => {
    const attempt = () => closePermissions(['view_booking', 'fly_plane', 'view_bookings', 'fly_plane']);
    expect(attempt).toThrow(UnknownPermissionError);
    try {
      attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(UnknownPermissionError);
      const e = error as UnknownPermissionError;
      expect(e.unknownIds).toEqual(['fly_plane', 'view_bookings']);
      expect(e.code).toBe('UNKNOWN_PERMISSION');
      expect(e.name).toBe('UnknownPermissionError');
      expect(e.message).toBe('These permissions do not exist: fly_plane, view_bookings');
    }
    expect(() => closePermissions(['nope'])).toThrow('This permission does not exist: nope');
  });
});

describe('missingDependencies and isClosed', () => {
  it('report what a set lacks', () => {
    expect(missingDependencies(['manage_invoice'])).toEqual([
      'create_invoice',
      'edit_invoice',
      BASIC,
      'view_booking',
      'view_customer',
      'view_duty_slip',
      'view_invoice',
    ]);
    expect(isClosed(['manage_invoice'])).toBe(false);
    expect(isClosed(closePermissions(['manage_invoice']))).toBe(true);
    expect(isClosed([])).toBe(true);
    expect(isClosed(ALL)).toBe(true);
  });

  it('reject unknown ids', () => {
    expect(() => isClosed(['what'])).toThrow(UnknownPermissionError);
    expect(() => missingDependencies(['what'])).toThrow(UnknownPermissionError);
  });
});

describe('editor helpers', () => {
  it('whyRequired names the selected permissions that pull an id in', () => {
    const selected = closePermissions(['cancel_invoice', 'network']);
    expect(whyRequired(selected, 'view_booking')).toEqual([
      'cancel_invoice',
      'create_invoice',
      'manage_booking',
      'manage_invoice',
      'network',
      'view_accept_reject_incoming_requests',
      'view_duty_slip',
    ]);
    expect(whyRequired(selected, 'cancel_invoice')).toEqual([]);
    expect(whyRequired(['view_employee'], 'manage_employee')).toEqual(['view_employee']);
    expect(() => whyRequired(['view_booking'], 'nope')).toThrow(UnknownPermissionError);
  });

  it('dependentsOf lists everything that needs a permission', () => {
    expect(dependentsOf('manage_employee')).toEqual(['auto_login', 'view_employee']);
    expect(dependentsOf('create_invoice')).toEqual(['cancel_invoice', 'manage_invoice']);
    expect(dependentsOf('network')).toEqual([]);
  });

  it('withoutPermission also drops what needs the removed permission', () => {
    const selected = closePermissions(['cancel_invoice', 'view_driver']);
    expect(withoutPermission(selected, 'edit_invoice')).toEqual([
      'create_invoice',
      BASIC,
      'view_booking',
      'view_customer',
      'view_driver',
      'view_duty_slip',
      'view_invoice',
    ]);
  });
});

describe('catalogue views', () => {
  it('allPermissionIds lists every permission once, in catalogue order', () => {
    expect(ALL).toEqual(PERMISSIONS.map((p) => p.readableId));
    expect(new Set(ALL).size).toBe(ALL.length);
  });

  it('permissionsByModel groups in model order and covers the catalogue', () => {
    const groups = permissionsByModel();
    expect(groups.map((g) => g.model)).toEqual([...PERMISSION_MODELS]);
    expect(groups.flatMap((g) => g.permissions.map((p) => p.readableId))).toEqual(ALL);
    for (const g of groups) for (const p of g.permissions) expect(p.model).toBe(g.model);
  });
});

describe('closure properties', () => {
  const subset = fc.subarray(ALL);
  const subsetPair = fc.subarray(ALL).chain((big) => fc.tuple(fc.subarray(big), fc.constant(big)));

  it('is closed: no member lacks a dependency', () => {
    fc.assert(
      fc.property(subset, (ids) => {
        const closed = new Set<string>(closePermissions(ids));
        for (const id of closed)
          for (const r of getPermission(id)?.requires ?? []) expect(closed.has(r)).toBe(true);
        expect(isClosed(closed)).toBe(true);
      }),
    );
  });

  it('contains the input', () => {
    fc.assert(
      fc.property(subset, (ids) => {
        expect(closePermissions(ids)).toEqual(expect.arrayContaining(ids));
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(subset, (ids) => {
        const once = closePermissions(ids);
        expect(closePermissions(once)).toEqual(once);
      }),
    );
  });

  it('is monotone: a subset closes to a subset', () => {
    fc.assert(
      fc.property(subsetPair, ([small, big]) => {
        const bigClosure = new Set(closePermissions(big));
        for (const id of closePermissions(small)) expect(bigClosure.has(id)).toBe(true);
      }),
    );
  });

  it('is the smallest closed superset: removing any added member breaks closure', () => {
    fc.assert(
      fc.property(subset, (ids) => {
        const input = new Set(ids);
        const closed = closePermissions(ids);
        for (const added of closed.filter((id) => !input.has(id))) {
          expect(isClosed(closed.filter((id) => id !== added))).toBe(false);
        }
      }),
    );
  });

  it('is the input plus its missing dependencies', () => {
    fc.assert(
      fc.property(subset, (ids) => {
        expect(closePermissions([...ids, ...missingDependencies(ids)])).toEqual(closePermissions(ids));
        expect(missingDependencies(ids).some((id) => ids.includes(id))).toBe(false);
      }),
    );
  });

  it('withoutPermission keeps a closed selection closed and drops the id', () => {
    fc.assert(
      fc.property(subset, fc.constantFrom(...ALL), (ids, id) => {
        const result = withoutPermission(closePermissions(ids), id);
        expect(isClosed(result)).toBe(true);
        expect(result).not.toContain(id);
      }),
    );
  });

  it('whyRequired explains every permission the closure added', () => {
    fc.assert(
      fc.property(subset, (ids) => {
        const closed = closePermissions(ids);
        for (const id of closed) {
          if (!ids.includes(id)) expect(whyRequired(closed, id).length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
