import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { employeeToJson } from './mappers';

export const setEmployeeActiveInput = z.object({ userId: idSchema, isActive: z.boolean() });

export const setActive = procedureNeeding('manage_employee')
  .input(setEmployeeActiveInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.identity.setEmployeeActive(input, callAs(ctx.caller));
    ctx.authenticator.forgetTenant(ctx.caller.tenantId);
    return employeeToJson(required(r.employee, 'the employee'));
  });
