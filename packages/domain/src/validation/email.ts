import { z } from 'zod';

// Spec §5: the usual local-part @ domain form, the domain ending in at least two letters.
// The local part is dot-separated runs of the characters RFC 5322 allows unquoted (no leading,
// trailing or doubled dot); each domain label is letters, digits and inner hyphens.
const LOCAL_PART = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const DOMAIN = '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,}';
const EMAIL_PATTERN = new RegExp(`^${LOCAL_PART}@${DOMAIN}$`);

const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_PART_LENGTH = 64;

export const EMAIL_MESSAGE = 'Enter a valid email address, e.g. name@example.com';

/** Whether the string, exactly as given, is an email address. */
export function isEmail(value: string): boolean {
  return (
    value.length <= MAX_EMAIL_LENGTH &&
    EMAIL_PATTERN.test(value) &&
    value.lastIndexOf('@') <= MAX_LOCAL_PART_LENGTH
  );
}

/** An email address; surrounding spaces are trimmed first. */
export const emailSchema = z.string().trim().refine(isEmail, EMAIL_MESSAGE);
