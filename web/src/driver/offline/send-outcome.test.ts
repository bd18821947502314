import { outcomeOfFailure } from './send-outcome';

it('tries again when no answer came, or the server failed, timed out or asked to wait', () => {
  expect(outcomeOfFailure({ message: 'Failed to fetch' })).toEqual({ kind: 'retry' });
  expect(outcomeOfFailure({ httpStatus: 502, message: 'Bad gateway' })).toEqual({ kind: 'retry' });
  expect(outcomeOfFailure({ httpStatus: 503, message: 'Not ready' })).toEqual({ kind: 'retry' });
  expect(outcomeOfFailure({ httpStatus: 408, message: 'Timed out' })).toEqual({
    kind: 'retry',
    retryAfterMs: 0,
  });
  expect(outcomeOfFailure({ httpStatus: 429, message: 'Slow down', retryAfterSeconds: 30 })).toEqual({
    kind: 'retry',
    retryAfterMs: 30_000,
  });
});

it('waits for the driver to sign in again when the session is gone', () => {
  expect(outcomeOfFailure({ httpStatus: 401, message: 'Please sign in to continue.' })).toEqual({
    kind: 'unauthorized',
  });
});

it('takes any other 4xx as the server’s refusal, with its words and the fields it named', () => {
  expect(
    outcomeOfFailure({
      httpStatus: 400,
      message: 'That is not the passenger’s start code. Ask the passenger again.',
      fieldErrors: { code: 'That is not the passenger’s start code. Ask the passenger again.' },
    }),
  ).toEqual({
    kind: 'refused',
    refusal: {
      message: 'That is not the passenger’s start code. Ask the passenger again.',
      fieldErrors: { code: 'That is not the passenger’s start code. Ask the passenger again.' },
      status: 400,
    },
  });
  for (const httpStatus of [403, 404, 409, 412, 413]) {
    expect(outcomeOfFailure({ httpStatus, message: 'No', fieldErrors: null })).toEqual({
      kind: 'refused',
      refusal: { message: 'No', fieldErrors: {}, status: httpStatus },
    });
  }
});
