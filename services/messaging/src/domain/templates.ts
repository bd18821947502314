// The texts' words: a default template per SMS type with named variables, and the one function that
// fills them. Operators' own templates (and their DLT ids) will be rows read before this; the defaults
// stay what a new operator starts with.
import { DEFAULT_OPERATOR_TIME_ZONE, wallClock } from '@fleet/domain';
import type { BookingFacts, BookingSmsType } from './booking-texts';

export const TEMPLATE_VARIABLES = [
  'bookingNo',
  'reportingTime',
  'pickup',
  'vehicleNo',
  'driverName',
  'driverPhone',
  'tripOtp',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Record<TemplateVariable, string>;

/**
 * `{name}` is a variable. `[…]` is a part kept only when every variable in it has a value, so a text
 * never says "Trip OTP: ." for a booking without one.
 */
export const DEFAULT_TEMPLATES: Record<BookingSmsType, string> = {
  CONFIRMATION_SMS:
    'Booking #{bookingNo} is confirmed: pickup {reportingTime}[ at {pickup}]. We will text you the car and driver before the trip.',
  DRIVER_ALLOTMENT_SMS: 'New duty #{bookingNo}: report {reportingTime}[ at {pickup}][ with {vehicleNo}].',
  CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP:
    'Booking #{bookingNo}: your car[ {vehicleNo}][ with {driverName}][ ({driverPhone})] reports {reportingTime}[ at {pickup}].[ Trip OTP {tripOtp}: give it to the driver at the start.]',
  CANCELLATION_SMS: 'Booking #{bookingNo} for {reportingTime} has been cancelled.',
};

const VARIABLE = /\{([A-Za-z]+)\}/g;
const isVariable = (name: string): name is TemplateVariable =>
  (TEMPLATE_VARIABLES as readonly string[]).includes(name);

/** The variables a template names that are not ours: a template with any is refused before it is kept. */
export function unknownVariables(template: string): string[] {
  return [...template.matchAll(VARIABLE)].map((m) => m[1] ?? '').filter((name) => !isVariable(name));
}

/** Fills a template: each `{variable}` by its value, each `[…]` part dropped when a variable in it is empty. */
export function renderTemplate(template: string, values: TemplateValues): string {
  const fill = (part: string) =>
    part.replace(VARIABLE, (whole, name: string) => (isVariable(name) ? values[name] : whole));
  const withOptionalParts = template.replace(/\[([^[\]]*)\]/g, (_whole, part: string) => {
    const names = [...part.matchAll(VARIABLE)].map((m) => m[1] ?? '');
    return names.every((name) => isVariable(name) && values[name].trim() !== '') ? fill(part) : '';
  });
  return fill(withOptionalParts).replace(/ {2,}/g, ' ').trim();
}

const two = (n: number) => String(n).padStart(2, '0');

/** The values a booking gives the variables; the reporting time as DD/MM/YYYY HH:mm on the operator's clock. */
export function templateValues(
  booking: BookingFacts,
  timeZone: string = DEFAULT_OPERATOR_TIME_ZONE,
): TemplateValues {
  const w = booking.reportingAt ? wallClock(booking.reportingAt, timeZone) : undefined;
  return {
    bookingNo: booking.bookingNo,
    reportingTime: w ? `${two(w.day)}/${two(w.month)}/${w.year} ${two(w.hour)}:${two(w.minute)}` : '',
    pickup: booking.pickup.trim(),
    vehicleNo: booking.vehicleNo.trim(),
    driverName: booking.driverName.trim(),
    driverPhone: booking.driverPhone.trim(),
    tripOtp: booking.tripOtp.trim(),
  };
}
