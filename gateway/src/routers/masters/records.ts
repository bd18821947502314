// The gateway's end of the masters wire: a Record message from the masters service becomes the
// master's typed record (its values_json decoded against the declaration), a list page's JSON its
// listed records (the domain's decodeListPage), and typed values go back out as the JSON the service
// takes. The service does the same at its end, with the same codec.
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  decodeMasterValues,
  isFieldOf,
  type MasterDefinition,
  type MasterListRecord,
  type MasterRecord,
  parseValuesJson,
  refNamesOf,
} from '@fleet/domain';
import type { PageInfoValue } from '@fleet/platform';
import type { Record as RecordMessage } from '@fleet/proto/fleet/masters/v1/record_pb';

/** One page of a master's list as the web app receives it: each record with its listed fields. */
export interface MasterPage<D extends MasterDefinition> extends PageInfoValue {
  records: MasterListRecord<D>[];
}

/** A record of `definition` as the web app receives it; money, rates and percentages stay decimal text. */
export function recordFromProto<D extends MasterDefinition>(
  definition: D,
  record: RecordMessage | undefined,
): MasterRecord<D> {
  if (!record) throw new Error('The masters service answered without the record.');
  if (record.kind !== definition.kind) {
    throw new Error(`The masters service answered with a ${record.kind} for a ${definition.kind}.`);
  }
  const refNames: Record<string, string[]> = {};
  for (const [field, { names }] of Object.entries(record.refNames)) refNames[field] = names;
  return {
    id: record.id,
    isActive: record.isActive,
    createdAt: record.createdAt ? timestampDate(record.createdAt) : new Date(0),
    updatedAt: record.updatedAt ? timestampDate(record.updatedAt) : new Date(0),
    values: decodeMasterValues(definition, parseValuesJson(definition, record.valuesJson)),
    refNames: refNamesOf(definition, refNames),
    lapsed: record.lapsed.filter((name) => isFieldOf(definition, name)),
  };
}
