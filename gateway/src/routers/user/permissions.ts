import { signedInProcedure } from '../../trpc';

/** Spec §7: `data.permissions`, the identifiers the signed-in user holds (the session already knows them). */
export const permissions = signedInProcedure.query(({ ctx }) => ({
  permissions: [...ctx.caller.permissions],
}));
