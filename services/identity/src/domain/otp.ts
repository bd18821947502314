import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** The sign-in code rules. */
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

/** Codes are stored as an HMAC keyed by a server secret and bound to the phone. */
export function hashCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

export function codeMatches(secret: string, phone: string, code: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashCode(secret, phone, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

export function smsText(code: string): string {
  return `${code} is your sign-in code. It expires in ${OTP.ttlSeconds / 60} minutes. Do not share it with anyone.`;
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
