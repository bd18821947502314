import { TRPCError } from '@trpc/server';
import type { Context, Session } from '../context';

/**
 * The events `keep` lets through, for as long as the reader is still signed in and still allowed
 * (`allowed`, asked of the session as identity now describes it) — checked again before each event is
 * sent, so a signed-out, deactivated or narrowed reader hears no more.
 */
export async function* streamWhileAllowed<T>(
  ctx: Context,
  events: AsyncIterable<T>,
  options: { allowed(session: Session): boolean; keep?(event: T): boolean },
): AsyncGenerator<T> {
  for await (const event of events) {
    if (options.keep && !options.keep(event)) continue;
    const now = await ctx.reauthenticate();
    if (!now.ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: now.message });
    if (!options.allowed(now.session)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You may no longer follow these changes.' });
    }
    yield event;
  }
}

/** The signal that ends a stream: the client's, or none (it ends with the gateway). */
export const streamEnd = (signal: AbortSignal | undefined) => signal ?? new AbortController().signal;
