import type { FleetDeps } from './deps';
import { createFiles } from './files';
import { createMasters } from './masters';
import { createRates } from './rates';

export function createFleetUseCases(deps: FleetDeps) {
  return { masters: createMasters(deps), rates: createRates(deps), files: createFiles(deps) };
}

export type FleetUseCases = ReturnType<typeof createFleetUseCases>;
export type { FleetDeps, TenantCaller } from './deps';
export type { ListInput } from './masters';
