// The metrics listener: Prometheus' /metrics and the operator's /readyz, on the one address it is given.
import { networkInterfaces } from 'node:os';
import { startMetricsServer } from './metrics';

/** An address of this machine that is not loopback, where it has one. */
const outward = Object.values(networkInterfaces())
  .flat()
  .find((a) => a?.family === 'IPv4' && !a.internal)?.address;

describe('the metrics listener', () => {
  it('serves /metrics on the address it is given and on no other', async () => {
    const metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('process_cpu_user_seconds_total');
      if (outward) {
        await expect(fetch(`http://${outward}:${metrics.port}/metrics`)).rejects.toThrow();
      }
    } finally {
      await metrics.close();
    }
  });

  it('serves the readiness it is given at /readyz, every detail, 200 or 503', async () => {
    let report = { ready: false, services: { identity: { healthy: false, problem: 'not serving' } } };
    const metrics = await startMetricsServer({ port: 0, host: '127.0.0.1', readiness: async () => report });
    try {
      const notReady = await fetch(`http://127.0.0.1:${metrics.port}/readyz`);
      expect(notReady.status).toBe(503);
      expect(notReady.headers.get('cache-control')).toBe('no-store');
      expect(await notReady.json()).toEqual(report);
      report = { ready: true, services: { identity: { healthy: true, problem: '' } } };
      const ready = await fetch(`http://127.0.0.1:${metrics.port}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual(report);
    } finally {
      await metrics.close();
    }
  });

  it('has no /readyz where it is given no readiness (a service: Kubernetes asks its gRPC health)', async () => {
    const metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    try {
      expect((await fetch(`http://127.0.0.1:${metrics.port}/readyz`)).status).toBe(404);
    } finally {
      await metrics.close();
    }
  });
});
