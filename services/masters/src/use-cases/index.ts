import type { MastersDeps } from './deps';
import { createFiles } from './files';
import { createMasters } from './masters';
import { createRates } from './rates';
import { createTypedRecords } from './typed-records';

export function createMastersUseCases(deps: MastersDeps) {
  return {
    masters: createMasters(deps),
    rates: createRates(deps),
    files: createFiles(deps),
    typedRecords: createTypedRecords(deps),
  };
}

export type MastersUseCases = ReturnType<typeof createMastersUseCases>;
export type { MastersDeps, TenantCaller } from './deps';
export type { ListInput } from './masters';
