// A page of a master's list on the masters wire (ListRecordsResponse.records_json): its records as one
// JSON array, written by the masters service and read by the gateway through this one codec. One JSON
// text costs the service a single string to encode where fifty nested protobuf messages (two timestamps
// and a map of names each) cost it more than the query did, and the gateway a single JSON.parse.
import {
  decodeListedValues,
  encodeMasterValues,
  isFieldOf,
  isJsonObject,
  type Json,
  MasterValueError,
  parseWireJson,
  refNamesOf,
} from './codec';
import type { MasterDefinition, MasterListRecord } from './master';
import type { FieldName } from './values';

/** The page's records as the wire carries them: dates as ISO 8601, values through the codec. */
export function encodeListPage<D extends MasterDefinition>(
  definition: D,
  records: readonly MasterListRecord<D>[],
): string {
  return JSON.stringify(
    records.map((record) => ({
      id: record.id,
      isActive: record.isActive,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
      values: encodeMasterValues(definition, record.values),
      refNames: record.refNames,
      lapsed: record.lapsed,
    })),
  );
}

function dateOf(value: Json | undefined, where: string): Date {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new MasterValueError(where, 'a time', value);
  return date;
}

/**
 * The records of a page as `encodeListPage` wrote them, each checked against the master's declaration
 * (its listed fields, its ref fields' names, its expiry fields); anything else is a MasterValueError
 * naming the record and what is wrong.
 */
export function decodeListPage<D extends MasterDefinition>(
  definition: D,
  text: string,
): MasterListRecord<D>[] {
  const page = parseWireJson(text, `A page of ${definition.kind}`, 'a JSON array');
  if (!Array.isArray(page)) throw new MasterValueError(`A page of ${definition.kind}`, 'a JSON array', page);
  return page.map((item, i): MasterListRecord<D> => {
    const where = `${definition.kind}[${i}]`;
    if (!isJsonObject(item)) throw new MasterValueError(where, 'a record', item);
    const { id, isActive, values, refNames, lapsed } = item;
    if (typeof id !== 'string' || id === '') throw new MasterValueError(`${where}.id`, 'an id', id);
    if (typeof isActive !== 'boolean') throw new MasterValueError(`${where}.isActive`, 'a flag', isActive);
    return {
      id,
      isActive,
      createdAt: dateOf(item.createdAt, `${where}.createdAt`),
      updatedAt: dateOf(item.updatedAt, `${where}.updatedAt`),
      values: decodeListedValues(definition, values ?? null),
      refNames: refNamesOf(definition, isJsonObject(refNames) ? refNames : {}),
      lapsed: Array.isArray(lapsed)
        ? lapsed.filter(
            (name): name is FieldName<D> => typeof name === 'string' && isFieldOf(definition, name),
          )
        : [],
    };
  });
}
