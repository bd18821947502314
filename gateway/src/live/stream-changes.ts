import { TRPCError } from '@trpc/server';
import type { Context, Session } from '../context';
import type { DutyChange } from './duty-changes';

/**
 * The duty changes of the reader's operator that `keep` lets through, for as long as the reader is still
 * signed in and still allowed (`allowed`, asked of the session as identity now describes it) — checked
 * again before each change is sent, so a signed-out, deactivated or narrowed reader hears no more.
 */
export async function* streamDutyChanges(
  ctx: Context,
  session: Session,
  signal: AbortSignal | undefined,
  options: { allowed(session: Session): boolean; keep(change: DutyChange): boolean },
): AsyncGenerator<DutyChange> {
  const ended = signal ?? new AbortController().signal;
  for await (const change of ctx.dutyChanges.listen(session.caller.tenantId, ended)) {
    if (!options.keep(change)) continue;
    const now = await ctx.reauthenticate();
    if (!now.ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: now.message });
    if (!options.allowed(now.session)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You may no longer follow these duties.' });
    }
    yield change;
  }
}
