import type { RequestHandler } from 'express';

/**
 * A readiness check for one service the gateway needs: resolves (true or nothing) when healthy;
 * false, a rejection or no answer within the timeout mean unhealthy.
 */
export type ReadinessProbe = () => Promise<unknown>;

export interface ReadinessReport {
  ready: boolean;
  services: Record<string, { healthy: boolean }>;
}

const PROBE_TIMEOUT_MS = 2000;

async function healthy(probe: ReadinessProbe, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([probe().then((r) => r !== false), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(
  probes: Record<string, ReadinessProbe>,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<ReadinessReport> {
  const entries = await Promise.all(
    Object.entries(probes).map(
      async ([name, probe]) => [name, { healthy: await healthy(probe, timeoutMs) }] as const,
    ),
  );
  return { ready: entries.every(([, s]) => s.healthy), services: Object.fromEntries(entries) };
}

/** GET /readyz: 200 when every service answers, 503 otherwise, with which one is unhealthy. */
export function readinessHandler(
  probes: Record<string, ReadinessProbe>,
  isStopping: () => boolean,
): RequestHandler {
  return async (_req, res) => {
    const report = await checkReadiness(probes);
    if (isStopping()) report.ready = false;
    res
      .status(report.ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(report);
  };
}
