import { conflict, DomainError, pgConstraint, pgErrorCode } from '@fleet/platform';

const MESSAGES: Record<string, { field: string; message: string }> = {
  users_phone_key: { field: 'phone', message: 'Another account already uses this phone number.' },
  employees_employee_id_key: {
    field: 'employeeId',
    message: 'Another employee already has this employee ID.',
  },
  permission_profiles_name_key: {
    field: 'name',
    message: 'A permission profile with this name already exists.',
  },
};

/** Turns a unique-constraint violation into a CONFLICT naming the field; anything else passes through. */
export async function withUniqueFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23505') {
      const known = MESSAGES[pgConstraint(error) ?? ''];
      if (known) {
        throw new DomainError('CONFLICT', known.message, {
          reason: 'DUPLICATE',
          fieldViolations: [{ field: known.field, message: known.message }],
        });
      }
      throw conflict('This record already exists.', 'DUPLICATE');
    }
    throw error;
  }
}
