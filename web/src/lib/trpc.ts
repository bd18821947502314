import type { AppRouter } from '@fleet/gateway';
import { transformer } from '@fleet/gateway/transformer';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { isPublicPath, SIGN_IN_PATH } from './paths';

/** Spec §9: a batched GET is split before its URL passes this many characters. */
export const MAX_URL_LENGTH = 2083;
const url = '/api/trpc';

/**
 * One link to /api/trpc: batched (split when the URL would pass 2083 characters), except a call
 * flagged `context: { skipBatch: true }`, which goes alone. The session travels in the HttpOnly `token`
 * cookie, which the browser sends with every same-origin call.
 */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.context.skipBatch === true,
      true: httpLink({ url, transformer }),
      false: httpBatchLink({ url, transformer, maxURLLength: MAX_URL_LENGTH }),
    }),
  ],
});

export const isUnauthorized = (error: unknown) =>
  error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';

/** Spec §8: an UNAUTHORIZED answer outside the public pages sends the browser to sign in. */
function onError(error: unknown) {
  if (isUnauthorized(error) && !isPublicPath(window.location.pathname)) {
    queryClient.clear();
    const from = window.location.pathname + window.location.search;
    window.location.assign(`${SIGN_IN_PATH}?redirect=${encodeURIComponent(from)}`);
  }
}

/** Spec §7 and §9: never retry, never refetch on focus, drop unused data after 5 minutes. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, gcTime: 5 * 60 * 1000, staleTime: 1000 },
    mutations: { retry: false },
  },
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The person-readable message of a failed call, and its field errors for forms. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  return ((error.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {}) as Record<
    string,
    string
  >;
}

export function retryAfterOf(error: unknown): number {
  if (!(error instanceof TRPCClientError)) return 0;
  return Number((error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 0);
}

export function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data as { reason?: string } | undefined)?.reason;
}
