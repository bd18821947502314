import { z } from 'zod';

// Spec §5: a plus sign followed by 1 to 15 digits (E.164 length, country code included).
const PHONE_PATTERN = /^\+\d{1,15}$/;

export const PHONE_MESSAGE = 'Enter the phone number with country code, e.g. +919812345678';

/** Whether the string, exactly as given, is a phone number with country code. */
export function isPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** A 10-digit Indian mobile (6 to 9 first) as people type it, without the country code. */
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** The number with its country code: an Indian mobile typed without one gets +91; trimmed. */
export function withCountryCode(value: string): string {
  const trimmed = value.trim();
  return INDIAN_MOBILE.test(trimmed) ? `+91${trimmed}` : trimmed;
}

/**
 * A phone number with country code, stored so; surrounding spaces are trimmed first, and a 10-digit
 * Indian mobile typed without +91 is taken as one.
 */
export const phoneSchema = z
  .string()
  .transform(withCountryCode)
  .pipe(z.string().regex(PHONE_PATTERN, PHONE_MESSAGE));
