/** How a failed text is tried again: doubling waits from `baseDelayMs`, at most `maxDelayMs`, `maxAttempts` tries in all. */
export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 30_000, maxDelayMs: 30 * 60_000 };

/** When a text that failed its `attempts`-th try is tried again; null once it has had its tries. */
export function nextTryAt(policy: RetryPolicy, attempts: number, now: Date): Date | null {
  if (attempts >= policy.maxAttempts) return null;
  const wait = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + wait);
}

/**
 * When a message whose provider asked to wait `retryAfterSeconds` (its Retry-After) is tried again: the
 * back-off's time or the provider's, whichever is later; null once it has had its tries.
 */
export function nextTryHonouring(
  policy: RetryPolicy,
  attempts: number,
  retryAfterSeconds: number | undefined,
  now: Date,
): Date | null {
  const backOff = nextTryAt(policy, attempts, now);
  if (!backOff || retryAfterSeconds === undefined) return backOff;
  return new Date(Math.max(backOff.getTime(), now.getTime() + retryAfterSeconds * 1000));
}
