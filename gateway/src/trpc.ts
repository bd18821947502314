import { transformer } from '@fleet/domain';
import { refuseNul } from '@fleet/platform';
import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from '@trpc/server';
import type { Context, Session, SignedInCaller } from './context';
import { formatError, toClientError } from './errors';
import { authorise, type ProcedureAccess, type ProcedureMeta } from './guard';
import { chargeCall } from './rate-limits';

export type { ProcedureAccess, ProcedureMeta } from './guard';

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
    // Streams (subscriptions over server-sent events) say they are alive every 15 s, so proxies keep
    // them open and a client whose stream went quiet for 30 s reconnects.
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 30_000 } },
    errorFormatter: ({ error, shape, ctx }) => formatError({ error, shape, ctx }),
  });

/**
 * The one guard: charges the call to its caller's rate limits, enforces the procedure's declared access
 * (before its input is parsed), refuses an input carrying the NUL character anywhere (one walk of the
 * raw input, for every procedure, before its own parser), then maps whatever the procedure fails with
 * to the error the client should see.
 */
const guard = t.middleware(async ({ ctx, meta, path, getRawInput, next }) => {
  let session: Session | undefined;
  try {
    // Unreadable input is still charged; the input parser reports it afterwards.
    await chargeCall(ctx, meta, await getRawInput().catch(() => undefined));
    session = await authorise(meta, ctx, path);
    refuseNul(await getRawInput());
  } catch (error) {
    throw toClientError(getTRPCErrorFromUnknown(error), ctx.logger, path);
  }
  const result = await next({ ctx: { session } });
  if (!result.ok) throw toClientError(result.error, ctx.logger, path);
  return result;
});

// `t.procedure` is never exported: every procedure starts from one of these builders, so every
// procedure has declared what it needs (test/router.test.ts walks the router to check).
const guarded = t.procedure.use(guard);

/** Anyone may call it, signed in or not. */
export const publicProcedure = guarded.meta({ permission: 'public' });

/** A step of signing in: public, and rate-limited per client address and per phone. */
export const signInProcedure = guarded.meta({ permission: 'public', signInStep: true });

/** A builder for procedures that need a session; the context then carries the signed-in caller. */
function needingSession(permission: Exclude<ProcedureAccess, 'public'>) {
  return guarded.meta({ permission }).use(({ ctx, next }) => {
    // The guard has checked the session; this only narrows the context's types.
    if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    const session: Session = ctx.session;
    const caller: SignedInCaller = session.caller;
    return next({ ctx: { session, caller } });
  });
}

/** Needs a valid session, no particular permission. */
export const signedInProcedure = needingSession('signed-in');

/** Needs a valid session holding `permission`. */
export function procedureNeeding(permission: Exclude<ProcedureAccess, 'public' | 'signed-in' | 'driver'>) {
  return needingSession(permission);
}

/** Needs a driver's session: the driver app's procedures, each fenced to that driver's own duties. */
export const driverProcedure = needingSession('driver');

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
