import { billingService } from '@fleet/billing';
import { bookingsService } from '@fleet/bookings';
import { identityService } from '@fleet/identity';
import { mastersService } from '@fleet/masters';
import { messagingService } from '@fleet/messaging';
import type { ModuleTable } from '@fleet/platform';

/**
 * The module table: the one list of the services the product is made of. The embedded and the
 * distributed runners, the gateway's clients and readiness, the service URLs, the local distributed
 * start, the Helm chart's `services` values, the kustomize base and the README's table are all built
 * from it (`npm run generate:deploy` writes the last three). Adding a service is one row here.
 */
export const SERVICES = [
  identityService,
  bookingsService,
  mastersService,
  messagingService,
  billingService,
] as const satisfies ModuleTable;

export type Services = typeof SERVICES;

/** The edge: the one module that is not a gRPC service. It reaches every service of the table. */
export const GATEWAY = {
  name: 'gateway',
  description: 'tRPC BFF for the web and driver apps; authenticates, authorises, serves the SPA',
  port: 3000,
} as const;

/** Every module a process can run, by name, with its one-line description. */
export function moduleNames(table: ModuleTable = SERVICES): string[] {
  return [GATEWAY.name, ...table.map((service) => service.name)];
}

export function describeModules(table: ModuleTable = SERVICES): { name: string; description: string }[] {
  return [GATEWAY, ...table];
}
