import {
  type LabelColour,
  type ListedKind,
  type MasterDefinition,
  type MasterListRecord,
  type MasterOf,
  masterOf,
} from '@fleet/domain';
import { useQueries } from '@tanstack/react-query';
import { usePermissions } from '../../app/session';
import { listedApi } from '../masters/master-api';

/** The distinct ids a group of rows names, sorted so the same rows ask the same question (one cache entry). */
export function distinctIds(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => !!v))].sort();
}

/**
 * The records of one master that rows name, looked up once per group of rows (a page of a list), not
 * per row: one `masters.<kind>.list({ ids })` call for each group. Nothing is asked of a master the
 * person may not list; its names then stay unknown and the screens show the id's absence as a dash.
 */
export function useMasterRecords<K extends ListedKind>(
  kind: K,
  groups: readonly (readonly string[])[],
): ReadonlyMap<string, MasterListRecord<MasterOf<K>>> {
  const permissions = usePermissions();
  const definition: MasterDefinition = masterOf(kind);
  const view = definition.view;
  const allowed = view === 'signed-in' || (permissions?.has(view) ?? false);
  const api = listedApi(kind);
  return useQueries({
    queries: groups.map((ids) =>
      api.list.queryOptions(
        { ids: [...ids], active: 'all', limit: 1000 },
        { enabled: allowed && ids.length > 0, staleTime: 5 * 60_000 },
      ),
    ),
    combine: (results) => {
      const byId = new Map<string, MasterListRecord<MasterOf<K>>>();
      for (const result of results)
        for (const record of result.data?.records ?? []) byId.set(record.id, record);
      return byId;
    },
  });
}

/** What a duty names in other masters. */
export interface NamedDuty {
  fromCityId: string;
  toCityId: string | null;
  dutyTypeId: string;
  vehicleGroupId: string;
  labelIds: readonly string[];
  customFields?: readonly { customFieldId: string; value: string }[];
}

export interface DutyLabel {
  id: string;
  name: string;
  colour: LabelColour;
}

/**
 * The names of the cities, duty types, vehicle groups and labels duties name, one lookup per master per
 * group of duties (`pages`: a list's pages, or one duty). Unknown while loading, or when the person may
 * not list that master.
 */
export function useDutyNames(pages: readonly (readonly NamedDuty[])[]) {
  const ids = (pick: (duty: NamedDuty) => readonly (string | null)[]) =>
    pages.map((duties) => distinctIds(duties.flatMap(pick)));
  const cities = useMasterRecords(
    'city',
    ids((d) => [d.fromCityId, d.toCityId]),
  );
  const dutyTypes = useMasterRecords(
    'duty_type',
    ids((d) => [d.dutyTypeId]),
  );
  const groups = useMasterRecords(
    'vehicle_group',
    ids((d) => [d.vehicleGroupId]),
  );
  const labels = useMasterRecords(
    'label',
    ids((d) => d.labelIds),
  );
  const customFields = useMasterRecords(
    'custom_field',
    ids((d) => (d.customFields ?? []).map((entry) => entry.customFieldId)),
  );
  return {
    city: (id: string | null) => (id ? cities.get(id)?.values.name : undefined),
    dutyType: (id: string) => dutyTypes.get(id)?.values.name,
    vehicleGroup: (id: string) => groups.get(id)?.values.name,
    labels: (labelIds: readonly string[]): DutyLabel[] =>
      labelIds.flatMap((id) => {
        const label = labels.get(id);
        return label ? [{ id, name: label.values.name, colour: label.values.colour }] : [];
      }),
    /** A duty's custom field entries by field name; none for someone who may not see custom fields. */
    customFields: (entries: readonly { customFieldId: string; value: string }[]) =>
      entries.flatMap((entry) => {
        const field = customFields.get(entry.customFieldId);
        return field ? [{ ...entry, name: field.values.name }] : [];
      }),
  };
}
export type DutyNames = ReturnType<typeof useDutyNames>;
