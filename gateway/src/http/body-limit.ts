import type { RequestHandler } from 'express';
import { replyWithError } from './reply';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Refuses a body announced as larger than the limit before reading it. Bodies without a length
 * (chunked) are cut off by tRPC's own `maxBodySize` with the same limit.
 */
export function bodyLimit(maxBytes = MAX_BODY_BYTES): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.get('content-length') ?? 0);
    if (length > maxBytes) {
      res.set('Connection', 'close');
      replyWithError(
        req,
        res,
        413,
        'PAYLOAD_TOO_LARGE',
        `The request is too large (the limit is ${maxBytes} bytes).`,
        {
          reason: 'PAYLOAD_TOO_LARGE',
        },
      );
      return;
    }
    next();
  };
}
