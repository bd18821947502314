// The inputs of every master's procedures, built from its declaration in @fleet/domain: the same field
// schemas the web app's forms and the masters service validate with.
import { type MasterDefinition, masterSchema } from '@fleet/domain';
import { z } from 'zod';
import { cursorSchema, idSchema, limitSchema, orderSchema } from '../inputs';

export function listInput(definition: MasterDefinition) {
  const filterKeys = (definition.filters ?? []).map((f) => f.key);
  return z
    .object({
      search: z.string().trim().max(200).optional(),
      /** Absent: active records only (reference data: all). */
      active: z.enum(['active', 'inactive', 'all']).optional(),
      /** Declared filters by key (spec §2 categories), each a list of ids or choices. */
      filters: z
        .record(
          z.string().refine((key) => filterKeys.includes(key), {
            message: `${definition.many} filter by ${filterKeys.join(', ') || 'nothing'}`,
          }),
          z.array(z.string().trim().min(1).max(100)).max(500),
        )
        .optional(),
      expiringWithinDays: z.number().int().min(0).max(3650).optional(),
      ids: z.array(idSchema).max(1000).optional(),
      sortBy: z.enum(definition.sorts as [string, ...string[]]).optional(),
      order: orderSchema,
      cursor: cursorSchema,
      limit: limitSchema,
    })
    .prefault({});
}

export const valuesInput = (definition: MasterDefinition) => z.object({ values: masterSchema(definition) });
export const idInput = z.object({ id: idSchema });
export const updateInput = (definition: MasterDefinition) =>
  z.object({ id: idSchema, values: masterSchema(definition) });
export const setActiveInput = z.object({ id: idSchema, isActive: z.boolean() });
