import { getPermission, masterOf, PERMISSION, type PermissionId } from '@fleet/domain';
import { invalidField, permissionDenied, requireId, requireIds } from '@fleet/platform';
import { listedByIds } from '../read-models/masters-reads';
import { setDutyIds } from '../storage/booking-record-store';
import { recordDutyChange } from './activity';
import type { BookingsDeps, TenantCaller } from './deps';
import { lockDutyAsRead } from './locked-duty';

const MAX = { label: 20, duty_supporter: 10 } as const;

export function createDutyLabelsAndSupporters(deps: BookingsDeps) {
  const { db, masters } = deps;

  async function set(
    caller: TenantCaller,
    id: string,
    ids: string[],
    what: { kind: 'label' | 'duty_supporter'; field: string; permission: PermissionId; action: string },
  ) {
    if (!caller.permissions.includes(what.permission)) {
      throw permissionDenied(`You need the “${getPermission(what.permission)?.name}” permission to do this.`);
    }
    requireId(id, 'id');
    requireIds(ids, what.field);
    const wanted = [...new Set(ids)];
    if (wanted.length > MAX[what.kind]) throw invalidField(what.field, `At most ${MAX[what.kind]}.`);
    const found = await listedByIds(masters, caller, masterOf(what.kind), wanted);
    const missing = wanted.findIndex((w) => !found.get(w)?.isActive);
    if (missing >= 0) throw invalidField(`${what.field}.${missing}`, 'Choose from the list.');
    return db.withTenant(caller.tenantId, async (tx) => {
      const duty = await lockDutyAsRead(tx, id);
      await setDutyIds(tx, id, what.kind === 'label' ? 'label_ids' : 'duty_supporter_ids', wanted);
      return recordDutyChange(tx, caller, id, {
        action: what.action,
        from: duty.status,
        to: duty.status,
        event: 'bookingUpdated',
      });
    });
  }

  return {
    setLabels: (caller: TenantCaller, id: string, labelIds: string[]) =>
      set(caller, id, labelIds, {
        kind: 'label',
        field: 'labelIds',
        permission: PERMISSION.manage_duty_label,
        action: 'labelsChanged',
      }),
    setSupporters: (caller: TenantCaller, id: string, supporterIds: string[]) =>
      set(caller, id, supporterIds, {
        kind: 'duty_supporter',
        field: 'dutySupporterIds',
        permission: PERMISSION.allot_vehicle_driver_to_duty,
        action: 'supportersChanged',
      }),
  };
}
