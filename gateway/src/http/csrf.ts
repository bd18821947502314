// Cross-site request forgery defences for cookie-authenticated requests: a state-changing request must
// come from the gateway's own origin (or an allowed one) and must be JSON, which a plain HTML form or a
// "simple" cross-site fetch cannot send without a CORS preflight.
import type { RequestHandler } from 'express';
import { replyWithError } from './reply';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function normaliseOrigin(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

const mediaType = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase();

/** `accepts`: the body type a state-changing request must carry (JSON, or raw bytes for uploads). */
export function csrfProtection(
  allowedOrigins: readonly string[],
  accepts: 'application/json' | 'application/octet-stream' = 'application/json',
): RequestHandler {
  const allowed = new Set(allowedOrigins.map(normaliseOrigin).filter((o): o is string => !!o));
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin !== undefined) {
      const own = normaliseOrigin(`${req.protocol}://${req.host}`);
      const given = normaliseOrigin(origin);
      if (!given || (given !== own && !allowed.has(given))) {
        replyWithError(req, res, 403, 'FORBIDDEN', `Requests from ${origin} are not allowed.`, {
          reason: 'ORIGIN_NOT_ALLOWED',
        });
        return;
      }
    }
    if (mediaType(req.get('content-type')) !== accepts) {
      replyWithError(req, res, 415, 'UNSUPPORTED_MEDIA_TYPE', `Send the request body as ${accepts}.`, {
        reason: 'UNSUPPORTED_MEDIA_TYPE',
      });
      return;
    }
    next();
  };
}
