import { describeAuditEntry } from './audit-text';

describe('describeAuditEntry', () => {
  it('says what a masquerade entry records', () => {
    expect(describeAuditEntry({ action: 'MASQUERADE_START', changes: [] })).toBe('Started acting as them');
    expect(describeAuditEntry({ action: 'MASQUERADE_STOP', changes: [] })).toBe('Stopped acting as them');
  });

  it('says what changed from what to what', () => {
    expect(
      describeAuditEntry({
        action: 'PHONE_CHANGE',
        changes: [{ field: 'phone', before: ['+919800000001'], after: ['+919800000002'] }],
      }),
    ).toBe('Sign-in phone +919800000001 → +919800000002');
    expect(
      describeAuditEntry({
        action: 'ACCESS_CHANGE',
        changes: [
          { field: 'permissionProfile', before: [], after: ['Dispatch'] },
          { field: 'grantedPermissions', before: ['view_invoice'], after: ['view_booking'] },
        ],
      }),
    ).toBe(
      'Permission profile none → Dispatch. Individual permissions: gave View Bookings; took away View Invoices',
    );
  });
});
