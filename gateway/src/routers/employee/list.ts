import { cursorSchema, idSchema, limitSchema, orderSchema } from '@fleet/domain/inputs';
import { ACTIVE_FILTER_VALUES, callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { identityActiveFilterToProto } from '../shared-mappers';
import { employeeToJson } from './mappers';

export const listEmployeesInput = z
  .object({
    search: z.string().trim().max(200).optional(),
    /** Absent: the service's default. */
    active: z.enum(ACTIVE_FILTER_VALUES).optional(),
    permissionProfileIds: z.array(idSchema).max(100).optional(),
    sortBy: z.enum(['name', 'created_at']).optional(),
    order: orderSchema,
    cursor: cursorSchema,
    limit: limitSchema,
  })
  .prefault({});

export const list = procedureNeeding('view_employee')
  .input(listEmployeesInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.identity.listEmployees(
      {
        search: input.search ?? '',
        active: identityActiveFilterToProto(input.active),
        permissionProfileIds: input.permissionProfileIds ?? [],
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return { employees: r.employees.map(employeeToJson), ...pageInfoFromProto(r.pageInfo) };
  });
