export { type MasterChange, masterEvent, mastersOutbox } from './events/published';
export { createMastersModule, type MastersModule, type MastersModuleDeps } from './module';
export { createPostgresFileStore, type FileContentStore } from './storage/file-store';
export { SCHEMA as MASTERS_SCHEMA } from './storage/migrations';
export type { ListInput, MastersUseCases, TenantCaller } from './use-cases';
