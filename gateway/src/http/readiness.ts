import type { RequestHandler } from 'express';

/**
 * A readiness check for one service the gateway needs: resolves (true or nothing) when healthy;
 * false, a rejection or no answer within the timeout mean unhealthy.
 */
export type ReadinessProbe = () => Promise<unknown>;

export type ServiceReadiness = { healthy: true } | { healthy: false; problem: string };

/** The operator's view: each service and what is wrong with it. Served on the metrics listener only. */
export interface ReadinessReport {
  ready: boolean;
  /** The gateway is shutting down: not ready, whatever the services say. */
  stopping: boolean;
  services: Record<string, ServiceReadiness>;
}

const PROBE_TIMEOUT_MS = 2000;
/** How long the public /readyz reuses its last probes' answer. */
const PUBLIC_ANSWER_MS = 1000;

async function check(probe: ReadinessProbe, timeoutMs: number): Promise<ServiceReadiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ServiceReadiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ healthy: false, problem: `no answer within ${timeoutMs / 1000} seconds` }),
      timeoutMs,
    );
  });
  const answer = probe().then(
    (result): ServiceReadiness =>
      result === false ? { healthy: false, problem: 'not serving' } : { healthy: true },
    (error: unknown): ServiceReadiness => ({
      healthy: false,
      problem: error instanceof Error ? error.message : String(error),
    }),
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(
  probes: Record<string, ReadinessProbe>,
  isStopping: () => boolean,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<ReadinessReport> {
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => [name, await check(probe, timeoutMs)] as const),
  );
  const stopping = isStopping();
  return {
    ready: !stopping && entries.every(([, s]) => s.healthy),
    stopping,
    services: Object.fromEntries(entries),
  };
}

/**
 * The public GET /readyz (the Kubernetes readiness probe): 200 when every service answers, 503
 * otherwise, and nothing more; which service and why is for operators (ReadinessReport), not for anyone
 * who can reach the gateway.
 */
export function readinessHandler(
  report: () => Promise<ReadinessReport>,
  isStopping: () => boolean,
): RequestHandler {
  // Anyone can ask, as often as they like: probes answered within the last second are not asked again,
  // so /readyz cannot be used to multiply calls on the services.
  let latest: { at: number; ready: Promise<boolean> } | undefined;
  const readyNow = () => {
    const now = Date.now();
    if (!latest || now - latest.at >= PUBLIC_ANSWER_MS) {
      latest = { at: now, ready: report().then((r) => r.ready) };
    }
    return latest.ready;
  };
  return async (_req, res) => {
    // Stopping is answered at once: the load balancer must stop sending here without waiting a second.
    const ready = !isStopping() && (await readyNow());
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ ready });
  };
}
