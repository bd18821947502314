import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** The one-time code rules, for every purpose. */
export const OTP = {
  length: 6,
  ttlSeconds: 5 * 60,
  resendAfterSeconds: 30,
  maxSendsPerPhonePerHour: 5,
  maxSendsPerIpPerHour: 20,
  maxAttempts: 5,
  lockSeconds: 15 * 60,
} as const;

export const CODE_PATTERN = /^\d{6}$/;

export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');
}

/** What a code is for: signing in, or proving a new sign-in phone before an account moves to it. */
export type OtpPurpose = 'SIGN_IN' | 'PHONE_CHANGE';

/** The phone a code is sent to, what for, and (for a phone change) the user who asked. */
export interface OtpTarget {
  purpose: OtpPurpose;
  phone: string;
  userId?: string;
}

/**
 * Codes are stored as an HMAC keyed by a server secret and bound to everything they are for: the
 * purpose, the phone and the asking user, so a code never works for anything else.
 */
export function hashCode(secret: string, target: OtpTarget, code: string): string {
  return createHmac('sha256', secret)
    .update(`${target.purpose}:${target.userId ?? ''}:${target.phone}:${code}`)
    .digest('hex');
}

export function codeMatches(secret: string, target: OtpTarget, code: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashCode(secret, target, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

const USE: Record<OtpPurpose, string> = {
  SIGN_IN: 'your sign-in code',
  PHONE_CHANGE: 'your code to make this number your sign-in number',
};

export function smsText(purpose: OtpPurpose, code: string): string {
  return `${code} is ${USE[purpose]}. It expires in ${OTP.ttlSeconds / 60} minutes. Do not share it with anyone.`;
}

/**
 * `AUTH_TEST_OTP="+919800000001=123456,+919800000002=654321"`: fixed codes for demo and test phones.
 */
export function parseTestOtps(value: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  if (!value) return map;
  for (const pair of value.split(',')) {
    const [phone, code] = pair.split('=').map((part) => part.trim());
    if (!phone || !code || !/^\+\d{1,15}$/.test(phone) || !CODE_PATTERN.test(code)) {
      throw new Error(`expected +<digits>=<6 digits>, got "${pair.trim()}"`);
    }
    map.set(phone, code);
  }
  return map;
}
