// Reading a driver, vehicle or duty supporter with only its view_basic_* permission: the master is read
// as for its view permission, and every field but the names and numbers a duty shows is left out (so it
// reads as empty), with the names of what those fields pointed to and which of their documents lapsed.
import {
  basicFieldsOf,
  basicInformationOf,
  isMasterKind,
  type MasterDefinition,
  masterOf,
} from '@fleet/domain';
import type { StoredRecord } from '../storage/master-store';
import type { TenantCaller } from './deps';

/** The master a caller reads with its basic permission alone; undefined when it reads it fully, or not at all. */
export function basicReadOf(caller: TenantCaller, kind: string): MasterDefinition | undefined {
  if (!isMasterKind(kind)) return undefined;
  const basic = basicInformationOf(kind);
  const definition: MasterDefinition = masterOf(kind);
  if (!basic || caller.permissions.includes(definition.view)) return undefined;
  return caller.permissions.includes(basic.permission) ? definition : undefined;
}

/** A record cut to its basic fields. */
export function basicRecord<R extends Pick<StoredRecord, 'values' | 'refNames' | 'lapsed'>>(
  definition: MasterDefinition,
  record: R,
): R {
  const kept = basicFieldsOf(definition);
  const keep = <V>(entries: Record<string, V>) =>
    Object.fromEntries(Object.entries(entries).filter(([name]) => kept.has(name)));
  return {
    ...record,
    values: keep(record.values as Record<string, unknown>),
    refNames: keep(record.refNames as Record<string, string[] | undefined>),
    lapsed: record.lapsed.filter((name) => kept.has(name)),
  };
}
