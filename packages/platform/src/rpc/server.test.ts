// The gRPC server over a real socket: many calls in flight at once, and a shutdown that cuts off the
// calls still running when its grace runs out.
import { spawnSync } from 'node:child_process';
import { createClient } from '@connectrpc/connect';
import { Health } from '@fleet/proto/grpc/health/v1/health_pb';
import { createCallerCodec } from '../caller';
import { createLogger } from '../logger';
import { createServiceTransport } from './client';
import { createHealthReporter, type HealthProbe } from './health';
import { startRpcServer } from './server';

const codec = createCallerCodec('rpc-server-tests-secret-0123456789abcdef');
const logger = createLogger({ name: 'rpc-server-test', level: 'silent' });

/** A server whose health check waits on `probe`, and a client of it over HTTP/2. */
async function serverWaitingOn(probe: HealthProbe) {
  const server = await startRpcServer({
    service: 'waiting',
    routes: () => {},
    health: createHealthReporter([], { probe }),
    codec,
    logger,
    port: 0,
    host: '127.0.0.1',
  });
  const transport = createServiceTransport(
    { kind: 'network', baseUrl: `http://127.0.0.1:${server.port}` },
    codec,
  );
  return { server, health: createClient(Health, transport) };
}

describe('the gRPC server', () => {
  // Node prints its warnings to the process's stderr (jest's sandbox never sees them), so this runs
  // the server in a process of its own, as a service runs, and reads what that process printed.
  it('holds 32 calls in flight at once without a listener per call on one shared AbortSignal', () => {
    const script = `
      import { createClient } from '@connectrpc/connect';
      import { Health } from '@fleet/proto/grpc/health/v1/health_pb';
      import { createCallerCodec, createHealthReporter, createLogger, createServiceTransport, startRpcServer } from '@fleet/platform';
      const concurrent = 32;
      let arrived = 0;
      let releaseAll;
      const allArrived = new Promise((resolve) => { releaseAll = resolve; });
      const codec = createCallerCodec('rpc-server-tests-secret-0123456789abcdef');
      const server = await startRpcServer({
        service: 'waiting', routes: () => {}, codec, port: 0, host: '127.0.0.1',
        logger: createLogger({ name: 'rpc-server-test', level: 'silent' }),
        // Every call waits until all of them are inside the server together.
        health: createHealthReporter([], {
          async probe() { arrived += 1; if (arrived === concurrent) releaseAll(); await allArrived; },
        }),
      });
      const health = createClient(Health, createServiceTransport({ kind: 'network', baseUrl: 'http://127.0.0.1:' + server.port }, codec));
      const answers = await Promise.all(Array.from({ length: concurrent }, () => health.check({ service: '' })));
      await server.close(100);
      console.log('answered ' + answers.length + ' calls held together');
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      cwd: process.cwd(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout.trim()).toBe('answered 32 calls held together');
    expect(run.stderr).not.toContain('MaxListenersExceededWarning');
    expect(run.status).toBe(0);
  });

  it('cuts off a call still running when the grace of close() runs out', async () => {
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const { server, health } = await serverWaitingOn(() => {
      entered();
      return new Promise(() => {}); // never answers
    });
    // Connect's client keeps a call's deadline timer after the server cuts the call off: a short one.
    const outcome = health.check({ service: '' }, { timeoutMs: 1_000 }).then(
      () => 'answered',
      () => 'cut off',
    );
    await inside;
    const started = Date.now();
    await server.close(100);
    expect(await outcome).toBe('cut off');
    expect(Date.now() - started).toBeLessThan(900);
  });
});
