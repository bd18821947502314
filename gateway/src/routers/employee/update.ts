import { employeeInput, idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { userFieldsToProto } from '../user/mappers';
import { employeeFieldsToProto, employeeToJson } from './mappers';

/** All of the employee's fields, as on create; unset optional fields are cleared. */
export const updateEmployeeInput = employeeInput.extend({ userId: idSchema });

export const update = procedureNeeding('manage_employee')
  .input(updateEmployeeInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.identity.updateEmployee(
      {
        userId: input.userId,
        user: userFieldsToProto(input),
        fields: employeeFieldsToProto(input),
        userAgent: ctx.userAgent,
      },
      callAs(ctx.caller),
    );
    ctx.authenticator.forgetTenant(ctx.caller.tenantId);
    return employeeToJson(required(r.employee, 'the employee'));
  });
