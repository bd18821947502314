import { phoneSchema } from '@fleet/domain';
import {
  type Caller,
  invalid,
  parseOrThrow,
  preconditionFailed,
  requireTenant,
  unauthenticated,
} from '@fleet/platform';
import { z } from 'zod';
import { CODE_PATTERN, type OtpTarget } from '../domain/otp';
import { IdentityEvents, identityOutbox } from '../events/published';
import { userToProto } from '../mappers';
import { findUserByPhone, getUser, updateUser } from '../storage/users-store';
import { auditChange } from './audit';
import { assertPhoneFreeHere, phoneTakenHere, phoneUnusable, withUniqueFields } from './conflicts';
import type { IdentityDeps } from './deps';
import type { OtpCodes } from './otp-codes';

const OWN_PHONE =
  'Your sign-in number changes only once the new number is verified: use Change number and enter the code we text to it.';

/** A person's own sign-in phone never changes without a code sent to the new number. */
export const ownPhoneNeedsCode = () =>
  invalid(OWN_PHONE, [{ field: 'phone', message: OWN_PHONE }], 'PHONE_NEEDS_CODE');

const requestSchema = z.object({ phone: phoneSchema });
const confirmSchema = z.object({
  phone: phoneSchema,
  code: z.string().trim().regex(CODE_PATTERN, 'Enter the 6-digit code from the SMS'),
  userAgent: z.string().max(500).default(''),
});

/**
 * Moving one's own account to a new sign-in phone: a code goes to the new number, and only that code,
 * given back by the same person, moves the account (and is audited). While acting as someone else,
 * nobody moves that person's sign-in.
 */
/** A driver's name and phone are the driver record's, which the operator keeps (driver-accounts.ts). */
export const driverDetailsFromMaster = () =>
  preconditionFailed(
    'Your name and phone are those of your driver record: ask your operator to change them.',
    'DRIVER_DETAILS_FROM_MASTER',
  );

export function createPhoneChange(deps: IdentityDeps, otpCodes: OtpCodes) {
  const { db } = deps;

  function signedInAsSelf(callerInput: Caller) {
    const caller = requireTenant(callerInput);
    if (caller.isMasquerade) {
      throw preconditionFailed(
        'You are acting as someone else; only they can change their sign-in number.',
        'MASQUERADING',
      );
    }
    if (caller.role === 'DRIVER') throw driverDetailsFromMaster();
    return caller;
  }

  return {
    /** Sends a code to the new number, once it is known to be free for this person. */
    async request(callerInput: Caller, input: { phone: string }) {
      const caller = signedInAsSelf(callerInput);
      const { phone } = parseOrThrow(requestSchema, input);
      const target: OtpTarget = { purpose: 'PHONE_CHANGE', phone, userId: caller.userId };
      const issued = await db.asSystem(async (tx) => {
        const holder = await findUserByPhone(tx, phone);
        if (holder?.id === caller.userId) {
          throw invalid('This is already your sign-in number.', [
            { field: 'phone', message: 'This is already your sign-in number.' },
          ]);
        }
        if (holder) throw holder.tenantId === caller.tenantId ? phoneTakenHere() : phoneUnusable();
        return otpCodes.issue(tx, target, caller);
      });
      return otpCodes.deliver(issued, caller);
    },

    /** Checks the code sent to the new number and only then moves the account to it. */
    async confirm(callerInput: Caller, input: { phone: string; code: string; userAgent?: string }) {
      const caller = signedInAsSelf(callerInput);
      const { phone, code, userAgent } = parseOrThrow(confirmSchema, input);
      await otpCodes.verify({ purpose: 'PHONE_CHANGE', phone, userId: caller.userId }, code);
      return withUniqueFields(() =>
        db.withTenant(caller.tenantId, async (tx) => {
          const current = await getUser(tx, caller.userId);
          if (!current) throw unauthenticated();
          await assertPhoneFreeHere(tx, phone, current.id);
          const user = await updateUser(tx, current.id, { ...current, phone });
          await auditChange(tx, caller, {
            action: 'PHONE_CHANGE',
            subjectUserId: current.id,
            changes: [{ field: 'phone', before: [current.phone], after: [phone] }],
            userAgent,
          });
          await identityOutbox.enqueue(tx, IdentityEvents.userUpdated, { user: userToProto(user) }, caller);
          return user;
        }),
      );
    },
  };
}
