export {
  CANCELLED_STATUSES,
  COUNTED_TABS,
  type CountedTab,
  isInTab,
  TAB_COUNT_PERMISSION,
  TAB_RULES,
  type TabFacts,
} from './domain/tabs';
export { BookingsEvents } from './events/published';
export { type BookingsModule, type BookingsModuleDeps, createBookingsModule } from './module';
export { SCHEMA as BOOKINGS_SCHEMA } from './storage/migrations';
export type { BookingsUseCases, TenantCaller } from './use-cases';
