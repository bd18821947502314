// Calls and their timing, as every gateway benchmark makes them: `time` (n calls at a concurrency, with
// the CPU they cost from a meter), `paced` (people at a person's pace), and the gateway called as the web
// app calls it (`trpc`, `setup`, `signUp`). Light on purpose: the load generator's worker thread
// (load-worker.ts) loads this and nothing of the product.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { transformer } from '@fleet/domain';

export interface Figure {
  p50: number;
  p95: number;
  perSecond: number;
  /** CPU milliseconds per call, by process group. */
  cpu: Record<string, number>;
}
/** CPU seconds used so far by each group of processes. */
export type CpuMeter = () => Record<string, number>;
/** CPU milliseconds per call, by group, from a meter's readings before and after `n` calls. */
export const cpuPerCall = (before: Record<string, number>, after: Record<string, number>, n: number) =>
  Object.fromEntries(
    Object.entries(after).map(([group, s]) => [group, ((s - (before[group] ?? 0)) * 1000) / n]),
  );

export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** A kept-alive connection the server had closed, met on reuse (fetch's TypeError, node:http's code). */
const reset = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof Error && 'code' in error && (error.code === 'ECONNRESET' || error.code === 'EPIPE'));

/** `n` calls of `call` by `concurrency` clients at once, after `warmup` calls; any failure stops the run. */
export async function time(
  call: () => Promise<unknown>,
  concurrency: number,
  meter: CpuMeter,
  { n, warmup }: { n: number; warmup: number },
): Promise<Figure> {
  // The first call may find the keep-alive connection reset while an earlier figure held the thread.
  await call().catch((error) => {
    if (!reset(error)) throw error;
  });
  // Warmed at the concurrency measured, so every client's kept-alive connection is open before timing.
  let warmed = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, Math.max(1, warmup)) }, async () => {
      while (warmed < warmup) {
        warmed += 1;
        await call();
      }
    }),
  );
  const samples: number[] = [];
  let next = 0;
  const cpuBefore = meter();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next += 1;
        const t0 = performance.now();
        await call();
        samples.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;
  const cpuAfter = meter();
  samples.sort((a, b) => a - b);
  return {
    p50: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    perSecond: (samples.length / elapsed) * 1000,
    cpu: cpuPerCall(cpuBefore, cpuAfter, n),
  };
}

/**
 * `clients` people each asking once every `everyMs` (starting spread over the first interval), until `n`
 * calls are answered: the latency a screen's users see at a person's pace, where `time` measures the
 * machine flat out. Any failure stops the run.
 */
export async function paced(
  call: () => Promise<unknown>,
  clients: number,
  everyMs: number,
  n: number,
): Promise<Pick<Figure, 'p50' | 'p95' | 'perSecond'>> {
  const samples: number[] = [];
  const started = performance.now();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      await sleep((everyMs * client) / clients);
      while (samples.length < n) {
        const t0 = performance.now();
        await call();
        samples.push(performance.now() - t0);
        await sleep(everyMs - (performance.now() - t0));
      }
    }),
  );
  const elapsed = performance.now() - started;
  samples.sort((a, b) => a - b);
  return {
    p50: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    perSecond: (samples.length / elapsed) * 1000,
  };
}

// ── the gateway as the web app calls it ──────────────────────────────────────────────────────────

// The load generator shares the machine's two cores with the product, so its own cost per call is the
// product's loss: node:http on kept-alive connections costs a fraction of fetch's CPU per call. The
// request is the web app's: the same URL, the same headers, gzip accepted.
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function exchange(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent, headers: { 'accept-encoding': 'gzip', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const bytes = response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: response.statusCode ?? 0, text: bytes.toString('utf8') });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

type Serialized = Parameters<typeof transformer.deserialize>[0];

/** A tRPC call answered 200, its data as the transformer restores it. */
export async function trpc(base: string, path: string, input: unknown, token?: string, method = 'GET') {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const encoded = input === undefined ? undefined : JSON.stringify(transformer.serialize(input));
  const answer =
    method === 'GET'
      ? await exchange(
          `${base}/api/trpc/${path}${encoded === undefined ? '' : `?input=${encodeURIComponent(encoded)}`}`,
          'GET',
          headers,
        )
      : await exchange(
          `${base}/api/trpc/${path}`,
          'POST',
          { 'content-type': 'application/json', ...headers },
          encoded ?? '',
        );
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
  const body = JSON.parse(answer.text) as { result?: { data: Serialized } };
  return (body.result ? transformer.deserialize(body.result.data) : undefined) as Record<string, unknown>;
}

/**
 * A setup call: PGlite runs in the gateway's own thread, so a bulk insert can hold it past the
 * server's keep-alive timeout and a reused connection is then reset; setup calls try once more.
 */
export async function setup(base: string, path: string, input: unknown, token?: string, method = 'GET') {
  try {
    return await trpc(base, path, input, token, method);
  } catch (error) {
    if (!reset(error)) throw error;
    return trpc(base, path, input, token, method);
  }
}

/** Signs a phone up with its test code as a new operator: the session's token and the operator's id. */
export async function signUp(base: string, phone: string, code: string, operatorName: string) {
  await setup(base, 'auth.requestOtp', { phone }, undefined, 'POST');
  const { token } = (await setup(
    base,
    'auth.verifyOtp',
    { phone, code, operatorName },
    undefined,
    'POST',
  )) as { token: string };
  const me = (await setup(base, 'user.me', undefined, token)) as { tenant: { id: string } };
  return { token, tenantId: me.tenant.id };
}
