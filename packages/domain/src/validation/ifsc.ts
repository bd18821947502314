import { z } from 'zod';

// Indian Financial System Code: 4 letters (the bank), a 0, then 6 letters or digits (the branch).
const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const IFSC_MESSAGE = 'Enter the 11-character IFSC, e.g. SBIN0001234 (the fifth character is always 0)';

/** Whether the string, exactly as given, is an IFSC. */
export function isIfsc(value: string): boolean {
  return IFSC_PATTERN.test(value);
}

/** An IFSC; trimmed and upper-cased first. */
export const ifscSchema = z.string().trim().toUpperCase().regex(IFSC_PATTERN, IFSC_MESSAGE);
