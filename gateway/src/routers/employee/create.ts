import { employeeInput } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { userFieldsToProto } from '../user/mappers';
import { employeeFieldsToProto, employeeToJson } from './mappers';

export const createEmployeeInput = employeeInput;

export const create = procedureNeeding('manage_employee')
  .input(createEmployeeInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.identity.createEmployee(
      { user: userFieldsToProto(input), fields: employeeFieldsToProto(input) },
      callAs(ctx.caller),
    );
    return employeeToJson(required(r.employee, 'the employee'));
  });
