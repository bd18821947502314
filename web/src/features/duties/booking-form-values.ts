// The booking form's values (what its inputs hold: text, '' for nothing) and the draft they make. The
// form is checked by the very schema booking.create checks with (bookingDraftSchema), so a draft the
// form lets through is one the gateway and the service take, and their messages are the form's.
import {
  type CustomFieldShape,
  customFieldValueProblem,
  localClock,
  missingRequiredFields,
} from '@fleet/domain';
import { type BookingDraft, type BookingDraftInput, bookingDraftSchema } from '@fleet/domain/inputs';
import { toNestErrors } from '@hookform/resolvers';
import type Decimal from 'decimal.js';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { UploadedFile } from '../common/form/upload-file';
import type { BookingDetail } from './booking-types';

export interface ContactValues {
  name: string;
  phone: string;
  email: string;
  customField: string;
}

export interface PriceValues {
  price: string;
  extraKmRate: string;
  extraHourRate: string;
}

export interface BookingFormValues {
  customerId: string;
  companyId: string;
  bookedBy: { name: string; phone: string; email: string };
  passengers: ContactValues[];
  additionalContacts: ContactValues[];
  fromCityId: string;
  toCityId: string;
  vehicleGroupId: string;
  dutyTypeId: string;
  reportingDate: string;
  reportingTime: string;
  /** Several days: a duty a day from the reporting date to the last date. */
  multiDay: boolean;
  lastDate: string;
  reportingAddress: string;
  dropAddress: string;
  remark: string;
  operatorNotes: string;
  orderReferenceNumber: string;
  labelIds: string[];
  dutySupporterIds: string[];
  /** A row per booking custom field the form shows ('' when not filled in). */
  customFields: { customFieldId: string; value: string }[];
  /** Uploaded already, with the names and sizes the form lists them by. */
  attachments: UploadedFile[];
  sales: PriceValues;
  purchase: PriceValues;
  confirmed: boolean;
}

export const emptyContact = (): ContactValues => ({ name: '', phone: '', email: '', customField: '' });
const emptyPrice = (): PriceValues => ({ price: '', extraKmRate: '', extraHourRate: '' });

/** A new booking: one passenger to fill in, reporting on `date`, confirmed. */
export function newBookingValues(date: string): BookingFormValues {
  return {
    customerId: '',
    companyId: '',
    bookedBy: { name: '', phone: '', email: '' },
    passengers: [emptyContact()],
    additionalContacts: [],
    fromCityId: '',
    toCityId: '',
    vehicleGroupId: '',
    dutyTypeId: '',
    reportingDate: date,
    reportingTime: '',
    multiDay: false,
    lastDate: '',
    reportingAddress: '',
    dropAddress: '',
    remark: '',
    operatorNotes: '',
    orderReferenceNumber: '',
    labelIds: [],
    dutySupporterIds: [],
    customFields: [],
    attachments: [],
    sales: emptyPrice(),
    purchase: emptyPrice(),
    confirmed: true,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const priceOf = (p: PriceValues) => ({
  price: orNull(p.price),
  extraKmRate: orNull(p.extraKmRate),
  extraHourRate: orNull(p.extraHourRate),
});

/** The draft the values make: '' is "not given" (null), a single-day booking has no last date. */
export function draftInputOf(values: BookingFormValues): BookingDraftInput {
  return {
    customerId: values.customerId,
    companyId: orNull(values.companyId),
    bookedBy: values.bookedBy,
    passengers: values.passengers,
    additionalContacts: values.additionalContacts,
    fromCityId: values.fromCityId,
    toCityId: orNull(values.toCityId),
    vehicleGroupId: values.vehicleGroupId,
    dutyTypeId: values.dutyTypeId,
    reportingDate: values.reportingDate,
    reportingTime: values.reportingTime,
    lastDate: values.multiDay ? orNull(values.lastDate) : null,
    reportingAddress: values.reportingAddress,
    dropAddress: values.dropAddress,
    remark: values.remark,
    operatorNotes: values.operatorNotes,
    orderReferenceNumber: values.orderReferenceNumber,
    labelIds: values.labelIds,
    dutySupporterIds: values.dutySupporterIds,
    customFields: values.customFields,
    attachmentIds: values.attachments.map((file) => file.id),
    sales: priceOf(values.sales),
    purchase: priceOf(values.purchase),
    confirmed: values.confirmed,
  };
}

/** What of a booking read back (booking.get) its form shows. */
export type EditedBooking = Pick<
  BookingDetail,
  | 'customerId'
  | 'companyId'
  | 'bookedBy'
  | 'passengers'
  | 'additionalContacts'
  | 'fromCityId'
  | 'toCityId'
  | 'vehicleGroupId'
  | 'dutyTypeId'
  | 'startDate'
  | 'reportingAt'
  | 'reportingAddress'
  | 'dropAddress'
  | 'remark'
  | 'operatorNotes'
  | 'orderReferenceNumber'
  | 'labelIds'
  | 'dutySupporterIds'
  | 'customFields'
  | 'sales'
  | 'purchase'
  | 'status'
>;

const textOf = (value: string | null) => value ?? '';
const amountText = (value: Decimal | null) => (value === null ? '' : value.toFixed());
/**
 * A price as the form holds it. One taken from a rate card is left empty, as it was when booked: saved,
 * it is again the card's in force (so the duty keeps its card, which closing charges it by); the extra
 * rates stay as saved, whether typed or the card's.
 */
const priceValuesOf = (p: EditedBooking['sales']): PriceValues => ({
  price: p.rateCardId ? '' : amountText(p.price),
  extraKmRate: amountText(p.extraKmRate),
  extraHourRate: amountText(p.extraHourRate),
});
const hhmm = (minuteOfDay: number) =>
  `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;

/**
 * The form filled with a duty as it is, to edit it: its own day (an edit changes one duty, so never
 * several days), its reporting time on the operator's clock, its prices (a rate card's left empty), and
 * whether it is still unconfirmed. Saved unchanged, it makes the draft that would write the duty again.
 */
export function bookingFormValuesOf(
  booking: EditedBooking,
  attachments: readonly UploadedFile[],
): BookingFormValues {
  return {
    customerId: booking.customerId,
    companyId: textOf(booking.companyId),
    bookedBy: { ...booking.bookedBy },
    passengers: booking.passengers.map((c) => ({ ...c })),
    additionalContacts: booking.additionalContacts.map((c) => ({ ...c })),
    fromCityId: booking.fromCityId,
    toCityId: textOf(booking.toCityId),
    vehicleGroupId: booking.vehicleGroupId,
    dutyTypeId: booking.dutyTypeId,
    reportingDate: booking.startDate,
    reportingTime: booking.reportingAt ? hhmm(localClock(booking.reportingAt).minuteOfDay) : '',
    multiDay: false,
    lastDate: '',
    reportingAddress: booking.reportingAddress,
    dropAddress: booking.dropAddress,
    remark: booking.remark,
    operatorNotes: booking.operatorNotes,
    orderReferenceNumber: booking.orderReferenceNumber,
    labelIds: [...booking.labelIds],
    dutySupporterIds: [...booking.dutySupporterIds],
    attachments: attachments.map((file) => ({ ...file })),
    customFields: booking.customFields.map((entry) => ({ ...entry })),
    sales: priceValuesOf(booking.sales),
    purchase: priceValuesOf(booking.purchase),
    confirmed: booking.status !== 'UNCONFIRMED',
  };
}

/** The form's parts as a person names them, for saying which of them an edit kept or lost. */
export const FORM_PART_NAMES: Readonly<Record<keyof BookingFormValues, string>> = {
  customerId: 'Customer',
  companyId: 'Billed from',
  bookedBy: 'Booked by',
  passengers: 'Passengers',
  additionalContacts: 'Additional contacts',
  fromCityId: 'From city',
  toCityId: 'To city',
  vehicleGroupId: 'Vehicle group',
  dutyTypeId: 'Duty type',
  reportingDate: 'Reporting date',
  reportingTime: 'Reporting time',
  multiDay: 'Several days',
  lastDate: 'Last date',
  reportingAddress: 'Reporting address',
  dropAddress: 'Drop address',
  remark: 'Remark',
  operatorNotes: 'Operator notes',
  orderReferenceNumber: 'Order reference',
  labelIds: 'Labels',
  dutySupporterIds: 'Duty supporters',
  customFields: 'Custom fields',
  attachments: 'Attachments',
  sales: 'Price charged',
  purchase: 'Price paid',
  confirmed: 'Confirmed',
};

const PARTS = Object.keys(FORM_PART_NAMES) as (keyof BookingFormValues)[];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface Rebased {
  /** The saved duty with this person's changes on top. */
  values: BookingFormValues;
  /** The parts this person changed, kept over the saved duty. */
  kept: (keyof BookingFormValues)[];
  /** Of those, the parts the other change touched too: theirs is replaced by this person's. */
  clashed: (keyof BookingFormValues)[];
}

/**
 * After someone else saved the duty while it was being edited: the duty as they left it (`theirs`), with
 * every part this person changed from what they opened (`base` → `mine`) put back on top, so reloading
 * loses nothing typed; the parts both changed are named, to be looked at before saving again.
 */
export function rebaseEdits(
  base: BookingFormValues,
  mine: BookingFormValues,
  theirs: BookingFormValues,
): Rebased {
  const values: BookingFormValues = { ...theirs };
  const kept: (keyof BookingFormValues)[] = [];
  const clashed: (keyof BookingFormValues)[] = [];
  for (const part of PARTS) {
    if (same(base[part], mine[part])) continue;
    Object.assign(values, { [part]: mine[part] });
    kept.push(part);
    if (!same(base[part], theirs[part]) && !same(mine[part], theirs[part])) clashed.push(part);
  }
  return { values, kept, clashed };
}

/** What the form knows besides its values: the operator's booking custom fields it shows. */
export interface BookingFormContext {
  customFields: readonly CustomFieldShape[];
}

/**
 * The rows for the booking custom fields shown, in the fields' order: a row already there keeps its
 * value, a field without one gets a blank row.
 */
export function customFieldRows(
  fields: readonly CustomFieldShape[],
  rows: BookingFormValues['customFields'],
): BookingFormValues['customFields'] {
  return fields.map((field) => ({
    customFieldId: field.id,
    value: rows.find((row) => row.customFieldId === field.id)?.value ?? '',
  }));
}

/** A required field left blank, or a choice not among the field's, on the row of that field. */
function customFieldProblems(values: BookingFormValues, fields: readonly CustomFieldShape[]) {
  const problems: Record<string, string> = {};
  const missing = new Set(missingRequiredFields(fields, values.customFields).map((field) => field.id));
  values.customFields.forEach((row, index) => {
    const field = fields.find((f) => f.id === row.customFieldId);
    if (!field) return;
    const value = row.value.trim();
    const problem = missing.has(field.id)
      ? `Fill in ${field.name}; every booking needs it.`
      : value
        ? customFieldValueProblem(field, value)
        : undefined;
    if (problem) problems[`customFields.${index}.value`] = problem;
  });
  return problems;
}

/** What the schema says of a draft, keyed by the form's dotted paths (the first word for each). */
export function draftProblems(
  values: BookingFormValues,
  context: BookingFormContext = { customFields: [] },
): Record<string, string> {
  const parsed = bookingDraftSchema.safeParse(draftInputOf(values));
  const problems: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    // The draft's attachmentIds are the form's attachments.
    const path =
      issue.path
        .map(String)
        .join('.')
        .replace(/^attachmentIds/, 'attachments') || 'root';
    problems[path] ??= issue.message;
  }
  // A multi-day booking without its last day would silently be one day: say so instead.
  if (values.multiDay && values.lastDate.trim() === '') problems.lastDate ??= 'Choose the last day.';
  for (const [path, message] of Object.entries(customFieldProblems(values, context.customFields))) {
    problems[path] ??= message;
  }
  return problems;
}

/** react-hook-form's resolver: the form's values in, the checked draft out, or the problems on their fields. */
export const bookingFormResolver: Resolver<BookingFormValues, BookingFormContext, BookingDraft> = (
  values,
  context,
  options,
) => {
  const problems = draftProblems(values, context);
  if (Object.keys(problems).length === 0) {
    return { values: bookingDraftSchema.parse(draftInputOf(values)), errors: {} };
  }
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(problems)) {
    const error: FieldError = { type: 'validation', message };
    errors[path] = error;
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};

/** What a customer's record brings to a new booking: its city, and its contact as the booker. */
export interface CustomerDefaults {
  cityId: string | null;
  contactPerson: string | null;
  phone: string | null;
  email: string | null;
  /** The company (My Companies) the customer's duties are billed from. */
  billedFromCompanyId: string | null;
}

/**
 * The fields a chosen customer fills: only those still empty, so nothing typed is overwritten. The booker
 * is the customer's contact when no booker is given yet.
 */
type CustomerFilled = Pick<BookingFormValues, 'fromCityId' | 'bookedBy' | 'companyId'>;

export function customerPatch(values: CustomerFilled, customer: CustomerDefaults): Partial<CustomerFilled> {
  const patch: Partial<CustomerFilled> = {};
  if (!values.fromCityId && customer.cityId) patch.fromCityId = customer.cityId;
  if (!values.companyId && customer.billedFromCompanyId) patch.companyId = customer.billedFromCompanyId;
  const { name, phone, email } = values.bookedBy;
  if (!name && !phone && !email && (customer.contactPerson || customer.phone || customer.email)) {
    patch.bookedBy = {
      name: customer.contactPerson ?? '',
      phone: customer.phone ?? '',
      email: customer.email ?? '',
    };
  }
  return patch;
}
