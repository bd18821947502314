import { cursorSchema, limitSchema, orderSchema } from '@fleet/domain/inputs';
import { ACTIVE_FILTER_VALUES, callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { identityActiveFilterToProto } from '../shared-mappers';
import { permissionProfileToJson } from './mappers';

export const listPermissionProfilesInput = z
  .object({
    search: z.string().trim().max(200).optional(),
    active: z.enum(ACTIVE_FILTER_VALUES).optional(),
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
      {
        search: input.search ?? '',
        active: identityActiveFilterToProto(input.active),
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return { profiles: r.profiles.map(permissionProfileToJson), ...pageInfoFromProto(r.pageInfo) };
  });
