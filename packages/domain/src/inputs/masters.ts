// The inputs of every master's procedures (masters.<kind>.list/get/create/update/setActive, and
// get/save for settings), built from its declaration and typed by it: `listInput(vehicleMaster)` sorts
// only by the vehicle's sorts and filters only by its filters, `valuesInput(vehicleMaster)` takes the
// vehicle's fields. The gateway validates with these; the web app's calls are typed by them.
import { z } from 'zod';
import { type MasterDefinition, type MasterFilter, masterSchema } from '../masters/master';
import type { MasterInput, MasterValues } from '../masters/values';
import { idSchema, referenceCodeSchema } from '../validation/id';
import { plainText } from '../validation/text';
import { cursorSchema, limitSchema, orderSchema } from './common';

/** What a master's list may be sorted by. */
export type SortKey<D extends MasterDefinition> = D['sorts'][number];
/** The keys of a master's declared filters (spec §2 categories). */
export type FilterKey<D extends MasterDefinition> = D extends {
  filters: readonly (infer F extends MasterFilter)[];
}
  ? F['key']
  : never;

/** What a list call sends (every part optional). */
export interface MasterListInput<D extends MasterDefinition> {
  search?: string;
  /** Absent: active records only (reference data: all). */
  active?: 'active' | 'inactive' | 'all';
  /** Declared filters by key, each a list of ids or choices. */
  filters?: Partial<Record<FilterKey<D>, string[]>>;
  expiringWithinDays?: number;
  ids?: string[];
  sortBy?: SortKey<D>;
  order?: 'asc' | 'desc';
  cursor?: string;
  limit?: number;
}
/** A list call as validated: the page size filled in. */
export type MasterListQuery<D extends MasterDefinition> = Omit<MasterListInput<D>, 'limit'> & {
  limit: number;
};

/** Whether `name` (from a URL, say) is one of the sorts a master's list offers. */
export function isSortKey<D extends MasterDefinition>(definition: D, name: unknown): name is SortKey<D> {
  return definition.sorts.some((sort) => sort === name);
}

/**
 * The filters a list's caller chose (from a URL, say), kept to the master's declared filters with
 * values chosen: what `filters` of its list input takes.
 */
export function chosenFilters<D extends MasterDefinition>(
  definition: D,
  chosen: Readonly<Record<string, readonly string[]>>,
): Partial<Record<FilterKey<D>, string[]>> | undefined;
export function chosenFilters(
  definition: MasterDefinition,
  chosen: Readonly<Record<string, readonly string[]>>,
): Partial<Record<string, string[]>> | undefined {
  const filters: Partial<Record<string, string[]>> = {};
  for (const { key } of definition.filters ?? []) {
    const values = chosen[key];
    if (values?.length) filters[key] = [...values];
  }
  return Object.keys(filters).length ? filters : undefined;
}

/** A record's id: a UUID, or the code of a state or city (reference data). */
export const recordIdSchema = (definition: MasterDefinition) =>
  definition.system ? referenceCodeSchema : idSchema;

export function listInput<D extends MasterDefinition>(
  definition: D,
): z.ZodType<MasterListQuery<D>, MasterListInput<D> | undefined>;
export function listInput(
  definition: MasterDefinition,
): z.ZodType<MasterListQuery<MasterDefinition>, MasterListInput<MasterDefinition> | undefined> {
  const filterKeys = (definition.filters ?? []).map((f) => f.key);
  return z
    .object({
      search: plainText().trim().max(200).optional(),
      active: z.enum(['active', 'inactive', 'all']).optional(),
      filters: z
        .record(
          z.string().refine((key) => filterKeys.includes(key), {
            message: `${definition.many} filter by ${filterKeys.join(', ') || 'nothing'}`,
          }),
          z.array(z.string().trim().min(1).max(100)).max(500),
        )
        .optional(),
      expiringWithinDays: z.number().int().min(0).max(3650).optional(),
      ids: z.array(recordIdSchema(definition)).max(1000).optional(),
      sortBy: z.enum(definition.sorts).optional(),
      order: orderSchema,
      cursor: cursorSchema,
      limit: limitSchema,
    })
    .prefault({});
}

/** Creating a record, or saving settings: every field's value. */
export const valuesInput = <D extends MasterDefinition>(
  definition: D,
): z.ZodType<{ values: MasterValues<D> }, { values: MasterInput<D> }> =>
  z.object({ values: masterSchema(definition) });

/** Replacing a record: its id and every field's value. */
export const updateInput = <D extends MasterDefinition>(
  definition: D,
): z.ZodType<{ id: string; values: MasterValues<D> }, { id: string; values: MasterInput<D> }> =>
  z.object({ id: idSchema, values: masterSchema(definition) });

/** Reading one record. */
export const idInput = (definition: MasterDefinition) => z.object({ id: recordIdSchema(definition) });
export const setActiveInput = z.object({ id: idSchema, isActive: z.boolean() });
