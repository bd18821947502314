import { transformer } from '@fleet/domain';
import type { AppRouter } from '@fleet/gateway';
import { createTRPCClient, httpBatchLink } from '@trpc/client';

/**
 * A tRPC client as the web app builds one: batched, superjson. jest's node environment builds objects
 * from fetch().json() outside the test realm, so responses are parsed from text here.
 */
export function trpcClient(baseUrl: string, headers: () => Record<string, string> = () => ({})) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl}/api/trpc`,
        transformer,
        headers,
        async fetch(url, options) {
          const res = await fetch(url, options as RequestInit);
          const text = await res.text();
          return {
            ok: res.ok,
            status: res.status,
            statusText: res.statusText,
            headers: res.headers,
            json: async () => JSON.parse(text),
          } as never;
        },
      }),
    ],
  });
}
