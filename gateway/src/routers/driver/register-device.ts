import { optionalText } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { driverProcedure } from '../../trpc';
import { dateOrNull, required } from '../shared-mappers';

export const registerDeviceInput = z.object({
  /** Firebase Cloud Messaging's registration token; '' forgets the one held. */
  pushToken: z
    .string()
    .max(4096, 'A push token can be at most 4096 characters')
    .regex(/^[\x21-\x7e]*$/, 'A push token is printable characters without spaces')
    .default(''),
  appVersion: optionalText(40),
  deviceModel: optionalText(100),
  deviceOs: optionalText(60),
});

/** The app says where it runs and where pushes of new duties reach the driver. */
export const registerDevice = driverProcedure.input(registerDeviceInput).mutation(async ({ ctx, input }) => {
  const { account } = await ctx.services.identity.registerDriverDevice(input, callAs(ctx.caller));
  const saved = required(account, 'the driver account');
  return {
    driverId: saved.driverId,
    name: saved.name,
    verificationStatus: saved.verificationStatus,
    hasPushToken: saved.pushToken !== '',
    registeredAt: dateOrNull(saved.registeredAt),
  };
});
