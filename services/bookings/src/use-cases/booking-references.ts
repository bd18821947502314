// The records a booking names besides its customer and duty type — its vehicle group, cities, labels,
// duty supporters and custom fields — must be the operator's own, of the right master and active, and a
// custom field's value must fit it. Asked of masters in one call per kind named, all at once, none for a
// kind the booking leaves empty. A record the duty already holds stays on it when it is later deactivated
// (an update does not choose it anew); a copy or an extension makes new duties, so there a deactivated
// record is refused, the field named, and the person takes it off the original or activates it again.
import type { Client } from '@connectrpc/connect';
import {
  type BookingDraft,
  cityMaster,
  customFieldMaster,
  customFieldShapeOf,
  customFieldValueProblem,
  decodeListPage,
  dutySupporterMaster,
  labelMaster,
  type MasterDefinition,
  type MasterListRecord,
  missingRequiredFields,
  vehicleGroupMaster,
} from '@fleet/domain';
import { invalid } from '@fleet/platform';
import { ActiveFilter } from '@fleet/proto/fleet/common/v1/common_pb';
import type { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { listedByIds, readingForBookings } from '../read-models/masters-reads';
import type { TenantCaller } from './deps';

interface Problem {
  field: string;
  message: string;
}

export interface ReferenceRules {
  /** Ids the duty already holds (an update's): kept even when their record has since been deactivated. */
  held: ReadonlySet<string>;
  /** Whether every required booking custom field must be filled in (the form showed them to this person). */
  requireFields: boolean;
}

type CustomFieldRecord = MasterListRecord<typeof customFieldMaster>;

const displayName = (definition: MasterDefinition, record: MasterListRecord): string =>
  String(record.values[definition.display] ?? '');

export function createBookingReferences(masters: Client<typeof MastersService>) {
  /** Every booking custom field of the operator, active or not (few; paged through all the same). */
  async function bookingCustomFields(caller: TenantCaller): Promise<Map<string, CustomFieldRecord>> {
    const found = new Map<string, CustomFieldRecord>();
    let cursor = '';
    do {
      const page = await masters.listRecords(
        {
          kind: customFieldMaster.kind,
          active: ActiveFilter.ALL,
          filters: [{ key: 'entities', values: ['BOOKING'] }],
          page: { limit: 1000, cursor },
        },
        readingForBookings(caller),
      );
      for (const record of decodeListPage(customFieldMaster, page.recordsJson)) found.set(record.id, record);
      cursor = page.pageInfo?.hasMore ? page.pageInfo.nextCursor : '';
    } while (cursor);
    return found;
  }

  /** Refuses, naming every field at fault, a draft naming a record it may not use; writes nothing. */
  return async function checkReferences(
    caller: TenantCaller,
    draft: BookingDraft,
    rules: ReferenceRules,
  ): Promise<void> {
    const cityIds = [draft.fromCityId, ...(draft.toCityId ? [draft.toCityId] : [])];
    const customFieldIds = draft.customFields.map((entry) => entry.customFieldId);
    const [vehicleGroups, cities, labels, supporters, customFields] = await Promise.all([
      listedByIds(masters, caller, vehicleGroupMaster, [draft.vehicleGroupId]),
      listedByIds(masters, caller, cityMaster, cityIds),
      listedByIds(masters, caller, labelMaster, draft.labelIds),
      listedByIds(masters, caller, dutySupporterMaster, draft.dutySupporterIds),
      rules.requireFields
        ? bookingCustomFields(caller)
        : listedByIds(masters, caller, customFieldMaster, customFieldIds),
    ]);

    const problems: Problem[] = [];
    /** The record `id` names if it may go on the duty; otherwise a problem is noted for `field`. */
    function usable<D extends MasterDefinition>(
      definition: D,
      found: Map<string, MasterListRecord<D>>,
      id: string,
      field: string,
    ): MasterListRecord<D> | undefined {
      const record = found.get(id);
      const what = definition.one.toLowerCase();
      if (!record) {
        problems.push({ field, message: `Choose a ${what} from the list.` });
      } else if (!record.isActive && !rules.held.has(id)) {
        const name = displayName(definition, record);
        problems.push({
          field,
          message: `The ${what} “${name}” is deactivated; choose another or activate it.`,
        });
      } else {
        return record;
      }
      return undefined;
    }

    usable(vehicleGroupMaster, vehicleGroups, draft.vehicleGroupId, 'vehicleGroupId');
    usable(cityMaster, cities, draft.fromCityId, 'fromCityId');
    if (draft.toCityId) usable(cityMaster, cities, draft.toCityId, 'toCityId');
    for (const [i, id] of draft.labelIds.entries()) usable(labelMaster, labels, id, `labelIds.${i}`);
    for (const [i, id] of draft.dutySupporterIds.entries()) {
      usable(dutySupporterMaster, supporters, id, `dutySupporterIds.${i}`);
    }
    draft.customFields.forEach((entry, i) => {
      const record = usable(
        customFieldMaster,
        customFields,
        entry.customFieldId,
        `customFields.${i}.customFieldId`,
      );
      if (!record) return;
      if (record.values.entity !== 'BOOKING') {
        problems.push({
          field: `customFields.${i}.customFieldId`,
          message: `${record.values.name} is not asked on bookings; choose a booking field.`,
        });
        return;
      }
      const problem =
        entry.value === '' ? undefined : customFieldValueProblem(customFieldShapeOf(record), entry.value);
      if (problem) problems.push({ field: `customFields.${i}.value`, message: problem });
    });
    if (rules.requireFields) {
      const active = [...customFields.values()].filter((record) => record.isActive).map(customFieldShapeOf);
      for (const field of missingRequiredFields(active, draft.customFields)) {
        // On the blank row the form sent for it, when there is one.
        const blank = draft.customFields.findIndex((entry) => entry.customFieldId === field.id);
        problems.push({
          field: blank >= 0 ? `customFields.${blank}.value` : 'customFields',
          message: `Fill in ${field.name}; every booking needs it.`,
        });
      }
    }
    if (problems.length > 0) {
      throw invalid(problems.length === 1 ? problems[0]!.message : 'Fix the fields marked.', problems);
    }
  };
}

export type CheckReferences = ReturnType<typeof createBookingReferences>;
