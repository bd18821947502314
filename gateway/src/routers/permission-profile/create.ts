import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { permissionProfileFields } from './fields';
import { permissionProfileToJson } from './mappers';

export const createPermissionProfileInput = z.object(permissionProfileFields);

export const create = procedureNeeding('manage_employee')
  .input(createPermissionProfileInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.identity.createPermissionProfile(input, callAs(ctx.caller));
    return permissionProfileToJson(required(r.profile, 'the permission profile'));
  });
