import { ConnectError } from '@connectrpc/connect';
import { type DomainError, fromConnectError } from '@fleet/platform';

/**
 * The domain error a service call failed with. Fails the test when the call succeeds, or fails with
 * anything but a ConnectError (an error that did not cross the gRPC boundary as the vocabulary says).
 */
export async function expectDomainError(call: Promise<unknown>): Promise<DomainError> {
  let outcome: unknown;
  try {
    outcome = await call;
  } catch (error) {
    if (!(error instanceof ConnectError)) {
      throw new Error(`expected the call to fail with a ConnectError, but it threw ${String(error)}`);
    }
    return fromConnectError(error);
  }
  throw new Error(`expected the call to fail, but it answered ${JSON.stringify(outcome)?.slice(0, 200)}`);
}
