import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { permissionProfileFields } from './fields';
import { permissionProfileToJson } from './mappers';

export const updatePermissionProfileInput = z.object({ id: idSchema, ...permissionProfileFields });

export const update = procedureNeeding('manage_employee')
  .input(updatePermissionProfileInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.identity.updatePermissionProfile(input, callAs(ctx.caller));
    ctx.authenticator.forgetTenant(ctx.caller.tenantId);
    return permissionProfileToJson(required(r.profile, 'the permission profile'));
  });
