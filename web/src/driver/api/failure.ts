import type { AppRouter } from '@fleet/gateway';
import { isTRPCClientError } from '@trpc/client';
import type { SendFailure } from '../offline/send-outcome';

/** A failed tRPC call as the app weighs it: the HTTP status (none when no answer came), words, fields, reason. */
export function failureOf(error: unknown): SendFailure {
  if (isTRPCClientError<AppRouter>(error)) {
    return {
      httpStatus: error.data?.httpStatus,
      message: error.message,
      fieldErrors: error.data?.fieldErrors ?? null,
      retryAfterSeconds: error.data?.retryAfterSeconds ?? null,
      reason: error.data?.reason ?? null,
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}
