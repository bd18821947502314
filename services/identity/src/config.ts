import { env, parseSigningKeys } from '@fleet/platform';
import { z } from 'zod';
import { parseTestOtps } from './domain/otp';

const parsed =
  <T>(parse: (value: string) => T) =>
  (value: string | undefined, ctx: z.RefinementCtx): T | undefined => {
    if (value === undefined) return undefined;
    try {
      return parse(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  };

/**
 * Identity's environment. Secrets may be absent in development; the runner then provides local ones.
 * Production needs them. The codes are texted by the messaging service, which holds the SMS settings.
 */
export const identityConfigSchema = z
  .object({
    NODE_ENV: env.nodeEnv(),
    SIGNUP_ENABLED: env.boolean(true),
    SESSION_TTL_HOURS: env.positiveInt(12),
    AUTH_JWT_KEYS: z.string().optional().transform(parsed(parseSigningKeys)),
    OTP_HMAC_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    AUTH_TEST_OTP: z.string().optional().transform(parsed(parseTestOtps)),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    if (config.AUTH_TEST_OTP && config.AUTH_TEST_OTP.size > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_TEST_OTP'],
        message: 'fixed sign-in codes are refused when NODE_ENV=production',
      });
    }
    if (!config.AUTH_JWT_KEYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_JWT_KEYS'],
        message: 'required in production (<key id>:<secret>,…)',
      });
    }
    if (!config.OTP_HMAC_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['OTP_HMAC_SECRET'],
        message: 'required in production (32+ characters)',
      });
    }
  });

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
