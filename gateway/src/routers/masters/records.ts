// The gateway's end of the masters wire: a Record message from the masters service becomes the
// master's typed record (its values decoded against the declaration), and typed values go back out as
// the Struct the service takes. The service does the same at its end, with the same codec.
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  decodeMasterValues,
  isFieldOf,
  type MasterDefinition,
  type MasterRecord,
  refNamesOf,
} from '@fleet/domain';
import type { PageInfoValue } from '@fleet/platform';
import type { Record as RecordMessage } from '@fleet/proto/fleet/masters/v1/record_pb';

/** One page of a master's list as the web app receives it. */
export interface MasterPage<D extends MasterDefinition> extends PageInfoValue {
  records: MasterRecord<D>[];
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
  return {
    id: record.id,
    isActive: record.isActive,
    createdAt: record.createdAt ? timestampDate(record.createdAt) : new Date(0),
    updatedAt: record.updatedAt ? timestampDate(record.updatedAt) : new Date(0),
    values: decodeMasterValues(definition, record.values ?? {}),
    refNames: refNamesOf(
      definition,
      Object.fromEntries(Object.entries(record.refNames).map(([field, { names }]) => [field, names])),
    ),
    lapsed: record.lapsed.filter((name) => isFieldOf(definition, name)),
  };
}
