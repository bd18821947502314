import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { permissionProfileToJson } from './mappers';

export const getPermissionProfileInput = z.object({ id: idSchema });

export const get = procedureNeeding('manage_employee')
  .input(getPermissionProfileInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.identity.getPermissionProfile({ id: input.id }, callAs(ctx.caller));
    return permissionProfileToJson(required(r.profile, 'the permission profile'));
  });
