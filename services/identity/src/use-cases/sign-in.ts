import { phoneSchema } from '@fleet/domain';
import { type Caller, parseOrThrow, preconditionFailed, withRequestId } from '@fleet/platform';
import { z } from 'zod';
import { CODE_PATTERN, type OtpTarget } from '../domain/otp';
import type { UserRecord } from '../domain/records';
import { findUserByPhone } from '../storage/users-store';
import { withUniqueFields } from './conflicts';
import type { IdentityDeps } from './deps';
import { insertOperatorWithOwner } from './operators';
import type { OtpCodes } from './otp-codes';
import type { Sessions } from './sessions';

const requestSchema = z.object({ phone: phoneSchema });
const verifySchema = z.object({
  phone: phoneSchema,
  code: z.string().trim().regex(CODE_PATTERN, 'Enter the 6-digit code from the SMS'),
  operatorName: z.string().trim().max(100, 'A company name can be at most 100 characters').default(''),
  userName: z.string().trim().max(100, 'A name can be at most 100 characters').default(''),
  userAgent: z.string().max(500).default(''),
});

const notRegistered = () =>
  preconditionFailed(
    'This phone number is not registered with any operator. Ask your administrator to add you.',
    'PHONE_NOT_REGISTERED',
  );
const inactive = () =>
  preconditionFailed(
    'This account has been deactivated. Ask your administrator to reactivate it.',
    'USER_INACTIVE',
  );

export function createSignIn(deps: IdentityDeps, sessions: Sessions, otpCodes: OtpCodes) {
  const { db, settings, logger } = deps;
  const signInTarget = (phone: string): OtpTarget => ({ purpose: 'SIGN_IN', phone });

  return {
    async requestOtp(caller: Caller, input: { phone: string }) {
      const { phone } = parseOrThrow(requestSchema, input);
      const issued = await db.asSystem(async (tx) => {
        const user = await findUserByPhone(tx, phone);
        if (!user && !settings.signupEnabled) throw notRegistered();
        if (user && !user.isActive) throw inactive();
        return otpCodes.issue(tx, signInTarget(phone), caller);
      });
      return otpCodes.deliver(issued, caller);
    },

    async verifyOtp(
      caller: Caller,
      input: { phone: string; code: string; operatorName?: string; userName?: string; userAgent?: string },
    ) {
      const { phone, code, operatorName, userName, userAgent } = parseOrThrow(verifySchema, input);
      await otpCodes.verify(signInTarget(phone), code);

      return withUniqueFields(() =>
        db.asSystem(async (tx) => {
          let user: UserRecord | undefined = await findUserByPhone(tx, phone);
          let signedUp = false;
          if (user && !user.isActive) throw inactive();
          if (!user) {
            if (!settings.signupEnabled) throw notRegistered();
            const { tenant, owner } = await insertOperatorWithOwner(tx, {
              requestId: caller.requestId,
              operatorName: operatorName || 'My Travels',
              ownerName: userName || 'Owner',
              phone,
            });
            user = owner;
            signedUp = true;
            withRequestId(logger, caller.requestId).info(
              { tenantId: tenant.id, userId: user.id },
              'new operator signed up',
            );
          }
          const opened = await sessions.open(tx, { user, ip: caller.clientIp, userAgent });
          return { token: opened.token, expiresAt: opened.expiresAt, signedUp, user };
        }),
      );
    },
  };
}
