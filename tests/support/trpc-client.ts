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

/** One message of a tRPC stream: a value the subscription yielded, or the error it ended with. */
export type TrpcStreamMessage = { kind: 'data'; value: unknown } | { kind: 'error'; error: TrpcError };

export interface TrpcStream {
  status: number;
  /** The next value or error, skipping the stream's own connected and ping messages. */
  next(): Promise<TrpcStreamMessage>;
  close(): void;
}

/**
 * A tRPC subscription (GET, server-sent events) read as a browser's EventSource would: its `data:`
 * messages decoded by the transformer, its `serialized-error` as the error it ended with.
 */
export async function trpcStream(
  baseUrl: string,
  path: string,
  input?: unknown,
  headers: Record<string, string> = {},
): Promise<TrpcStream> {
  const aborting = new AbortController();
  const search =
    input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(transformer.serialize(input)))}`;
  const res = await fetch(`${baseUrl}/api/trpc/${path}${search}`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: aborting.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const nextBlock = async (): Promise<string> => {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        return block;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream of ${path} ended`);
      buffered += value;
    }
  };
  return {
    status: res.status,
    async next() {
      for (;;) {
        const lines = (await nextBlock()).split('\n');
        const event =
          lines
            .find((l) => l.startsWith('event:'))
            ?.slice(6)
            .trim() ?? 'message';
        const data = lines
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trimStart())
          .join('\n');
        if (event === 'serialized-error') {
          return { kind: 'error', error: transformer.deserialize<TrpcError>(JSON.parse(data)) };
        }
        if (event === 'message' && data)
          return { kind: 'data', value: transformer.deserialize(JSON.parse(data)) };
      }
    },
    close: () => aborting.abort(),
  };
}
