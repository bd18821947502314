import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One registry per process; every module adds its metrics here. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const rpcDuration = new Histogram({
  name: 'fleet_rpc_server_duration_seconds',
  help: 'Time to handle a gRPC call, by service, method and status code.',
  labelNames: ['service', 'method', 'code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'fleet_http_request_duration_seconds',
  help: 'Time to answer an HTTP request at the gateway, by route kind and status.',
  labelNames: ['route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

/** A plain HTTP/1.1 listener for Prometheus (gRPC ports speak HTTP/2 only). */
export async function startMetricsServer(
  port: number,
  host = '0.0.0.0',
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    if (req.url === '/metrics') {
      res.setHeader('content-type', metricsRegistry.contentType);
      res.end(await metricsRegistry.metrics());
      return;
    }
    if (req.url === '/healthz') {
      res.end('ok');
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
