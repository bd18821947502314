export { fleetOutbox, type MasterChange, masterEvent } from './events/published';
export { createFleetModule, type FleetModule, type FleetModuleDeps } from './module';
export { createPostgresFileStore, type FileContentStore } from './storage/file-store';
export { SCHEMA as FLEET_SCHEMA } from './storage/migrations';
export type { FleetUseCases, ListInput, TenantCaller } from './use-cases';
