import type { AppRouter } from '@fleet/gateway';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { isPublicPath, SIGN_IN_PATH } from './paths';
import { createLinks } from './trpc-links';

export const trpcClient = createTRPCClient<AppRouter>({ links: createLinks() });

export const isUnauthorized = (error: unknown) =>
  error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';

let leaving = false;

/**
 * Sends the browser to sign in, once: after a logout the queries still on screen fail UNAUTHORIZED
 * too, and a second navigation would abort the first (and bring back the page just left).
 */
export function leaveForSignIn(redirect?: string): void {
  if (leaving) return;
  leaving = true;
  queryClient.clear();
  window.location.assign(
    redirect ? `${SIGN_IN_PATH}?redirect=${encodeURIComponent(redirect)}` : SIGN_IN_PATH,
  );
}

/** Spec §8: an UNAUTHORIZED answer outside the public pages sends the browser to sign in. */
function onError(error: unknown) {
  if (isUnauthorized(error) && !isPublicPath(window.location.pathname)) {
    leaveForSignIn(window.location.pathname + window.location.search);
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
