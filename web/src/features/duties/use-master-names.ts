import {
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

/** A duty's custom field entries. */
interface WithCustomFields {
  customFields?: readonly { customFieldId: string; value: string }[];
}

/**
 * The names of the custom fields duties' entries are for, one lookup for them all; none for someone who
 * may not see custom fields. (A duty's other names come with it from the gateway.)
 */
export function useCustomFieldNames(duties: readonly WithCustomFields[]) {
  const customFields = useMasterRecords('custom_field', [
    distinctIds(duties.flatMap((d) => (d.customFields ?? []).map((entry) => entry.customFieldId))),
  ]);
  return {
    /** A duty's custom field entries by field name; none for someone who may not see custom fields. */
    customFields: (entries: readonly { customFieldId: string; value: string }[]) =>
      entries.flatMap((entry) => {
        const field = customFields.get(entry.customFieldId);
        return field ? [{ ...entry, name: field.values.name }] : [];
      }),
  };
}
export type CustomFieldNames = ReturnType<typeof useCustomFieldNames>;
