import { callAs } from '@fleet/platform';
import { signedInProcedure } from '../../trpc';
import { clearSessionCookies } from '../session-cookies';

/** Ends the session (identity revokes the token, so a copy of it stops working too) and clears the cookies. */
export const logout = signedInProcedure.mutation(async ({ ctx }) => {
  await ctx.services.identity.logout({}, callAs(ctx.caller));
  ctx.authenticator.forgetTenant(ctx.caller.tenantId);
  clearSessionCookies(ctx);
  return { signedOut: true };
});
