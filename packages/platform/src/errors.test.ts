import { Code, ConnectError } from '@connectrpc/connect';
import { DomainError, fromConnectError, toConnectError, trpcCodeFor } from './errors';

describe('one error vocabulary across gRPC', () => {
  it('carries code, reason, field errors and retry time through a ConnectError', () => {
    const original = new DomainError('INVALID_ARGUMENT', 'Enter a phone number', {
      reason: 'BAD_PHONE',
      fieldViolations: [{ field: 'phone', message: 'Enter a phone number' }],
    });
    const wire = toConnectError(original);
    expect(wire.code).toBe(Code.InvalidArgument);
    const back = fromConnectError(wire);
    expect(back).toMatchObject({
      code: 'INVALID_ARGUMENT',
      reason: 'BAD_PHONE',
      message: 'Enter a phone number',
    });
    expect(back.fieldViolations).toEqual([{ field: 'phone', message: 'Enter a phone number' }]);
    expect(trpcCodeFor[back.code]).toBe('BAD_REQUEST');
  });

  it('maps each domain code to the tRPC code the spec lists', () => {
    expect(trpcCodeFor).toMatchObject({
      NOT_FOUND: 'NOT_FOUND',
      CONFLICT: 'CONFLICT',
      FAILED_PRECONDITION: 'PRECONDITION_FAILED',
      PERMISSION_DENIED: 'FORBIDDEN',
      UNAUTHENTICATED: 'UNAUTHORIZED',
      RESOURCE_EXHAUSTED: 'TOO_MANY_REQUESTS',
    });
  });

  it('hides the internals of an unexpected error', () => {
    const wire = toConnectError(new TypeError('cannot read properties of undefined (reading "rows")'));
    expect(wire.code).toBe(Code.Internal);
    expect(wire.rawMessage).not.toContain('rows');
    expect(fromConnectError(wire).message).toMatch(/Something went wrong on our side/);
  });

  it('reads a deadline or an unreachable service as UNAVAILABLE with a message a person can act on', () => {
    const error = fromConnectError(new ConnectError('connect ECONNREFUSED', Code.Unavailable));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toMatch(/try again/);
    expect(fromConnectError(new ConnectError('deadline', Code.DeadlineExceeded)).code).toBe('UNAVAILABLE');
  });

  it('keeps the words of an UNAVAILABLE a service raised itself, which say what could not be done', () => {
    const raised = new DomainError(
      'UNAVAILABLE',
      'We could not send the code just now. Please try again in a minute.',
    );
    const error = fromConnectError(toConnectError(raised));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe('We could not send the code just now. Please try again in a minute.');
  });
});
