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

export interface MetricsServerOptions {
  port: number;
  /**
   * The address it listens on: loopback unless something else must scrape it (in Kubernetes, the pod's
   * addresses, which no Service or Ingress routes to).
   */
  host: string;
  /**
   * The operator's view of readiness, served at GET /readyz with every detail it holds (the gateway:
   * each service it needs and what is wrong with it), which the public /readyz leaves out.
   */
  readiness?: () => Promise<{ ready: boolean }>;
}

/** A plain HTTP/1.1 listener for Prometheus and operators (gRPC ports speak HTTP/2 only). */
export async function startMetricsServer(
  options: MetricsServerOptions,
): Promise<{ port: number; close(): Promise<void> }> {
  const { readiness } = options;
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
    if (req.url === '/readyz' && readiness) {
      const report = await readiness();
      res.statusCode = report.ready ? 200 : 503;
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'no-store');
      res.end(JSON.stringify(report));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
