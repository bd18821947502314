// The gateway's rate limits: one mechanism charging every procedure call and every file request, before
// it runs, in tokens per minute.
//
// What a call costs: 1 token; a list call 1 token per started 100 rows it asks for (its `limit`: 50
// rows cost 1, 101 cost 2, 1,000 cost 10), so a batch of N calls costs N and a big page more than a
// small one. A file upload or download costs 1.
// Who pays: a signed-in caller's session and their user (a whole office may share one address);
// a call without a session, its client address; a sign-in step, its client address and the phone it
// names, on budgets of their own (identity throttles sent codes and wrong codes besides).
//
// Each gateway replica counts in its own memory: behind a load balancer spreading a caller over N
// replicas, the caller gets up to N times each budget.
import { phoneSchema } from '@fleet/domain';
import { limitSchema } from '@fleet/domain/inputs';
import { DomainError } from '@fleet/platform';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Context } from './context';
import type { ProcedureMeta } from './guard';

const ROWS_PER_TOKEN = 100;
/** The largest page limitSchema lets a list call ask for. */
const LARGEST_PAGE = 1000;
/** What the most expensive call costs: a budget smaller than this could never let it through. */
export const MOST_TOKENS_PER_CALL = Math.ceil(LARGEST_PAGE / ROWS_PER_TOKEN);

export interface RateLimitSettings {
  /** Tokens a minute for each session, and for each client address's calls without one. */
  RATE_LIMIT_PER_MINUTE: number;
  /** Tokens a minute for all of one user's sessions together. */
  RATE_LIMIT_PER_USER_PER_MINUTE: number;
  RATE_LIMIT_SIGN_IN_PER_IP_PER_MINUTE: number;
  RATE_LIMIT_SIGN_IN_PER_PHONE_PER_MINUTE: number;
}

/** Who pays for a call, as far as the gateway knows before it runs. */
export type Payer =
  | { kind: 'session'; sessionId: string; userId: string }
  | { kind: 'address'; ip: string }
  | { kind: 'sign-in'; ip: string; phone: string | undefined };

export interface RateLimits {
  /**
   * Takes `tokens` from every budget the payer draws on; throws a RESOURCE_EXHAUSTED DomainError
   * (reason RATE_LIMITED, with the seconds until the budget refills) when one of them is spent.
   */
  charge(payer: Payer, tokens: number): Promise<void>;
}

export function createRateLimits(settings: RateLimitSettings): RateLimits {
  const perMinute = (points: number) => new RateLimiterMemory({ points, duration: 60 });
  const bySession = perMinute(settings.RATE_LIMIT_PER_MINUTE);
  const byUser = perMinute(settings.RATE_LIMIT_PER_USER_PER_MINUTE);
  const byAddress = perMinute(settings.RATE_LIMIT_PER_MINUTE);
  const signInByAddress = perMinute(settings.RATE_LIMIT_SIGN_IN_PER_IP_PER_MINUTE);
  const signInByPhone = perMinute(settings.RATE_LIMIT_SIGN_IN_PER_PHONE_PER_MINUTE);

  const budgetsOf = (payer: Payer): [RateLimiterMemory, string][] => {
    switch (payer.kind) {
      case 'session':
        return [
          [bySession, payer.sessionId],
          [byUser, payer.userId],
        ];
      case 'address':
        return [[byAddress, payer.ip]];
      case 'sign-in':
        return payer.phone
          ? [
              [signInByAddress, payer.ip],
              [signInByPhone, payer.phone],
            ]
          : [[signInByAddress, payer.ip]];
    }
  };

  return {
    async charge(payer, tokens) {
      for (const [limiter, key] of budgetsOf(payer)) {
        try {
          await limiter.consume(key, tokens);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          throw new DomainError(
            'RESOURCE_EXHAUSTED',
            'Too many requests. Please wait a moment and try again.',
            {
              reason: 'RATE_LIMITED',
              retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
            },
          );
        }
      }
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** What a call costs, from its input before the procedure checks it (an invalid `limit` costs 1). */
export function tokensFor(input: unknown): number {
  const limit = limitSchema.safeParse(isRecord(input) ? input.limit : undefined);
  return limit.success ? Math.ceil(limit.data / ROWS_PER_TOKEN) : 1;
}

/**
 * A caller who needs a session pays with it; without a valid one (absent, forged, expired, or identity
 * not answering), the client address pays.
 */
async function payerOf(ctx: Context): Promise<Payer> {
  const result = await ctx.authenticate().catch(() => undefined);
  if (!result?.ok) return { kind: 'address', ip: ctx.clientIp };
  const { caller } = result.session;
  // The person acting: a masquerading administrator spends their own budget, not the user's.
  return { kind: 'session', sessionId: caller.sessionId, userId: caller.actorUserId };
}

/** Charges one procedure call, before its access is checked or its input parsed. */
export async function chargeCall(
  ctx: Context,
  meta: Partial<ProcedureMeta> | undefined,
  rawInput: unknown,
): Promise<void> {
  if (meta?.signInStep) {
    const phone = phoneSchema.safeParse(isRecord(rawInput) ? rawInput.phone : undefined);
    await ctx.rateLimits.charge(
      { kind: 'sign-in', ip: ctx.clientIp, phone: phone.success ? phone.data : undefined },
      1,
    );
    return;
  }
  const payer: Payer =
    meta?.permission === 'public' ? { kind: 'address', ip: ctx.clientIp } : await payerOf(ctx);
  await ctx.rateLimits.charge(payer, tokensFor(rawInput));
}

/** Charges one file upload or download (they need a session). */
export async function chargeFileRequest(ctx: Context): Promise<void> {
  await ctx.rateLimits.charge(await payerOf(ctx), 1);
}
