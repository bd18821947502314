import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { cursorSchema, limitSchema, orderSchema } from '../inputs';
import { activeFilterToProto, pageFromProto, pageRequest, permissionProfileToJson } from '../mappers';

export const listPermissionProfilesInput = z
  .object({
    search: z.string().trim().max(200).optional(),
    active: z.enum(['active', 'inactive', 'all']).optional(),
    sortBy: z.enum(['name', 'created_at']).optional(),
    order: orderSchema,
    cursor: cursorSchema,
    limit: limitSchema,
  })
  .prefault({});

// Spec §2: the permission-profiles screen requires manage_employee.
export const list = procedureNeeding('manage_employee')
  .input(listPermissionProfilesInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.identity.listPermissionProfiles(
      { search: input.search ?? '', active: activeFilterToProto(input.active), page: pageRequest(input) },
      callAs(ctx.caller),
    );
    return { profiles: r.profiles.map(permissionProfileToJson), ...pageFromProto(r.pageInfo) };
  });
