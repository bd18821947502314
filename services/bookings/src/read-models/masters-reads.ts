import type { Client } from '@connectrpc/connect';
import { decodeListPage, type MasterDefinition, type MasterListRecord, PERMISSION } from '@fleet/domain';
import { type Caller, callAs } from '@fleet/platform';
import { ActiveFilter } from '@fleet/proto/fleet/common/v1/common_pb';
import type { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';

/**
 * The masters bookings reads for its own work — names to print on a slip, choices to check on a duty —
 * whatever the person may open in the masters screens: bookings has already checked the person's right
 * to the duty itself, and passes on only these read permissions, never a manage one.
 */
const READS = [
  PERMISSION.view_my_company,
  PERMISSION.view_vehicle_group,
  PERMISSION.view_label,
  PERMISSION.view_duty_supporter,
  PERMISSION.view_custom_fields,
  PERMISSION.view_billing_item,
];

export const readingForBookings = (caller: Caller) =>
  callAs({ ...caller, permissions: [...new Set([...caller.permissions, ...READS])] });

/**
 * Records of one master by id, active or not, as its list carries them: one call for all of them, none
 * when no id is asked for. An id masters does not know for this operator is absent from the map.
 */
export async function listedByIds<D extends MasterDefinition>(
  masters: Client<typeof MastersService>,
  caller: Caller,
  definition: D,
  ids: readonly string[],
): Promise<Map<string, MasterListRecord<D>>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const page = await masters.listRecords(
    { kind: definition.kind, ids: wanted, active: ActiveFilter.ALL, page: { limit: wanted.length } },
    readingForBookings(caller),
  );
  return new Map(decodeListPage(definition, page.recordsJson).map((record) => [record.id, record]));
}
