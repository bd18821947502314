// Compact JWS (RFC 7515) with HS256, the one way this product signs and checks its own tokens (the
// session token identity issues, the caller token the gateway passes to services): node:crypto's HMAC,
// synchronously, where jose over WebCrypto imported the key and awaited a promise on every verify.
// Verification is deliberately narrow: the caller names the one header it accepts, the signature must be
// the canonical base64url of the HMAC and is compared in constant time, and only then is the payload
// parsed; its times are checked by `timesHold`.
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

export function hs256Key(secret: string): KeyObject {
  if (!secret) throw new Error('A signing secret is empty.');
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const hmac = (key: KeyObject, signingInput: string) =>
  createHmac('sha256', key).update(signingInput).digest('base64url');

/** `header` and `payload` are JSON texts; the token is `b64(header).b64(payload).b64(HMAC)`. */
export function signJws(key: KeyObject, header: string, payload: string): string {
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  return `${signingInput}.${hmac(key, signingInput)}`;
}

/** The JSON object a token's part holds, or undefined when it is not one. */
function jsonObjectOf(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The payload of a genuine token: `keyFor` looks at the decoded header and gives the key it must be
 * signed with, or undefined to refuse the header (an algorithm, key id or extension it does not take).
 */
export function verifyJws(
  token: string,
  keyFor: (header: Record<string, unknown>, encodedHeader: string) => KeyObject | undefined,
): Record<string, unknown> | undefined {
  const firstDot = token.indexOf('.');
  const secondDot = token.indexOf('.', firstDot + 1);
  if (firstDot < 1 || secondDot < 0 || token.indexOf('.', secondDot + 1) >= 0) return undefined;
  const encodedHeader = token.slice(0, firstDot);
  const header = jsonObjectOf(encodedHeader);
  const key = header && keyFor(header, encodedHeader);
  if (!key) return undefined;
  const signingInput = token.slice(0, secondDot);
  const given = Buffer.from(token.slice(secondDot + 1), 'utf8');
  const expected = Buffer.from(hmac(key, signingInput), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return jsonObjectOf(token.slice(firstDot + 1, secondDot));
}

/**
 * Whether a payload's registered claims hold at `nowMs`: `exp` a number still ahead, `nbf` (if any)
 * passed, `iat` (if any) a number, and `aud` naming `audience`.
 */
export function claimsHold(claims: Record<string, unknown>, audience: string, nowMs: number): boolean {
  const { aud, exp, nbf, iat } = claims;
  if (aud !== audience && !(Array.isArray(aud) && aud.includes(audience))) return false;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || nowMs >= exp * 1000) return false;
  if (nbf !== undefined && (typeof nbf !== 'number' || nowMs < nbf * 1000)) return false;
  return iat === undefined || typeof iat === 'number';
}
