import { callAs } from '@fleet/platform';
import { signedInProcedure } from '../../trpc';
import { required } from '../shared-mappers';
import { tenantToJson, userToJson } from './mappers';

/** Who is signed in, their operator and permissions, and (while masquerading) who is really acting. */
export const me = signedInProcedure.query(async ({ ctx }) => {
  const r = await ctx.services.identity.getMe({}, callAs(ctx.caller));
  return {
    user: userToJson(required(r.user, 'the user')),
    tenant: tenantToJson(required(r.tenant, 'the tenant')),
    permissions: [...r.permissions],
    isMasquerade: r.isMasquerade,
    actor: r.actor ? userToJson(r.actor) : null,
  };
});
