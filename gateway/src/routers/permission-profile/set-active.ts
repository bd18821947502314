import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { permissionProfileToJson } from './mappers';

export const setPermissionProfileActiveInput = z.object({ id: idSchema, isActive: z.boolean() });

export const setActive = procedureNeeding('manage_employee')
  .input(setPermissionProfileActiveInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.identity.setPermissionProfileActive(input, callAs(ctx.caller));
    ctx.authenticator.forgetTenant(ctx.caller.tenantId);
    return permissionProfileToJson(required(r.profile, 'the permission profile'));
  });
