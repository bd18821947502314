// Drivers' app accounts for staff: who has the driver app, on which device and app version, last seen
// when (view_driver_user), and signing one out, say of a lost phone (manage_driver_user). Identity keeps
// the accounts and checks each permission again.
import { PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding, router } from '../../trpc';
import { dateOrNull } from '../shared-mappers';

const list = procedureNeeding(PERMISSION.view_driver_user)
  .input(z.object({ driverIds: z.array(idSchema).min(1).max(500) }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.identity.listDriverAccounts(input, callAs(ctx.caller));
    return r.accounts.map((a) => ({
      driverId: a.driverId,
      name: a.name,
      phone: a.phone,
      isActive: a.isActive,
      phoneTaken: a.phoneTaken,
      verificationStatus: a.verificationStatus,
      registeredAt: dateOrNull(a.registeredAt),
      appVersion: a.appVersion,
      deviceModel: a.deviceModel,
      deviceOs: a.deviceOs,
      lastSeenAt: dateOrNull(a.lastSeenAt),
    }));
  });

const signOut = procedureNeeding(PERMISSION.manage_driver_user)
  .input(z.object({ driverId: idSchema }))
  .mutation(async ({ ctx, input }) => {
    await ctx.services.identity.signOutDriver(input, callAs(ctx.caller));
    return { signedOut: true };
  });

export const driverUserRouter = router({ list, signOut });
