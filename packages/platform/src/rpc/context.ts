import { createContextKey, type HandlerContext, type Interceptor } from '@connectrpc/connect';
import {
  CALLER_HEADER,
  type Caller,
  type CallerCodec,
  REQUEST_ID_HEADER,
  requireDriver,
  requireTenant,
} from '../caller';
import { toConnectError, unauthenticated } from '../errors';
import { type Logger, withRequestId } from '../logger';
import { rpcDuration } from '../metrics';
import { refuseNul } from '../validation';

const callerKey = createContextKey<Caller | undefined>(undefined, { description: 'verified caller' });
const loggerKey = createContextKey<Logger | undefined>(undefined, { description: 'request logger' });

/** The verified caller of the current call; UNAUTHENTICATED when the call carried none. */
export function callerOf(ctx: HandlerContext): Caller {
  const caller = ctx.values.get(callerKey);
  if (!caller) throw unauthenticated('This call needs a signed-in caller.');
  return caller;
}

/** The caller, who must be a signed-in member of an operator. */
export function tenantCallerOf(ctx: HandlerContext) {
  return requireTenant(callerOf(ctx));
}

/** The driver app's caller: a DRIVER acting for one driver master (see requireDriver). */
export function driverCallerOf(ctx: HandlerContext) {
  return requireDriver(callerOf(ctx));
}

export function loggerOf(ctx: HandlerContext, fallback: Logger): Logger {
  return ctx.values.get(loggerKey) ?? fallback;
}

/**
 * Server-side: verifies the caller token, refuses a request carrying the NUL character in any of its
 * strings (direct gRPC callers have no gateway in front), gives the handler a logger carrying the
 * request id, turns any thrown error into the shared vocabulary, and records the call's duration.
 */
export function serverInterceptors(options: {
  service: string;
  codec: CallerCodec;
  logger: Logger;
}): Interceptor[] {
  const { codec, logger, service } = options;
  const interceptor: Interceptor = (next) => async (req) => {
    const started = process.hrtime.bigint();
    const method = req.method.name;
    let code = 'OK';
    const converted = (error: unknown) => {
      const connectError = toConnectError(error);
      code = String(connectError.code);
      if (connectError.code === 13 /* Internal */) {
        logger.error({ err: error, rpc: method }, 'unexpected error in rpc handler');
      }
      return connectError;
    };
    try {
      const token = req.header.get(CALLER_HEADER);
      const caller = token ? await codec.verify(token) : undefined;
      const requestId = caller?.requestId ?? req.header.get(REQUEST_ID_HEADER) ?? undefined;
      req.contextValues.set(callerKey, caller);
      req.contextValues.set(loggerKey, withRequestId(logger, requestId).child({ rpc: method }));
      if (!req.stream) refuseNul(req.message);
      const res = await next(req);
      // A streamed answer fails while it is read, after this call has returned: convert there too.
      return res.stream
        ? { ...res, message: convertingErrors(res.message, (error) => converted(error)) }
        : res;
    } catch (error) {
      throw converted(error);
    } finally {
      rpcDuration.observe({ service, method, code }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
  return [interceptor];
}

async function* convertingErrors<T>(messages: AsyncIterable<T>, convert: (error: unknown) => Error) {
  try {
    yield* messages;
  } catch (error) {
    throw convert(error);
  }
}
