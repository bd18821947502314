import { phoneSchema } from '@fleet/domain';
import { type Caller, parseOrThrow, preconditionFailed, withRequestId } from '@fleet/platform';
import { z } from 'zod';
import { CODE_PATTERN, type OtpTarget } from '../domain/otp';
import type { UserRecord } from '../domain/records';
import { markDriverSignedIn } from '../storage/driver-accounts-store';
import { findUserByPhone } from '../storage/users-store';
import { withUniqueFields } from './conflicts';
import type { IdentityDeps } from './deps';
import { insertOperatorWithOwner } from './operators';
import type { OtpCodes } from './otp-codes';
import type { Sessions } from './sessions';

/** Which app a person signs in to; a phone signs in only to the app its account is for. */
export const SIGN_IN_APPS = ['BACK_OFFICE', 'DRIVER'] as const;
export type SignInApp = (typeof SIGN_IN_APPS)[number];
const appSchema = z.enum(SIGN_IN_APPS).default('BACK_OFFICE');

const requestSchema = z.object({ phone: phoneSchema, app: appSchema });
const verifySchema = z.object({
  phone: phoneSchema,
  code: z.string().trim().regex(CODE_PATTERN, 'Enter the 6-digit code from the SMS'),
  operatorName: z.string().trim().max(100, 'A company name can be at most 100 characters').default(''),
  userName: z.string().trim().max(100, 'A name can be at most 100 characters').default(''),
  userAgent: z.string().max(500).default(''),
  app: appSchema,
});

const notRegistered = () =>
  preconditionFailed(
    'This phone number is not registered with any operator. Ask your administrator to add you.',
    'PHONE_NOT_REGISTERED',
  );
const notADriver = () =>
  preconditionFailed(
    'This phone number is not a driver’s. Ask your operator to add it to your driver record.',
    'NOT_A_DRIVER',
  );
const driverPhone = () =>
  preconditionFailed(
    'This phone number is a driver’s: sign in in the driver app, at /driver.',
    'DRIVER_USES_DRIVER_APP',
  );
const inactive = () =>
  preconditionFailed(
    'This account has been deactivated. Ask your administrator to reactivate it.',
    'USER_INACTIVE',
  );

/**
 * A phone signs in to the app its account is for: drivers to the driver app (which never signs up an
 * operator), everyone else to the back-office.
 */
function checkApp(app: SignInApp, user: UserRecord | undefined): void {
  if (app === 'DRIVER' && user?.role !== 'DRIVER') throw notADriver();
  if (app === 'BACK_OFFICE' && user?.role === 'DRIVER') throw driverPhone();
}

export function createSignIn(deps: IdentityDeps, sessions: Sessions, otpCodes: OtpCodes) {
  const { db, settings, logger } = deps;
  const signInTarget = (phone: string): OtpTarget => ({ purpose: 'SIGN_IN', phone });

  return {
    async requestOtp(caller: Caller, input: { phone: string; app?: SignInApp }) {
      const { phone, app } = parseOrThrow(requestSchema, input);
      const issued = await db.asSystem(async (tx) => {
        const user = await findUserByPhone(tx, phone);
        checkApp(app, user);
        if (!user && !settings.signupEnabled) throw notRegistered();
        if (user && !user.isActive) throw inactive();
        return otpCodes.issue(tx, signInTarget(phone), caller);
      });
      return otpCodes.deliver(issued, caller);
    },

    async verifyOtp(
      caller: Caller,
      input: {
        phone: string;
        code: string;
        operatorName?: string;
        userName?: string;
        userAgent?: string;
        app?: SignInApp;
      },
    ) {
      const { phone, code, operatorName, userName, userAgent, app } = parseOrThrow(verifySchema, input);
      await otpCodes.verify(signInTarget(phone), code);

      return withUniqueFields(() =>
        db.asSystem(async (tx) => {
          let user: UserRecord | undefined = await findUserByPhone(tx, phone);
          let signedUp = false;
          checkApp(app, user);
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
          if (user.role === 'DRIVER') await markDriverSignedIn(tx, user.id);
          const opened = await sessions.open(tx, { user, ip: caller.clientIp, userAgent });
          return { token: opened.token, expiresAt: opened.expiresAt, signedUp, user };
        }),
      );
    },
  };
}
