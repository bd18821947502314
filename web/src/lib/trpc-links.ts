import { transformer } from '@fleet/domain';
import type { AppRouter } from '@fleet/gateway';
import { httpBatchLink, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';

/** Spec §9: a batched GET is split before its URL passes this many characters. */
export const MAX_URL_LENGTH = 2083;

/**
 * One link to /api/trpc: batched (split when the URL would pass 2083 characters), except a call
 * flagged `context: { skipBatch: true }`, which goes alone, and a subscription, which is a stream of
 * server-sent events (EventSource, reconnecting by itself). The session travels in the HttpOnly `token`
 * cookie, which the browser sends with every same-origin call.
 */
export function createLinks(url = '/api/trpc', fetch?: typeof globalThis.fetch) {
  return [
    splitLink<AppRouter>({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url, transformer }),
      false: splitLink<AppRouter>({
        condition: (op) => op.context.skipBatch === true,
        true: httpLink({ url, transformer, fetch }),
        false: httpBatchLink({ url, transformer, maxURLLength: MAX_URL_LENGTH, fetch }),
      }),
    }),
  ];
}
