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

export interface TrpcAnswer {
  status: number;
  headers: Headers;
  /** The transformer-decoded body: `{ result: { data } }` or `{ error: { message, code, data } }`. */
  body: {
    result?: { data: unknown };
    error?: { message: string; code: number; data: Record<string, unknown> };
  };
  setCookie: string[];
}

type Serialized = Parameters<typeof transformer.deserialize>[0];
type TrpcError = NonNullable<TrpcAnswer['body']['error']>;

function decode(json: { result?: { data: Serialized }; error?: Serialized }): TrpcAnswer['body'] {
  if (json.error) return { error: transformer.deserialize<TrpcError>(json.error) };
  if (json.result) return { result: { data: transformer.deserialize(json.result.data) } };
  return {};
}

async function answer(res: Response): Promise<TrpcAnswer> {
  const text = await res.text();
  const json = text ? JSON.parse(text) : {};
  return {
    status: res.status,
    headers: res.headers,
    body: decode(json),
    setCookie: res.headers.getSetCookie(),
  };
}

/** The raw HTTP answer of a tRPC query (GET), as a browser's address bar would ask it, without a client. */
export async function trpcQuery(
  baseUrl: string,
  path: string,
  input?: unknown,
  headers: Record<string, string> = {},
): Promise<TrpcAnswer> {
  const search =
    input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(transformer.serialize(input)))}`;
  return answer(await fetch(`${baseUrl}/api/trpc/${path}${search}`, { headers }));
}

/** The raw HTTP answer of a tRPC mutation (POST). */
export async function trpcMutate(
  baseUrl: string,
  path: string,
  input?: unknown,
  headers: Record<string, string> = {},
): Promise<TrpcAnswer> {
  return answer(
    await fetch(`${baseUrl}/api/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(transformer.serialize(input)),
    }),
  );
}
