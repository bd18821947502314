import { conflict, DomainError, invalid, pgConstraint, pgErrorCode, type Tx } from '@fleet/platform';
import { findUserByPhone } from '../storage/users-store';

function duplicate(field: string, message: string) {
  return new DomainError('CONFLICT', message, {
    reason: 'DUPLICATE',
    fieldViolations: [{ field, message }],
  });
}

const PHONE_TAKEN_HERE = 'Another account already uses this phone number.';
const PHONE_UNUSABLE = 'This phone number cannot be used. Check it, or use another number.';

/**
 * A phone is one account's across the whole platform. Within the operator a duplicate is named plainly;
 * beyond it the refusal says only that the number cannot be used, never that another operator has it.
 */
export const phoneTakenHere = () => duplicate('phone', PHONE_TAKEN_HERE);
export const phoneUnusable = () =>
  invalid(PHONE_UNUSABLE, [{ field: 'phone', message: PHONE_UNUSABLE }], 'PHONE_UNUSABLE');

/**
 * In an operator's transaction (row-level security shows only its users): refuses a phone another of
 * its users holds. Another operator's user is invisible here; their number fails on the unique index,
 * which withUniqueFields answers with the refusal that does not say so.
 */
export async function assertPhoneFreeHere(tx: Tx, phone: string, userId?: string): Promise<void> {
  const holder = await findUserByPhone(tx, phone);
  if (holder && holder.id !== userId) throw phoneTakenHere();
}

const MESSAGES: Record<string, () => DomainError> = {
  users_phone_key: phoneUnusable,
  employees_employee_id_key: () => duplicate('employeeId', 'Another employee already has this employee ID.'),
  permission_profiles_name_key: () =>
    duplicate('name', 'A permission profile with this name already exists.'),
};

/** Turns a unique-constraint violation into the error naming its field; anything else passes through. */
export async function withUniqueFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23505') {
      const known = MESSAGES[pgConstraint(error) ?? ''];
      if (known) throw known();
      throw conflict('This record already exists.', 'DUPLICATE');
    }
    throw error;
  }
}
