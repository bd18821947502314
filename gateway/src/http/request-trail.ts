// What every request leaves behind: its id (kept from x-request-id when sane, else made; echoed back),
// its duration in the metrics, a logger carrying the id for whatever its handlers log, and one line in
// the log when it is answered. pino-http did the last two by making two child loggers per request and
// serialising the request into them, logged or not; the profile of a cached call put that at a
// twentieth of the gateway's work. Here the logger is made only when a handler asks for it.
import { httpDuration, type Logger, withRequestId } from '@fleet/platform';
import type { Request, RequestHandler } from 'express';
import { requestIdFrom } from './request-id';

declare global {
  namespace Express {
    interface Request {
      /** The gateway's logger with this request's id: made on first use. */
      log: Logger;
    }
  }
}

export interface RequestTrailOptions {
  logger: Logger;
  /** The route label of the duration metric (`trpc`, `api`, `web`…). */
  routeOf(req: Request): string;
  /** Requests answered without a line in the log (the probes'). */
  unlogged(req: Request): boolean;
  /** The path as the log may show it (no query, no secret in it). */
  pathOf(req: Request): string;
}

export function requestTrail({ logger, routeOf, unlogged, pathOf }: RequestTrailOptions): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.locals.requestId = requestId;
    res.setHeader('x-request-id', requestId);
    let log: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => {
        log ??= withRequestId(logger, requestId);
        return log;
      },
    });
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const answered = res.writableFinished;
      if (answered) httpDuration.observe({ route: routeOf(req), status: String(res.statusCode) }, seconds);
      if (unlogged(req)) return;
      const failed = answered && res.statusCode >= 500;
      if (!logger.isLevelEnabled(failed ? 'error' : 'info')) return;
      const line = {
        requestId,
        req: { id: requestId, method: req.method, url: pathOf(req) },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(seconds * 1000),
      };
      if (failed) logger.error(line, 'request errored');
      else logger.info(line, answered ? 'request completed' : 'request aborted');
    });
    next();
  };
}
