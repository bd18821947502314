import type { AppRouter } from '@fleet/gateway';
import { isTRPCClientError, type TRPCClientError } from '@trpc/client';

/**
 * The tRPC error a procedure call failed with, as the web app's client sees it. Fails the test when
 * the call succeeds, or fails with anything but a TRPCClientError.
 */
export async function expectTrpcError(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  let outcome: unknown;
  try {
    outcome = await call;
  } catch (error) {
    if (isTRPCClientError<AppRouter>(error)) return error;
    throw error;
  }
  throw new Error(`expected the call to fail, but it answered ${JSON.stringify(outcome)?.slice(0, 200)}`);
}
