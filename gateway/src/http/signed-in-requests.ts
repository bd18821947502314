// What the gateway's plain HTTP routes (file uploads and downloads, printed documents) share with its
// procedures: the request is charged to the caller's rate limits, needs a signed-in session, and a
// failure answers in the same JSON error shape and status a tRPC call would.
import { fromConnectError, trpcCodeFor } from '@fleet/platform';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { Request, Response } from 'express';
import type { Context } from '../context';
import { chargeFileRequest } from '../rate-limits';
import { replyWithError } from './reply';

const HTTP_STATUS: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  TOO_MANY_REQUESTS: 429,
};

export function signedInRequests(contextOf: (req: Request, res: Response) => Context, what: string) {
  function fail(req: Request, res: Response, error: unknown) {
    const domain = fromConnectError(error);
    const code = (trpcCodeFor[domain.code] ?? 'INTERNAL_SERVER_ERROR') as TRPC_ERROR_CODE_KEY;
    if (code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error }, `unexpected error with ${what}`);
    const message =
      code === 'INTERNAL_SERVER_ERROR' ? 'Something went wrong on our side; try again.' : domain.message;
    const retryAfterSeconds = domain.retryAfterSeconds > 0 ? domain.retryAfterSeconds : undefined;
    if (retryAfterSeconds) res.set('Retry-After', String(retryAfterSeconds));
    const fieldErrors = domain.fieldViolations.length
      ? Object.fromEntries(domain.fieldViolations.map((v) => [v.field, v.message]))
      : undefined;
    replyWithError(req, res, HTTP_STATUS[code] ?? 500, code, message, {
      reason: domain.reason,
      retryAfterSeconds,
      fieldErrors,
    });
  }

  /** The session sending, after charging the request to its rate limits; undefined when answered. */
  async function signedIn(req: Request, res: Response) {
    const ctx = contextOf(req, res);
    try {
      await chargeFileRequest(ctx);
    } catch (error) {
      fail(req, res, error);
      return undefined;
    }
    const result = await ctx.authenticate();
    if (!result.ok) {
      replyWithError(req, res, 401, 'UNAUTHORIZED', result.message);
      return undefined;
    }
    return result.session;
  }

  return { signedIn, fail };
}
