import { phoneSchema } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { signedInProcedure } from '../../trpc';

export const requestPhoneChangeInput = z.object({ phone: phoneSchema });

/** Texts a code to the new sign-in number the signed-in person wants; confirmPhoneChange takes it back. */
export const requestPhoneChange = signedInProcedure
  .input(requestPhoneChangeInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.identity.requestPhoneChange({ phone: input.phone }, callAs(ctx.caller));
    return { expiresInSeconds: r.expiresInSeconds, resendAfterSeconds: r.resendAfterSeconds };
  });
