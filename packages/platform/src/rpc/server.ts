import http2 from 'node:http2';
import type { ConnectRouter } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import type { CallerCodec } from '../caller';
import type { Logger } from '../logger';
import { serverInterceptors } from './context';
import { type HealthReporter, registerHealth } from './health';

export interface RpcServerOptions {
  service: string;
  routes: (router: ConnectRouter) => void;
  health: HealthReporter;
  codec: CallerCodec;
  logger: Logger;
  port: number;
  host?: string;
  /** Calls asking for a longer deadline are capped to this. */
  maxTimeoutMs?: number;
}

export interface RpcServer {
  readonly port: number;
  /** Stops accepting, lets in-flight calls finish (up to graceMs), then closes. */
  close(graceMs?: number): Promise<void>;
}

/** gRPC (and gRPC-Web and Connect) over cleartext HTTP/2, with the standard health service. */
export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  // No `shutdownSignal`: Connect would link every call's signal to that one process-wide signal, one
  // listener per call in flight (32 concurrent calls, 32 listeners: MaxListenersExceededWarning). Each
  // call's signal already follows its HTTP/2 stream, and close() below destroys the sessions when the
  // grace runs out, which aborts every call still running.
  const handler = connectNodeAdapter({
    routes: (router) => {
      options.routes(router);
      registerHealth(router, options.health);
    },
    interceptors: serverInterceptors({
      service: options.service,
      codec: options.codec,
      logger: options.logger,
    }),
    maxTimeoutMs: options.maxTimeoutMs ?? 60_000,
  });
  const server = http2.createServer(handler);
  const sessions = new Set<http2.Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '0.0.0.0', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  options.logger.info({ port }, 'gRPC server listening');
  return {
    port,
    async close(graceMs = 10_000) {
      options.health.shutDown();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // GOAWAY: clients open no new streams here; streams in flight run to completion.
      for (const session of sessions) session.close();
      const timer = setTimeout(() => {
        for (const session of sessions) session.destroy();
      }, graceMs);
      await closed;
      clearTimeout(timer);
    },
  };
}
