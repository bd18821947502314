// @fleet/domain/inputs: the procedures' input schemas the gateway validates with and the web app's
// forms and calls share. Zod only; no server code, so the browser may import it.
export {
  type BookingDraft,
  type BookingDraftInput,
  bookingDraftSchema,
} from '../bookings/booking-draft';
export {
  type DriverAnswerInput,
  type DriverBillingItemInput,
  type DriverNavigationInput,
  driverAnswerSchema,
  driverBillingItemSchema,
  driverNavigationSchema,
  type TripEventInput,
  tripEventInputSchema,
} from '../bookings/driver-app-inputs';
export { type DutyBillingItemsInput, dutyBillingItemsSchema } from '../bookings/duty-billing-items';
export { type PublicFeedbackAnswerInput, publicFeedbackAnswerSchema } from '../bookings/feedback-answers';
export {
  type LocationBatchInput,
  locationBatchSchema,
  locationPointSchema,
} from '../bookings/location-points';
export {
  type PublicSlipAnswerInput,
  publicSlipAnswerSchema,
  publicTokenInput,
} from '../bookings/public-pages';
export { type TripInsuranceSchemaInput, tripInsuranceSchema } from '../bookings/trip-insurance';
export {
  activeFilterSchema,
  cursorSchema,
  idSchema,
  limitSchema,
  optional,
  optionalId,
  optionalReferenceCode,
  optionalText,
  orderSchema,
  permissionIdSchema,
} from './common';
export {
  chosenFilters,
  type FilterKey,
  idInput,
  isSortKey,
  listInput,
  type MasterListInput,
  type MasterListQuery,
  recordIdSchema,
  type SortKey,
  setActiveInput,
  updateInput,
  valuesInput,
} from './masters';
export {
  type EmployeeInput,
  employeeFieldsShape,
  employeeInput,
  type UserFieldsInput,
  userFieldsInput,
  userFieldsShape,
} from './users';
