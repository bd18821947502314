export {
  eventsOf,
  MASTER_CHANGES,
  type MasterChange,
  masterEvent,
  mastersOutbox,
  TYPED_EVENT_KINDS,
} from './events/published';
export { createMastersModule, type MastersModule, type MastersModuleDeps, mastersService } from './module';
export { createPostgresFileStore, type FileContentStore } from './storage/file-store';
export { SCHEMA as MASTERS_SCHEMA } from './storage/migrations';
export type { ListInput, MastersUseCases, TenantCaller } from './use-cases';
