// What a failed send means for the outbox: a retry may fix no network, a busy or failing server, a
// timeout or throttling; a lost session waits for the driver to sign in; any other 4xx is the server's
// refusal of this act, which no retry changes.
import type { SendOutcome } from './queue';

export interface SendFailure {
  /** The HTTP status the server answered with; none when no answer came (no network). */
  httpStatus?: number;
  message: string;
  fieldErrors?: Record<string, string> | null;
  retryAfterSeconds?: number | null;
  /** The server's stable reason (OTP_INVALID, ILLEGAL_TRANSITION…), when it gave one. */
  reason?: string | null;
}

export function outcomeOfFailure(failure: SendFailure): Exclude<SendOutcome<never>, { kind: 'answered' }> {
  const status = failure.httpStatus;
  if (status === undefined || status >= 500 || status < 400) return { kind: 'retry' };
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 408 || status === 429) {
    return { kind: 'retry', retryAfterMs: (failure.retryAfterSeconds ?? 0) * 1000 };
  }
  return {
    kind: 'refused',
    refusal: { message: failure.message, fieldErrors: failure.fieldErrors ?? {}, status },
  };
}
