import type { ConnectRouter } from '@connectrpc/connect';
import type { HealthReporter } from './rpc/health';

/**
 * What a service is, independent of how it runs: its gRPC routes, its background work (outbox relay,
 * consumers) and its health. The embedded runner and the distributed runner both assemble these.
 */
export interface ServiceModule {
  name: string;
  routes(router: ConnectRouter): void;
  health: HealthReporter;
  /** Starts background work: the outbox relay and event consumers. */
  start(): Promise<void>;
  /** Stops background work and releases the database and bus it opened. */
  stop(): Promise<void>;
}
