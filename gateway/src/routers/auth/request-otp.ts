import { phoneSchema } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { signInProcedure } from '../../trpc';

export const requestOtpInput = z.object({ phone: phoneSchema });

/** Sends a sign-in code to the phone. */
export const requestOtp = signInProcedure.input(requestOtpInput).mutation(async ({ ctx, input }) => {
  const r = await ctx.services.identity.requestOtp({ phone: input.phone }, callAs(ctx.anonymous));
  return { expiresInSeconds: r.expiresInSeconds, resendAfterSeconds: r.resendAfterSeconds };
});
