import { callAs } from '@fleet/platform';
import { signedInProcedure } from '../../trpc';
import { permissionToJson } from './mappers';

/** Every permission with its model, name, description and dependencies, for the permission editor. */
export const catalogue = signedInProcedure.query(async ({ ctx }) => {
  const r = await ctx.services.identity.listPermissionCatalogue({}, callAs(ctx.caller));
  return { permissions: r.permissions.map(permissionToJson) };
});
