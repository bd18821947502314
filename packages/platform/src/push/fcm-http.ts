import { PushDeliveryError } from './push-provider';

// What the FCM adapter and its access tokens share about talking to Google over HTTP.

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The `code` of an error or of the first of its causes that has one (fetch wraps socket errors). */
function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; isObject(e) && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * One POST with a deadline. A timeout or a connection that fails is a `RETRY` PushDeliveryError whose
 * words name `peer` and say `afterTimeout` (for a send: that FCM may have taken the push).
 */
export async function postWithin(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
  peer: string,
  afterTimeout = '',
): Promise<HttpAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: parseJson(text) };
  } catch (error) {
    if (isObject(error) && error.name === 'TimeoutError') {
      throw new PushDeliveryError(
        'fcm',
        'RETRY',
        `${peer} did not answer within ${timeoutMs} ms${afterTimeout}`,
      );
    }
    throw new PushDeliveryError(
      'fcm',
      'RETRY',
      `could not reach ${peer} (${errorCode(error) ?? 'connection failed'})`,
    );
  }
}

/** Retry-After as whole seconds from `nowMs`: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSecondsOf(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d{1,9}$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** Google's words, without anything of the request (tokens, the push's text) or control characters. */
export function safeWords(words: string, secrets: readonly string[]): string {
  let safe = words;
  // A short value ("1", "en") would blank out Google's own words; nothing secret is that short.
  for (const secret of secrets) if (secret.length >= 4) safe = safe.split(secret).join('[redacted]');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  safe = safe.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return safe.length > 300 ? `${safe.slice(0, 300)}…` : safe;
}
