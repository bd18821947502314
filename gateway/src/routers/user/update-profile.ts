import { userFieldsInput } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { signedInProcedure } from '../../trpc';
import { required } from '../shared-mappers';
import { userFieldsToProto, userToJson } from './mappers';

export const updateProfileInput = userFieldsInput;

/**
 * Changes the signed-in user's own details (all fields are sent; unset ones are cleared). The phone must
 * be the current one: a new sign-in number goes through requestPhoneChange and confirmPhoneChange.
 */
export const updateProfile = signedInProcedure.input(updateProfileInput).mutation(async ({ ctx, input }) => {
  const r = await ctx.services.identity.updateMe({ fields: userFieldsToProto(input) }, callAs(ctx.caller));
  ctx.authenticator.forgetTenant(ctx.caller.tenantId);
  return userToJson(required(r.user, 'the user'));
});
