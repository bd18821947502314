// @fleet/domain: pure rules shared by the services, the gateway and the web app. No I/O.

// The Duties tabs (spec §2, §7): listed by bookings, guarded by the gateway, shown by the web app
export {
  BOOKING_COUNT_PERMISSION,
  BOOKING_FILTER_KEYS,
  BOOKING_LIST_PERMISSION,
  BOOKING_SORTS,
  BOOKING_TAB_ALIASES,
  BOOKING_TAB_DEFINITIONS,
  BOOKING_TABS,
  type BookingFilterKey,
  type BookingSort,
  type BookingTab,
  type BookingTabDefinition,
  bookingTab,
  bookingTabFromSlug,
  COUNTED_BOOKING_TABS,
  type CountedBookingTab,
  DEFAULT_BOOKING_SORT,
} from './booking-tabs';
// The booking status machine: statuses, actions, who may move a duty
export * from './bookings';
// Money and dates as people read them (spec §9): ₹1,803.00, DD/MM/YYYY on the operator's clock
export { formatDate, formatDateTime, formatIsoDate } from './display/date-time';
export { formatRupees } from './display/rupees';
// Exports (spec §3, "Export profiles"): the columns of each kind of record and who may export them
export * from './exports/export-catalogue';
// Time
export { type FinancialYear, financialYearOf } from './financial-year';
export * from './gst-returns/gstr1';
// Invoicing (DOMAIN.md): invoice lines, the GST regime, the figures, numbers and amounts in words
export * from './invoicing';
// Masters (spec §3): declared once, stored by the masters service, served by the gateway, shown by the web app
export * from './masters';
// The message log (spec §2's SMS and email screens, and the driver app's pushes): kinds, statuses, what a resend needs
export {
  MESSAGE_DELIVERY_FILTERS,
  MESSAGE_LOG_BILLING_SMS_TYPES,
  MESSAGE_LOG_CHANNELS,
  MESSAGE_LOG_EMAIL_TYPES,
  MESSAGE_LOG_PERMISSION,
  MESSAGE_LOG_PUSH_TYPES,
  MESSAGE_LOG_SMS_TYPES,
  MESSAGE_LOG_STATUSES,
  MESSAGE_LOG_TYPES,
  MESSAGE_LOG_TYPES_BY_CHANNEL,
  MESSAGE_TEMPLATE_TYPES,
  type MessageDeliveryFilter,
  type MessageLogChannel,
  type MessageLogSmsType,
  type MessageLogStatus,
  type MessageLogType,
  type MessageTemplateType,
  messageLogTypeOf,
  messageTemplateTypeOf,
  resendPermissionFor,
} from './message-log';
export {
  addCalendarDays,
  DEFAULT_OPERATOR_TIME_ZONE,
  operatorDate,
  operatorInstant,
  type WallClock,
  wallClock,
} from './operator-date';
// Permissions (spec §6)
export {
  PERMISSION,
  PERMISSION_MODELS,
  PERMISSIONS,
  type Permission,
  type PermissionDefinition,
  type PermissionId,
  type PermissionModel,
} from './permissions/catalogue';
export {
  allPermissionIds,
  closePermissions,
  dependenciesOf,
  dependentsOf,
  getPermission,
  isClosed,
  isPermissionId,
  missingDependencies,
  type PermissionGroup,
  permissionsByModel,
  UnknownPermissionError,
  whyRequired,
  withoutPermission,
} from './permissions/closure';
// Petty cash: the office's cash box, what it holds and what each person holds of it
export * from './petty-cash';
// Pricing (DOMAIN.md): what a duty measured and what it is charged, for bookings and billing
export * from './pricing';
// Reference data (spec §3): India's states with their GST codes and the cities in them, for masters and billing
export * from './reference';
// What a list's page links carry (the sort key's type), checked by @fleet/platform's keyset
export type { SortKeyShape, SortKeyType } from './sort-keys';
// The tRPC payload serialiser the gateway and the web app share (superjson, money as Decimal)
export { MAX_PAYLOAD_DEPTH, PayloadError, transformer } from './transformer';
// Validation (spec §5)
export { EMAIL_MESSAGE, emailSchema, isEmail } from './validation/email';
export {
  buildGstin,
  GSTIN_CHECKSUM_MESSAGE,
  GSTIN_MESSAGE,
  GSTIN_STATE_CODES,
  GSTIN_STATE_MESSAGE,
  gstinCheckCharacter,
  gstinPan,
  gstinProblem,
  gstinSchema,
  gstinStateCode,
  isGstin,
} from './validation/gstin';
export { ID_MESSAGE, idSchema, isReferenceCode, isUuid, referenceCodeSchema } from './validation/id';
export { IFSC_MESSAGE, ifscSchema, isIfsc } from './validation/ifsc';
export {
  ISO_DATE_MESSAGE,
  isIsoDate,
  isoDateProblem,
  isoDateSchema,
  NO_SUCH_DATE_MESSAGE,
} from './validation/iso-date';
export {
  isPan,
  PAN_HOLDER_TYPE_MESSAGE,
  PAN_HOLDER_TYPES,
  PAN_MESSAGE,
  type PanHolderType,
  panProblem,
  panSchema,
} from './validation/pan';
export { isPhoneNumber, PHONE_MESSAGE, phoneSchema } from './validation/phone';
export { hasNul, NUL_MESSAGE, nulPathIn, plainText } from './validation/text';
// Vehicle fuel and expenses (spec §1): fills, full-to-full mileage, expense categories
export * from './vehicle-costs';
// Enumerations (spec §3, §4, §9)
export * from './vocabulary';
