import { ActiveFilter } from '@fleet/proto/fleet/common/v1/common_pb';
import { ActiveFilter as IdentityActiveFilter } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { asCommonActiveFilter } from './mappers';

describe('identity’s own ActiveFilter', () => {
  it('repeats fleet.common.v1.ActiveFilter number for number, so the common mapping reads it', () => {
    const members = (e: object) => Object.entries(e).filter(([, v]) => typeof v === 'number');
    expect(members(IdentityActiveFilter)).toEqual(members(ActiveFilter));
    expect(asCommonActiveFilter(IdentityActiveFilter.INACTIVE)).toBe(ActiveFilter.INACTIVE);
  });
});
