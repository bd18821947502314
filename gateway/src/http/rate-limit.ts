import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { replyWithError } from './reply';

/** Per client IP (as `trust proxy` resolves it): `perMinute` requests in any minute, then 429. */
export function rateLimit(perMinute: number): RequestHandler {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  return async (req, res, next) => {
    try {
      await limiter.consume(req.ip ?? req.socket.remoteAddress ?? 'unknown');
      next();
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) return next(error);
      const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      res.set('Retry-After', String(retryAfterSeconds));
      replyWithError(
        req,
        res,
        429,
        'TOO_MANY_REQUESTS',
        'Too many requests. Please wait a moment and try again.',
        {
          reason: 'RATE_LIMITED',
          retryAfterSeconds,
        },
      );
    }
  };
}
