// The product's enumerations (spec §3, §4 and §9), each an `as const` array with its union type.
// Values are stored and sent over the wire exactly as written here, misspellings included
// (FEAMLE, UNREGISTRED, ALLOTED): they are the product's established values, not typos to fix.

// ── People and access ──────────────────────────────────────────────────────────────────────────────
export const USER_ROLES = ['USER', 'EMPLOYEE', 'DRIVER'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ACCESS_LEVELS = ['ADMIN', 'CHANNEL_ONLY'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const GENDERS = ['MALE', 'FEAMLE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];

export const DRIVER_VERIFICATION_STATUSES = ['UNREGISTRED', 'REGISTERED'] as const;
export type DriverVerificationStatus = (typeof DRIVER_VERIFICATION_STATUSES)[number];

export const DUTY_SUPPORTER_TYPES = ['CLEANER', 'GUIDE', 'REPRESENTATIVE'] as const;
export type DutySupporterType = (typeof DUTY_SUPPORTER_TYPES)[number];

// ── Businesses, customers and suppliers ────────────────────────────────────────────────────────────
export const TAX_TYPES = ['GSTIN', 'LUT', 'VAT', 'SEZ', 'UNREGISTRED'] as const;
export type TaxType = (typeof TAX_TYPES)[number];

export const BUSINESS_TYPES = ['PROPRIETORSHIP', 'PARTNERSHIP', 'LLP', 'PRIVATE_LIMITED'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const BRANCH_TYPES = ['OFFICE', 'DISPATCH', 'OFFICE_DISPATCH'] as const;
export type BranchType = (typeof BRANCH_TYPES)[number];

export const CONNECTION_TYPES = ['SUPPLIER', 'CUSTOMER'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export const CONNECTION_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED', 'PAUSED'] as const;
export type ConnectionRequestStatus = (typeof CONNECTION_REQUEST_STATUSES)[number];

export const SUPPLIER_TYPES = ['DCO', 'COMPANY'] as const;
export type SupplierType = (typeof SUPPLIER_TYPES)[number];

/** Who pays for a booking; COMPANY_OR_CUSTOMER is the default. */
export const BILL_TO_OPTIONS = [
  'COMPANY_OR_CUSTOMER',
  'COMPANY_CREDIT_CARD',
  'COMPANY_DIRECT',
  'PERSONAL',
] as const;
export type BillTo = (typeof BILL_TO_OPTIONS)[number];
export const DEFAULT_BILL_TO: BillTo = 'COMPANY_OR_CUSTOMER';

// ── Vehicles and duty types ────────────────────────────────────────────────────────────────────────
export const FUEL_TYPES = ['PETROL', 'DIESEL', 'CNG', 'ELECTRIC'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const DUTY_TYPE_KINDS = [
  'HR_KM',
  'DAY_KM',
  'KM_DAILY_HR',
  'KM_HR',
  'FLAT',
  'EXTRAS',
  'ALLOWANCES',
  'COST_OF_FUEL',
  'VEHICLE_AVERAGE',
] as const;
export type DutyTypeKind = (typeof DUTY_TYPE_KINDS)[number];

export const DUTY_TYPE_KIND_LABELS: Readonly<Record<DutyTypeKind, string>> = {
  HR_KM: 'Local',
  DAY_KM: 'Outstation',
  KM_DAILY_HR: 'Monthly (total km, hours per day)',
  KM_HR: 'Monthly (total km and hours)',
  FLAT: 'Flat',
  EXTRAS: 'Extras',
  ALLOWANCES: 'Allowances',
  COST_OF_FUEL: 'Cost of Fuel',
  VEHICLE_AVERAGE: 'Vehicle Average',
};

/** Slab-switching groups on a rate card: OFF, or a rung ladder by time, km, or whichever crosses first. */
export const SWITCH_PATH_OPTIONS = [
  'OFF',
  'TIME1',
  'TIME2',
  'TIME3',
  'KM1',
  'KM2',
  'KM3',
  'TIME_KM1',
  'TIME_KM2',
  'TIME_KM3',
] as const;
export type SwitchPathOption = (typeof SWITCH_PATH_OPTIONS)[number];

export const LABEL_COLOURS = [
  'red',
  'blue',
  'green',
  'sky-blue',
  'yellow',
  'orange',
  'purple',
  'pink',
  'black',
] as const;
export type LabelColour = (typeof LABEL_COLOURS)[number];

// ── Bookings and duties ────────────────────────────────────────────────────────────────────────────
export const BOOKING_STATUSES = [
  'UNCONFIRMED',
  'BOOKED',
  'CANCELLED',
  'ALLOTED',
  'DRIVER_NEEDED',
  'DISPATCHED',
  'CLOSED',
  'SUPPLIER_REQUESTED',
  'SUPPLIER_ACCEPTED',
  'CANCELLATION_REQUESTED',
  'CANCELLATION_REQUEST_BY_ASSOCIATE',
  'DETAILS_NEEDED',
  'CANCELLATION_NO_SHOW',
  'EDIT_NO_SHOW',
  'DRIVER_ACCEPTED',
  'DRIVER_REJECTED',
  'DRIVER_GARAGE_START',
  'DRIVER_ARRIVED_AT_PICKUP',
  'DRIVER_DUTY_START',
  'DRIVER_DUTY_START_PASSENGER_NO_SHOW',
  'DRIVER_DUTY_END',
  'UNFULFILLED',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_TYPES = ['PARENT', 'CHILD', 'EXTENDED'] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];

export const DRIVER_BOOKING_ACTIONS = [
  'ALLOTED',
  'ALLOTMENT_CLEARED',
  'CANCELLED',
  'CLOSED_BY_OPS',
  'DUTY_UNFULFILLED',
  'DUTY_ACCEPTED',
  'DUTY_REJECTED',
  'NAVIGATION_START',
  'ARRIVED_AT_PICKUP',
  'DUTY_START',
  'PASSENGER_NO_SHOW',
  'DUTY_END',
  'DUTY_COMPLETED',
] as const;
export type DriverBookingAction = (typeof DRIVER_BOOKING_ACTIONS)[number];

/** The points of a trip recorded on the duty slip. */
export const DUTY_EVENT_TYPES = [
  'GARAGE_START',
  'DRIVER_ARRIVED',
  'DUTY_START',
  'DUTY_START_NO_SHOW',
  'DUTY_END',
  'GARAGE_END',
  'GARAGE_END_NO_SHOW',
] as const;
export type DutyEventType = (typeof DUTY_EVENT_TYPES)[number];

/** How a duty slip arrived; feeds the "Duty Slip Received" filter. */
export const DUTY_SLIP_MEDIA = ['EMAIL', 'HARD_COPY', 'DIGITAL_DUTY_SLIP', 'NETWORK'] as const;
export type DutySlipMedium = (typeof DUTY_SLIP_MEDIA)[number];

/** A network supplier's slip as seen by the customer who sent the duty. */
export const ASSOCIATE_SLIP_STATUSES = ['REJECTED', 'ACCEPTED', 'NO_ACTION'] as const;
export type AssociateSlipStatus = (typeof ASSOCIATE_SLIP_STATUSES)[number];

export const CONTACT_ROLES = [
  'Customer',
  'Customer alternate',
  'Booked by',
  'Passenger',
  'Additional contact',
  'Supplier',
  'Supplier alternate',
  'Driver',
] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

// ── Billing ────────────────────────────────────────────────────────────────────────────────────────
export const BILLING_STATUSES = ['BILLED', 'UNBILLED'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const DATE_BASES = ['INVOICE_DATE', 'DUE_DATE'] as const;
export type DateBasis = (typeof DATE_BASES)[number];

// The spec describes the percentage discount on car hire charges without giving its value; the
// name DISCOUNT_PERCENTAGE_ON_CAR_HIRE is ours.
export const INVOICE_ITEM_TYPES = [
  'CUSTOM',
  'BOOKING',
  'TAX',
  'DISCOUNT_AMOUNT',
  'DISCOUNT_PERCENTAGE',
  'DISCOUNT_PERCENTAGE_ON_CAR_HIRE',
  'SURCHARGE_PERCENTAGE',
] as const;
export type InvoiceItemType = (typeof INVOICE_ITEM_TYPES)[number];

export const PURCHASE_INVOICE_ITEM_TYPES = [
  ...INVOICE_ITEM_TYPES,
  'CAR_HIRE_CHARGES',
  'BILLING_ITEM',
  'TDS',
] as const;
export type PurchaseInvoiceItemType = (typeof PURCHASE_INVOICE_ITEM_TYPES)[number];

export const PAYMENT_MODES = ['CASH', 'CHEQUE', 'NEFT', 'CREDIT_CARD', 'OTHER'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const RECEIPT_TYPES = ['ON_ACCOUNT', 'ADVANCE', 'INVOICE'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

export const NOTE_TYPES = ['CREDIT', 'DEBIT'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

// ── Custom fields and feedback forms ───────────────────────────────────────────────────────────────
export const CUSTOM_FIELD_TYPES = ['TEXT', 'SELECT'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const FEEDBACK_FIELD_TYPES = ['INPUT', 'TEXTAREA', 'SELECT', 'MULTI_SELECT'] as const;
export type FeedbackFieldType = (typeof FEEDBACK_FIELD_TYPES)[number];

export const FEEDBACK_FIELD_DISPLAYS = ['RADIO', 'CHECKBOX', 'DROPDOWN'] as const;
export type FeedbackFieldDisplay = (typeof FEEDBACK_FIELD_DISPLAYS)[number];

// ── Messaging and logs ─────────────────────────────────────────────────────────────────────────────
/** Spec §9's SMS types, and ours beside them: the passenger's link to the digital duty slip. */
export const SMS_TYPES = [
  'CONFIRMATION_SMS',
  'DRIVER_ALLOTMENT_SMS',
  'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP',
  'CANCELLATION_SMS',
  'FEEDBACK_REQUEST_SMS',
  'SEND_INFO_TO_SUPPLIER_SMS',
  'DIGITAL_DUTY_SLIP_SMS',
] as const;
export type SmsType = (typeof SMS_TYPES)[number];

export const SMS_DELIVERY_STATUSES = ['SENT', 'FAILED'] as const;
export type SmsDeliveryStatus = (typeof SMS_DELIVERY_STATUSES)[number];

export const EVENT_LOG_STATUSES = ['SUCCESS', 'FAILED'] as const;
export type EventLogStatus = (typeof EVENT_LOG_STATUSES)[number];

// ── Channels ───────────────────────────────────────────────────────────────────────────────────────
export const CHANNEL_DUTY_TYPES = [
  'OUTSTATION_RETURN',
  'OUTSTATION_ONE_WAY',
  'AIRPORT_TRANSFER',
  'INTERCITY_FLAT_RATE',
  'POINT_TO_POINT',
  'RENTALS',
] as const;
export type ChannelDutyType = (typeof CHANNEL_DUTY_TYPES)[number];

/** The daily standard kilometres an outstation-return channel quote can use. */
export const OUTSTATION_STANDARD_KMS = [250, 300] as const;
export type OutstationStandardKm = (typeof OUTSTATION_STANDARD_KMS)[number];

export const RENTAL_SLAB_SHIFT_TYPES = [
  'AFTER_HOURS',
  'AFTER_KMS',
  'AFTER_HOURS_AND_KM',
  'AFTER_HOURS_OR_KM',
] as const;
export type RentalSlabShiftType = (typeof RENTAL_SLAB_SHIFT_TYPES)[number];

export const CHANNEL_SEARCH_TAGS = ['B2C', 'B2B', 'PB', 'FF', 'CO'] as const;
export type ChannelSearchTag = (typeof CHANNEL_SEARCH_TAGS)[number];

export const AIRPORT_TRIP_TYPES = ['PICKUP', 'DROP'] as const;
export type AirportTripType = (typeof AIRPORT_TRIP_TYPES)[number];
