// What reaches the client when things go wrong: service errors keep their meaning, anything unexpected
// is logged with its request id and answered with a generic message, never internals.
import { Writable } from 'node:stream';
import { Code, ConnectError } from '@connectrpc/connect';
import { formatError, INTERNAL_MESSAGE, toClientError } from '@fleet/gateway';
import { createLogger, DomainError, type ErrorCode } from '@fleet/platform';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { z } from 'zod';
import { bearer, bootGateway, cookieNamed, type GatewayHarness } from './support';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return {
    lines,
    logger: createLogger({ name: 'errors-test', destination }).child({ requestId: 'req-errors-0001' }),
  };
}

const wrapped = (cause: unknown) => new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });
// The default shape tRPC hands the formatter.
const shapeOf = (error: TRPCError) =>
  ({
    code: -32603,
    message: error.message,
    data: {
      code: error.code,
      httpStatus: getHTTPStatusCodeFromError(error),
      path: 'x.y',
      stack: 'at secret.ts:1',
    },
  }) as never;

describe('error mapping', () => {
  it.each<[ErrorCode, string]>([
    ['INVALID_ARGUMENT', 'BAD_REQUEST'],
    ['NOT_FOUND', 'NOT_FOUND'],
    ['CONFLICT', 'CONFLICT'],
    ['FAILED_PRECONDITION', 'PRECONDITION_FAILED'],
    ['PERMISSION_DENIED', 'FORBIDDEN'],
    ['UNAUTHENTICATED', 'UNAUTHORIZED'],
    ['RESOURCE_EXHAUSTED', 'TOO_MANY_REQUESTS'],
    ['UNAVAILABLE', 'SERVICE_UNAVAILABLE'],
  ])('a service’s %s becomes %s with its message', (domainCode, trpcCode) => {
    const { logger, lines } = capturingLogger();
    const error = toClientError(wrapped(new DomainError(domainCode, 'Readable message.')), logger, 'a.b');
    expect(error.code).toBe(trpcCode);
    expect(error.message).toBe('Readable message.');
    expect(lines).toHaveLength(0);
  });

  it('reads a ConnectError’s details into reason, field errors and retry-after', () => {
    const { logger } = capturingLogger();
    const domain = new DomainError('INVALID_ARGUMENT', 'Check the name.', {
      reason: 'NAME_TAKEN',
      fieldViolations: [{ field: 'name', message: 'Taken.' }],
      retryAfterSeconds: 7,
    });
    const error = toClientError(wrapped(domain), logger, 'a.b');
    const shape = formatError({ error, shape: shapeOf(error), ctx: { requestId: 'r1' } });
    expect(shape.data).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      path: 'x.y',
      reason: 'NAME_TAKEN',
      fieldErrors: { name: 'Taken.' },
      retryAfterSeconds: 7,
      requestId: 'r1',
    });
    const fromWire = toClientError(wrapped(new ConnectError('Gone.', Code.NotFound)), logger, 'a.b');
    expect(fromWire).toMatchObject({ code: 'NOT_FOUND', message: 'Gone.' });
  });

  it('logs anything unexpected with the request id and hides it', () => {
    const { logger, lines } = capturingLogger();
    const error = toClientError(wrapped(new Error('password=hunter2 at db.ts:12')), logger, 'user.me');
    expect(error.code).toBe('INTERNAL_SERVER_ERROR');
    expect(error.message).toBe(INTERNAL_MESSAGE);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        requestId: 'req-errors-0001',
        path: 'user.me',
        msg: 'unexpected error in procedure',
      }),
    ]);
    const shape = formatError({ error, shape: shapeOf(error), ctx: { requestId: 'r1' } });
    expect(shape.message).toBe(INTERNAL_MESSAGE);
    expect(JSON.stringify(shape)).not.toContain('hunter2');
    expect(shape.data).not.toHaveProperty('stack');
    // The same error is logged once, however often it is looked at.
    toClientError(error, logger, 'user.me');
    expect(lines).toHaveLength(1);
  });

  it('lists input problems as field errors', () => {
    const parsed = z
      .object({ phone: z.string().regex(/^\+\d+$/, 'Bad phone'), limit: z.number() })
      .safeParse({ phone: 'x' });
    const error = new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    const shape = formatError({ error, shape: shapeOf(error), ctx: undefined });
    expect(shape.data.fieldErrors).toEqual({
      phone: 'Bad phone',
      limit: 'Invalid input: expected number, received undefined',
    });
    expect(shape.message).toBe(
      'Please check these: phone: Bad phone; limit: Invalid input: expected number, received undefined',
    );
  });
});

describe('in production, over HTTP', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await bootGateway({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await h?.close().catch(() => {});
  });

  it('marks the session cookie Secure and sends HSTS', async () => {
    const { setCookie } = await h.signIn();
    expect(cookieNamed(setCookie, 'token')?.attributes.secure).toBe(true);
    const res = await fetch(`${h.baseUrl}/healthz`);
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('answers 500 with a generic message when identity fails unexpectedly, and logs it with the request id', async () => {
    const { token } = await h.signIn();
    await h.database.db.close(); // identity's database goes away under it
    const requestId = 'req-identity-down-01';
    const r = await h.query('user.me', undefined, { ...bearer(token), 'x-request-id': requestId });
    expect(r.status).toBe(500);
    expect(r.body.error?.message).toBe(INTERNAL_MESSAGE);
    expect(r.body.error?.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', requestId });
    expect(r.body.error?.data).not.toHaveProperty('stack');
    expect(JSON.stringify(r.body)).not.toMatch(/pool|postgres|\.ts:/i);
    expect(h.logs.some((line) => line.requestId === requestId && line.level === 50)).toBe(true);
    // Readiness tells the orchestrator the gateway cannot serve.
    const ready = await fetch(`${h.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
  });
});
