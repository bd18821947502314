import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  type Caller,
  callAs,
  DomainError,
  invalid,
  preconditionFailed,
  SYSTEM_PERMISSION,
  serviceCaller,
  type Tx,
  withRequestId,
} from '@fleet/platform';
import {
  codeMatches,
  generateCode,
  hashCode,
  OTP,
  type OtpPurpose,
  type OtpTarget,
  smsText,
} from '../domain/otp';
import {
  consumeOtp,
  countSends,
  getOtp,
  recordFailedAttempt,
  recordSend,
  replaceOtp,
} from '../storage/otp-store';
import type { IdentityDeps } from './deps';

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const secondsUntil = (at: Date, now: Date) =>
  Math.max(1, Math.ceil((new Date(at).getTime() - now.getTime()) / 1000));

function throttled(reason: string, message: string, retryAfterSeconds: number) {
  return new DomainError('RESOURCE_EXHAUSTED', message, { reason, retryAfterSeconds });
}

const PAUSED: Record<OtpPurpose, string> = {
  SIGN_IN: 'sign-in for this phone is paused',
  PHONE_CHANGE: 'moving your sign-in to this number is paused',
};

const lockedError = (purpose: OtpPurpose, retryAfterSeconds: number) =>
  throttled(
    'OTP_LOCKED',
    `Too many wrong codes. For your security, ${PAUSED[purpose]} for ${minutes(retryAfterSeconds)} minutes.`,
    retryAfterSeconds,
  );

export interface IssuedCode {
  target: OtpTarget;
  code: string;
  /** When the code stops being valid, by identity's clock. */
  expiresAt: Date;
  /** A listed demo/test phone's fixed code (AUTH_TEST_OTP): no SMS goes out. */
  fixed: boolean;
}

const notSent = () =>
  new DomainError('UNAVAILABLE', 'We could not send the code just now. Please try again in a minute.');

/**
 * One-time codes sent by SMS, for every purpose alike: hashed and bound to their purpose, phone and
 * asking user; short-lived; a few wrong tries lock them; sends throttled per phone and per address.
 * The messaging service texts them (SendSignInCode), asked as identity itself.
 */
export function createOtpCodes(deps: IdentityDeps) {
  const { db, clock, settings, messaging, logger } = deps;

  return {
    /**
     * In the caller's system transaction: refuses while the phone's codes for the purpose are locked or
     * sends are throttled, then stores a new code's hash (replacing any earlier one) and counts the send.
     */
    async issue(tx: Tx, target: OtpTarget, caller: Caller): Promise<IssuedCode> {
      const now = clock();
      const fixedCode = settings.testOtps.get(target.phone);
      const code = fixedCode ?? generateCode();
      const current = await getOtp(tx, target);
      if (current?.lockedUntil && new Date(current.lockedUntil) > now) {
        throw lockedError(target.purpose, secondsUntil(current.lockedUntil, now));
      }
      // Listed demo/test phones receive no SMS, so there is nothing to throttle.
      if (!fixedCode) {
        const sent = await countSends(tx, target.phone, caller.clientIp, now);
        if (
          sent.lastSentAt &&
          now.getTime() - new Date(sent.lastSentAt).getTime() < OTP.resendAfterSeconds * 1000
        ) {
          const wait =
            OTP.resendAfterSeconds - Math.floor((now.getTime() - new Date(sent.lastSentAt).getTime()) / 1000);
          throw throttled(
            'OTP_RESEND_TOO_SOON',
            `Please wait ${wait} seconds before asking for another code.`,
            wait,
          );
        }
        if (sent.phoneLastHour >= OTP.maxSendsPerPhonePerHour && sent.oldestPhoneSendInHour) {
          const wait = secondsUntil(new Date(new Date(sent.oldestPhoneSendInHour).getTime() + 3600_000), now);
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
      const expiresAt = new Date(now.getTime() + OTP.ttlSeconds * 1000);
      await replaceOtp(tx, target, hashCode(settings.otpSecret, target, code), expiresAt);
      await recordSend(tx, target.phone, caller.clientIp, now);
      return { target, code, expiresAt, fixed: fixedCode !== undefined };
    },

    /** Sends an issued code to its phone (after its transaction committed); what the caller is told. */
    async deliver(issued: IssuedCode, caller: Caller) {
      const { target, code } = issued;
      const log = withRequestId(logger, caller.requestId);
      if (issued.fixed) {
        log.info(
          { phone: target.phone, purpose: target.purpose },
          'code for a listed test phone (AUTH_TEST_OTP); no SMS sent',
        );
      } else {
        // Messaging keeps its own time: it is told the code's remaining validity as a moment of its clock.
        const validMs = issued.expiresAt.getTime() - clock().getTime();
        const as = serviceCaller('identity', {
          requestId: caller.requestId,
          permissions: [SYSTEM_PERMISSION.sendSignInCode],
        });
        const failure = await messaging
          .sendSignInCode(
            {
              phone: target.phone,
              code,
              text: smsText(target.purpose, code),
              expiresAt: timestampFromDate(new Date(Date.now() + validMs)),
            },
            callAs(as),
          )
          .then(
            (answer) => (answer.sent ? undefined : { reason: answer.error }),
            (error: unknown) => ({ err: error }),
          );
        if (failure) {
          log.error(
            { ...failure, phone: target.phone, purpose: target.purpose },
            'code SMS could not be sent',
          );
          throw notSent();
        }
      }
      return {
        expiresInSeconds: OTP.ttlSeconds,
        resendAfterSeconds: issued.fixed ? 0 : OTP.resendAfterSeconds,
      };
    },

    /**
     * Checks a code and uses it up; refuses a code never sent (or sent for another purpose or user),
     * expired, wrong or locked. The attempt is recorded in its own transaction: a wrong code must count
     * even though the caller then fails.
     */
    async verify(target: OtpTarget, code: string): Promise<void> {
      const now = clock();
      const failure = await db.asSystem(async (tx) => {
        const otp = await getOtp(tx, target);
        if (!otp || otp.consumedAt || otp.userId !== (target.userId ?? null)) {
          return preconditionFailed(
            'This code has already been used or was never sent. Ask for a new code.',
            'OTP_NOT_REQUESTED',
          );
        }
        if (otp.lockedUntil && new Date(otp.lockedUntil) > now)
          return lockedError(target.purpose, secondsUntil(otp.lockedUntil, now));
        if (new Date(otp.expiresAt) <= now)
          return preconditionFailed('This code has expired. Ask for a new one.', 'OTP_EXPIRED');
        if (!codeMatches(settings.otpSecret, target, code, otp.codeHash)) {
          const attempts = otp.attempts + 1;
          const lock = attempts >= OTP.maxAttempts ? new Date(now.getTime() + OTP.lockSeconds * 1000) : null;
          await recordFailedAttempt(tx, target, lock);
          if (lock) return lockedError(target.purpose, OTP.lockSeconds);
          const left = OTP.maxAttempts - attempts;
          const message = `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
          return invalid(message, [{ field: 'code', message }], 'OTP_INVALID');
        }
        await consumeOtp(tx, target);
        return undefined;
      });
      if (failure) throw failure;
    },
  };
}

export type OtpCodes = ReturnType<typeof createOtpCodes>;
