// Answers the gateway gives before a request reaches tRPC (refused, throttled, too large). Under
// /api/trpc they have tRPC's error shape, serialised with the shared transformer, so the web app's
// client reports them like any other error (TRPCClientError with data.code); elsewhere plain JSON.

import { transformer } from '@fleet/domain';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { Request, Response } from 'express';

const JSON_RPC_CODE: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  PAYLOAD_TOO_LARGE: -32013,
  UNSUPPORTED_MEDIA_TYPE: -32015,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
};

export const TRPC_PATH = '/api/trpc';

export function replyWithError(
  req: Request,
  res: Response,
  status: number,
  code: TRPC_ERROR_CODE_KEY,
  message: string,
  extra: { reason?: string; retryAfterSeconds?: number; fieldErrors?: Record<string, string> } = {},
): void {
  const requestId = (res.locals.requestId as string | undefined) ?? null;
  const data = {
    code,
    httpStatus: status,
    reason: extra.reason ?? null,
    fieldErrors: extra.fieldErrors ?? null,
    retryAfterSeconds: extra.retryAfterSeconds ?? null,
    requestId,
  };
  res.status(status);
  const path = req.originalUrl.split('?')[0] ?? '';
  if (path === TRPC_PATH || path.startsWith(`${TRPC_PATH}/`)) {
    const one = { error: transformer.serialize({ message, code: JSON_RPC_CODE[code] ?? -32603, data }) };
    if (req.query.batch === '1' || req.query.batch === 'true') {
      const calls = Math.max(1, path.slice(TRPC_PATH.length + 1).split(',').length);
      res.json(Array.from({ length: calls }, () => one));
    } else {
      res.json(one);
    }
    return;
  }
  res.json({ error: { message, ...data } });
}
