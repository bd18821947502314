import { phoneSchema } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { SignInApp } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { z } from 'zod';
import { signInProcedure } from '../../trpc';

/** Which app signs in: the back-office (staff), or the driver app (drivers only, never a sign-up). */
export const signInAppSchema = z
  .enum(['BACK_OFFICE', 'DRIVER'], { message: 'Sign in to the back-office or the driver app' })
  .default('BACK_OFFICE');
export const signInAppToProto = (app: z.infer<typeof signInAppSchema>) =>
  app === 'DRIVER' ? SignInApp.DRIVER : SignInApp.BACK_OFFICE;

export const requestOtpInput = z.object({ phone: phoneSchema, app: signInAppSchema });

/** Sends a sign-in code to the phone. */
export const requestOtp = signInProcedure.input(requestOtpInput).mutation(async ({ ctx, input }) => {
  const r = await ctx.services.identity.requestOtp(
    { phone: input.phone, app: signInAppToProto(input.app) },
    callAs(ctx.anonymous),
  );
  return { expiresInSeconds: r.expiresInSeconds, resendAfterSeconds: r.resendAfterSeconds };
});
