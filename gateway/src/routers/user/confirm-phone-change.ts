import { phoneSchema } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { signedInProcedure } from '../../trpc';
import { otpCodeSchema } from '../auth/verify-otp';
import { required } from '../shared-mappers';
import { userToJson } from './mappers';

export const confirmPhoneChangeInput = z.object({ phone: phoneSchema, code: otpCodeSchema });

/** Moves the signed-in person's sign-in to the new number, given the code texted to it. */
export const confirmPhoneChange = signedInProcedure
  .input(confirmPhoneChangeInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.identity.confirmPhoneChange(
      { ...input, userAgent: ctx.userAgent },
      callAs(ctx.caller),
    );
    return userToJson(required(r.user, 'the user'));
  });
