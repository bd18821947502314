import { phoneSchema } from '@fleet/domain';
import {
  type Caller,
  DomainError,
  invalid,
  parseOrThrow,
  preconditionFailed,
  withRequestId,
} from '@fleet/platform';
import { z } from 'zod';
import { CODE_PATTERN, codeMatches, generateCode, hashCode, OTP, smsText } from '../domain/otp';
import type { UserRecord } from '../domain/records';
import {
  consumeOtp,
  countSends,
  getOtp,
  recordFailedAttempt,
  recordSend,
  replaceOtp,
} from '../storage/otp-store';
import { findUserByPhone } from '../storage/users-store';
import { withUniqueFields } from './conflicts';
import type { IdentityDeps } from './deps';
import { insertOperatorWithOwner } from './operators';
import type { Sessions } from './sessions';

const requestSchema = z.object({ phone: phoneSchema });
const verifySchema = z.object({
  phone: phoneSchema,
  code: z.string().trim().regex(CODE_PATTERN, 'Enter the 6-digit code from the SMS'),
  operatorName: z.string().trim().max(100, 'A company name can be at most 100 characters').default(''),
  userName: z.string().trim().max(100, 'A name can be at most 100 characters').default(''),
  userAgent: z.string().max(500).default(''),
});

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const secondsUntil = (at: Date, now: Date) =>
  Math.max(1, Math.ceil((new Date(at).getTime() - now.getTime()) / 1000));

function throttled(reason: string, message: string, retryAfterSeconds: number) {
  return new DomainError('RESOURCE_EXHAUSTED', message, { reason, retryAfterSeconds });
}

const lockedError = (retryAfterSeconds: number) =>
  throttled(
    'OTP_LOCKED',
    `Too many wrong codes. For your security, sign-in for this phone is paused for ${minutes(retryAfterSeconds)} minutes.`,
    retryAfterSeconds,
  );

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

export function createSignIn(deps: IdentityDeps, sessions: Sessions) {
  const { db, clock, settings, sms, logger } = deps;

  return {
    async requestOtp(caller: Caller, input: { phone: string }) {
      const { phone } = parseOrThrow(requestSchema, input);
      const now = clock();
      const fixedCode = settings.testOtps.get(phone);
      const code = fixedCode ?? generateCode();
      await db.asSystem(async (tx) => {
        const user = await findUserByPhone(tx, phone);
        if (!user && !settings.signupEnabled) throw notRegistered();
        if (user && !user.isActive) throw inactive();
        const current = await getOtp(tx, phone);
        if (current?.lockedUntil && new Date(current.lockedUntil) > now) {
          throw lockedError(secondsUntil(current.lockedUntil, now));
        }
        // Listed demo/test phones receive no SMS, so there is nothing to throttle.
        if (!fixedCode) {
          const sent = await countSends(tx, phone, caller.clientIp, now);
          if (
            sent.lastSentAt &&
            now.getTime() - new Date(sent.lastSentAt).getTime() < OTP.resendAfterSeconds * 1000
          ) {
            const wait =
              OTP.resendAfterSeconds -
              Math.floor((now.getTime() - new Date(sent.lastSentAt).getTime()) / 1000);
            throw throttled(
              'OTP_RESEND_TOO_SOON',
              `Please wait ${wait} seconds before asking for another code.`,
              wait,
            );
          }
          if (sent.phoneLastHour >= OTP.maxSendsPerPhonePerHour && sent.oldestPhoneSendInHour) {
            const wait = secondsUntil(
              new Date(new Date(sent.oldestPhoneSendInHour).getTime() + 3600_000),
              now,
            );
            throw throttled(
              'OTP_THROTTLED',
              `Too many codes were sent to this phone. Try again in ${minutes(wait)} minutes.`,
              wait,
            );
          }
          if (caller.clientIp && sent.ipLastHour >= OTP.maxSendsPerIpPerHour && sent.oldestIpSendInHour) {
            const wait = secondsUntil(new Date(new Date(sent.oldestIpSendInHour).getTime() + 3600_000), now);
            throw throttled(
              'OTP_THROTTLED',
              `Too many codes were asked for from your network. Try again in ${minutes(wait)} minutes.`,
              wait,
            );
          }
        }
        await replaceOtp(
          tx,
          phone,
          hashCode(settings.otpSecret, phone, code),
          new Date(now.getTime() + OTP.ttlSeconds * 1000),
        );
        await recordSend(tx, phone, caller.clientIp, now);
      });
      if (fixedCode) {
        withRequestId(logger, caller.requestId).info(
          { phone },
          'sign-in code for a listed test phone (AUTH_TEST_OTP); no SMS sent',
        );
      } else {
        try {
          await sms.send({
            to: phone,
            purpose: 'SIGN_IN_OTP',
            template: 'otp',
            variables: { otp: code },
            text: smsText(code),
          });
        } catch (error) {
          withRequestId(logger, caller.requestId).error(
            { err: error, phone },
            'sign-in SMS could not be sent',
          );
          throw new DomainError(
            'UNAVAILABLE',
            'We could not send the code just now. Please try again in a minute.',
          );
        }
      }
      return { expiresInSeconds: OTP.ttlSeconds, resendAfterSeconds: fixedCode ? 0 : OTP.resendAfterSeconds };
    },

    async verifyOtp(
      caller: Caller,
      input: { phone: string; code: string; operatorName?: string; userName?: string; userAgent?: string },
    ) {
      const { phone, code, operatorName, userName, userAgent } = parseOrThrow(verifySchema, input);
      const now = clock();
      // The attempt is recorded in its own transaction: a wrong code must count even though we then fail.
      const failure = await db.asSystem(async (tx) => {
        const otp = await getOtp(tx, phone);
        if (!otp || otp.consumedAt) {
          return preconditionFailed(
            'This code has already been used or was never sent. Ask for a new code.',
            'OTP_NOT_REQUESTED',
          );
        }
        if (otp.lockedUntil && new Date(otp.lockedUntil) > now)
          return lockedError(secondsUntil(otp.lockedUntil, now));
        if (new Date(otp.expiresAt) <= now)
          return preconditionFailed('This code has expired. Ask for a new one.', 'OTP_EXPIRED');
        if (!codeMatches(settings.otpSecret, phone, code, otp.codeHash)) {
          const attempts = otp.attempts + 1;
          const lock = attempts >= OTP.maxAttempts ? new Date(now.getTime() + OTP.lockSeconds * 1000) : null;
          await recordFailedAttempt(tx, phone, lock);
          if (lock) return lockedError(OTP.lockSeconds);
          const left = OTP.maxAttempts - attempts;
          const message = `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
          return invalid(message, [{ field: 'code', message }], 'OTP_INVALID');
        }
        await consumeOtp(tx, phone);
        return undefined;
      });
      if (failure) throw failure;

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
