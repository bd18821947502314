import { timestampDate } from '@bufbuild/protobuf/wkt';
import { phoneSchema } from '@fleet/domain';
import { optionalText } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { signInProcedure } from '../../trpc';
import { clearMasqueradeCookie, setTokenCookie } from '../session-cookies';
import { required } from '../shared-mappers';
import { userToJson } from '../user/mappers';
import { signInAppSchema, signInAppToProto } from './request-otp';

/** A code from a text message identity sent (sign-in, phone change); identity checks the rest. */
export const otpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'Enter the code from the text message we sent you');

export const verifyOtpInput = z.object({
  phone: phoneSchema,
  code: otpCodeSchema,
  /** Used only when this phone signs up a new operator. */
  operatorName: optionalText(200),
  userName: optionalText(200),
  app: signInAppSchema,
});

/** Signs in with the code (signing up a new operator when the phone is new) and sets the session cookie. */
export const verifyOtp = signInProcedure.input(verifyOtpInput).mutation(async ({ ctx, input }) => {
  const r = await ctx.services.identity.verifyOtp(
    { ...input, app: signInAppToProto(input.app), userAgent: ctx.userAgent },
    callAs(ctx.anonymous),
  );
  const expiresAt = r.expiresAt ? timestampDate(r.expiresAt) : null;
  setTokenCookie(ctx, r.token, expiresAt);
  clearMasqueradeCookie(ctx);
  return { token: r.token, signedUp: r.signedUp, expiresAt, user: userToJson(required(r.user, 'the user')) };
});
