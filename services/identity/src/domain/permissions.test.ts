import { allPermissionIds, closePermissions, isClosed } from '@fleet/domain';
import fc from 'fast-check';
import { masqueradePermissions, permissionsLacking } from './permissions';

describe('what a masquerade session holds', () => {
  it('is the target’s permissions the actor holds too, and an owner actor’s target keeps all of theirs', () => {
    const target = closePermissions(['view_booking', 'view_invoice']);
    expect(masqueradePermissions(target, closePermissions(['view_booking']))).toEqual(
      closePermissions(['view_booking']),
    );
    expect(masqueradePermissions(target, [...allPermissionIds()])).toEqual(target);
    expect(masqueradePermissions(target, [])).toEqual([]);
  });

  it('never holds what the actor lacks, and stays closed under dependencies', () => {
    const ids = [...allPermissionIds()];
    fc.assert(
      fc.property(fc.subarray(ids), fc.subarray(ids), (targetPicks, actorPicks) => {
        const actor = closePermissions(actorPicks);
        const held = masqueradePermissions(closePermissions(targetPicks), actor);
        expect(permissionsLacking(actor, held)).toEqual([]);
        expect(isClosed(held)).toBe(true);
      }),
    );
  });
});
