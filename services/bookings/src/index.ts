export type { BookingRecord } from './domain/booking';
export {
  BOOKING_SORTS,
  type BookingFlag,
  type BookingSort,
  CANCELLED_STATUSES,
  COUNTED_TABS,
  type CountedTab,
  DEFAULT_BOOKING_SORT,
  isBookingSort,
  isInTab,
  NOT_STARTED_STATUSES,
  OPERATOR_TIME_ZONE,
  operatorDate,
  TAB_ALIASES,
  TAB_COUNT_PERMISSION,
  TAB_DEFAULT_DIRECTION,
  TAB_LIST_PERMISSION,
  TAB_RULES,
  type TabContext,
  type TabFacts,
  tabFromSlug,
} from './domain/tabs';
export { BookingsEvents } from './events/published';
export {
  type BookingsModule,
  type BookingsModuleDeps,
  bookingsService,
  createBookingsModule,
} from './module';
export { SCHEMA as BOOKINGS_SCHEMA } from './storage/migrations';
export type { BookingListInput, BookingsUseCases, TenantCaller } from './use-cases';
