import { ACTIVE_FILTER_VALUES } from '@fleet/platform';
import { ActiveFilter } from '@fleet/proto/fleet/common/v1/common_pb';
import { ActiveFilter as IdentityActiveFilter } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { enumTable, identityActiveFilterToProto } from './shared-mappers';

describe('the gateway’s shared mappers', () => {
  it('write identity’s own ActiveFilter, which repeats the common one number for number', () => {
    const members = (e: object) => Object.entries(e).filter(([, v]) => typeof v === 'number');
    expect(members(IdentityActiveFilter)).toEqual(members(ActiveFilter));
    expect(ACTIVE_FILTER_VALUES.map(identityActiveFilterToProto)).toEqual([
      IdentityActiveFilter.ACTIVE,
      IdentityActiveFilter.INACTIVE,
      IdentityActiveFilter.ALL,
    ]);
    expect(identityActiveFilterToProto(undefined)).toBe(IdentityActiveFilter.UNSPECIFIED);
  });

  it('read an unset enum as null for the web app', () => {
    const table = enumTable<'A' | 'B', 1 | 2>({ A: 1, B: 2 });
    expect(table.fromProto(2)).toBe('B');
    expect(table.fromProto(0 as 1)).toBeNull();
    expect(table.toProto(null)).toBe(0);
  });
});
