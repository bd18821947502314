import { timestampDate } from '@bufbuild/protobuf/wkt';
import { callAs } from '@fleet/platform';
import { signedInProcedure } from '../../trpc';
import { clearMasqueradeCookie, setTokenCookie } from '../session-cookies';
import { required } from '../shared-mappers';
import { userToJson } from '../user/mappers';

/** Stops masquerading: the session cookie goes back to the real user's token. */
export const stop = signedInProcedure.mutation(async ({ ctx }) => {
  const r = await ctx.services.identity.stopMasquerade({ userAgent: ctx.userAgent }, callAs(ctx.caller));
  ctx.authenticator.forgetTenant(ctx.caller.tenantId);
  const expiresAt = r.expiresAt ? timestampDate(r.expiresAt) : null;
  setTokenCookie(ctx, r.token, expiresAt);
  clearMasqueradeCookie(ctx);
  return { token: r.token, expiresAt, user: userToJson(required(r.user, 'the user')) };
});
