import { type AuditedState, auditedChanges } from './audit';

const state = (over: Partial<AuditedState> = {}): AuditedState => ({
  phone: '+919800000001',
  permissionProfileId: 'p1',
  permissionProfileName: 'Dispatch',
  grantedPermissions: ['view_booking', 'view_invoice'],
  ...over,
});

describe('the changes an audit entry records', () => {
  it('records nothing when neither the phone nor the access changed (grants in any order)', () => {
    expect(auditedChanges(state(), state({ grantedPermissions: ['view_invoice', 'view_booking'] }))).toEqual({
      phone: [],
      access: [],
    });
  });

  it('records the phone, the profile by name and the grants, each from what to what', () => {
    const changes = auditedChanges(
      state(),
      state({
        phone: '+919800000002',
        permissionProfileId: null,
        permissionProfileName: null,
        grantedPermissions: ['view_booking'],
      }),
    );
    expect(changes.phone).toEqual([{ field: 'phone', before: ['+919800000001'], after: ['+919800000002'] }]);
    expect(changes.access).toEqual([
      { field: 'permissionProfile', before: ['Dispatch'], after: [] },
      { field: 'grantedPermissions', before: ['view_booking', 'view_invoice'], after: ['view_booking'] },
    ]);
  });
});
