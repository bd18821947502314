// The load generator on a thread of its own: it calls the gateway as the web app does (`trpc`) and times
// the calls (`time`), telling its parent when the measured calls begin and end so the parent reads the
// CPU meters then. An embedded product runs its JavaScript and PGlite on the main thread; a load
// generator sharing that thread would take its work from the product it measures, where a browser would
// not. Started through load-worker.mjs, which lets a worker thread load TypeScript.
import { parentPort, workerData } from 'node:worker_threads';
import { time, trpc } from './calls';

export interface LoadJob {
  base: string;
  path: string;
  input: unknown;
  token: string;
  concurrency: number;
  n: number;
  warmup: number;
}

export type LoadMessage =
  | { kind: 'measuring' }
  | { kind: 'measured' }
  | { kind: 'figure'; p50: number; p95: number; perSecond: number };

const job = workerData as LoadJob;
const tell = (message: LoadMessage) => parentPort?.postMessage(message);
let readings = 0;
const figure = await time(
  () => trpc(job.base, job.path, job.input, job.token),
  job.concurrency,
  // `time` reads its meter once before the measured calls and once after them.
  () => {
    tell({ kind: readings++ === 0 ? 'measuring' : 'measured' });
    return {};
  },
  { n: job.n, warmup: job.warmup },
);
tell({ kind: 'figure', p50: figure.p50, p95: figure.p95, perSecond: figure.perSecond });
