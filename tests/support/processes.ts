import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { envPrefixOf, type ModuleTable } from '@fleet/platform';

// Below Linux's ephemeral range (32768–60999): a port the OS hands to some other test's listen(0) or
// outgoing connection between our probe and a child process binding it would fail that child with
// EADDRINUSE. Only another explicit pick can land here, and picks are spread over 12,000 ports.
const FIRST_PICKED_PORT = 20_000;
const PICKED_PORTS = 12_000;

const listensOn = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port nobody is listening on right now, outside the range the OS gives out by itself. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = FIRST_PICKED_PORT + Math.floor(Math.random() * PICKED_PORTS);
    if (await listensOn(port)) return port;
  }
  throw new Error('no free port found below the ephemeral range');
}

/**
 * Free ports for every process `distributedPlan` starts, as the variables it reads:
 * `<SERVICE>_GRPC_PORT` and `<SERVICE>_METRICS_PORT` per service of the table, `GATEWAY_METRICS_PORT`.
 */
export async function freeDistributedPorts(table: ModuleTable): Promise<Record<string, string>> {
  const ports: Record<string, string> = { GATEWAY_METRICS_PORT: String(await freePort()) };
  for (const service of table) {
    ports[`${envPrefixOf(service.name)}_GRPC_PORT`] = String(await freePort());
    ports[`${envPrefixOf(service.name)}_METRICS_PORT`] = String(await freePort());
  }
  return ports;
}

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Starts `node --import tsx product/src/main.ts <module>` from the repository root; `nodeArgs` go to
 * node first (a benchmark's `--cpu-prof`, say).
 */
export function startModule(
  module: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): RunningProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'product/src/main.ts', module], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  return {
    child,
    output: () => output,
    stop() {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15000).unref();
      });
    },
  };
}

/** Polls a URL until it answers 200 (or the process dies, or time runs out). */
export async function waitForHttp(url: string, proc: RunningProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`process exited early:\n${proc.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${proc.output()}`);
}
