import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { employeeToJson } from './mappers';

export const getEmployeeInput = z.object({ userId: idSchema });

export const get = procedureNeeding('view_employee')
  .input(getEmployeeInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.identity.getEmployee({ userId: input.userId }, callAs(ctx.caller));
    return employeeToJson(required(r.employee, 'the employee'));
  });
