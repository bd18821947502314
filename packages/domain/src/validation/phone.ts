import { z } from 'zod';

// Spec §5: a plus sign followed by 1 to 15 digits (E.164 length, country code included).
const PHONE_PATTERN = /^\+\d{1,15}$/;

export const PHONE_MESSAGE = 'Enter the phone number with country code, e.g. +919812345678';

/** Whether the string, exactly as given, is a phone number with country code. */
export function isPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** A phone number with country code; surrounding spaces are trimmed first. */
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE);
