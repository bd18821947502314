// What staff write when they take a booking (spec §3 Booking): one schema for the web app's form, the
// gateway's input and the bookings service's own check of a direct caller. A booking from one date to a
// later one is a PARENT with a CHILD duty per day (DOMAIN.md); a price left empty is taken from the
// customer's rate card in force.
import Decimal from 'decimal.js';
import { z } from 'zod';
import { decimalSchema, QUARTER_HOUR_TIME } from '../masters/fields';
import { emailSchema } from '../validation/email';
import { chosenId, chosenReferenceCode, idSchema, referenceCodeSchema } from '../validation/id';
import { isoDateSchema } from '../validation/iso-date';
import { phoneSchema } from '../validation/phone';
import { plainText } from '../validation/text';

/** A multi-day booking runs at most this many days (a month of monthly duties and some). */
export const MAX_BOOKING_DAYS = 62;
export const MAX_PASSENGERS = 20;
export const MAX_ADDITIONAL_CONTACTS = 10;
export const MAX_BOOKING_LABELS = 20;
export const MAX_BOOKING_ATTACHMENTS = 10;

const text = (max: number) =>
  plainText().trim().max(max, `Keep this to ${max} characters or fewer`).default('');
const required = (max: number, message: string) =>
  plainText().trim().min(1, message).max(max, `Keep this to ${max} characters or fewer`);
const optionalPhone = z.union([z.literal(''), phoneSchema]).default('');
const optionalEmail = z.union([z.literal(''), emailSchema]).default('');
const money = (label: string) =>
  decimalSchema(label, 2, new Decimal('99999999.99'))
    .nullish()
    .transform((v) => v ?? null);
const rate = (label: string) =>
  decimalSchema(label, 4, new Decimal('999999.9999'))
    .nullish()
    .transform((v) => v ?? null);

export const bookingContactSchema = z.object({
  name: required(120, 'Enter the name'),
  phone: optionalPhone,
  email: optionalEmail,
  customField: text(200),
});

const priceSchema = z
  .object({
    price: money('Price'),
    extraKmRate: rate('Extra km rate'),
    extraHourRate: rate('Extra hour rate'),
  })
  .default({ price: null, extraKmRate: null, extraHourRate: null });

export const bookingDraftSchema = z
  .object({
    customerId: chosenId('customer'),
    /** The operator's company (My Companies) the booking is billed from; the first one unless given. */
    companyId: idSchema.nullish().transform((v) => v ?? null),
    bookedBy: z
      .object({ name: text(120), phone: optionalPhone, email: optionalEmail })
      .default({ name: '', phone: '', email: '' }),
    passengers: z
      .array(bookingContactSchema)
      .min(1, 'Add the passenger')
      .max(MAX_PASSENGERS, `At most ${MAX_PASSENGERS} passengers`),
    additionalContacts: z
      .array(bookingContactSchema)
      .max(MAX_ADDITIONAL_CONTACTS, `At most ${MAX_ADDITIONAL_CONTACTS} contacts`)
      .default([]),
    fromCityId: chosenReferenceCode('city'),
    toCityId: referenceCodeSchema.nullish().transform((v) => v ?? null),
    vehicleGroupId: chosenId('vehicle group'),
    dutyTypeId: chosenId('duty type'),
    reportingDate: isoDateSchema,
    reportingTime: z.string().regex(QUARTER_HOUR_TIME, 'Choose a time on the quarter hour, e.g. 06:30'),
    /** The last day of a multi-day booking; absent or the reporting date for one duty. */
    lastDate: isoDateSchema.nullish().transform((v) => v ?? null),
    reportingAddress: required(400, 'Enter where to report'),
    dropAddress: text(400),
    remark: text(2000),
    operatorNotes: text(2000),
    orderReferenceNumber: text(60),
    labelIds: z.array(idSchema).max(MAX_BOOKING_LABELS, `At most ${MAX_BOOKING_LABELS} labels`).default([]),
    attachmentIds: z
      .array(idSchema)
      .max(MAX_BOOKING_ATTACHMENTS, `At most ${MAX_BOOKING_ATTACHMENTS} attachments`)
      .default([]),
    dutySupporterIds: z.array(idSchema).max(10, 'At most 10 duty supporters').default([]),
    /** A custom field left blank ('') is not filled in: the form sends a row per field it shows. */
    customFields: z
      .array(z.object({ customFieldId: idSchema, value: text(200) }))
      .max(20, 'At most 20 custom fields')
      .default([]),
    sales: priceSchema,
    purchase: priceSchema,
    /** Confirmed (BOOKED) unless the customer has not confirmed yet (UNCONFIRMED). */
    confirmed: z.boolean().default(true),
  })
  .superRefine((draft, ctx) => {
    if (draft.lastDate !== null) {
      const days = daysBetween(draft.reportingDate, draft.lastDate);
      if (days < 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['lastDate'],
          message: 'The last day cannot be before the first.',
        });
      } else if (days >= MAX_BOOKING_DAYS) {
        ctx.addIssue({
          code: 'custom',
          path: ['lastDate'],
          message: `A booking runs at most ${MAX_BOOKING_DAYS} days; take another for the rest.`,
        });
      }
    }
    const seen = new Set<string>();
    draft.labelIds.forEach((id, i) => {
      if (seen.has(id))
        ctx.addIssue({ code: 'custom', path: ['labelIds', i], message: 'This label is already on.' });
      seen.add(id);
    });
    const filled = new Set<string>();
    draft.customFields.forEach((entry, i) => {
      if (filled.has(entry.customFieldId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['customFields', i, 'customFieldId'],
          message: 'This field is already filled in.',
        });
      }
      filled.add(entry.customFieldId);
    });
  });

export type BookingDraftInput = z.input<typeof bookingDraftSchema>;
export type BookingDraft = z.output<typeof bookingDraftSchema>;
export type BookingContact = z.output<typeof bookingContactSchema>;

/** Whole days from one YYYY-MM-DD date to another (negative when the second is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The dates a draft's duties fall on, first to last. */
export function dutyDates(draft: Pick<BookingDraft, 'reportingDate' | 'lastDate'>): string[] {
  const days = draft.lastDate === null ? 0 : Math.max(0, daysBetween(draft.reportingDate, draft.lastDate));
  return Array.from({ length: days + 1 }, (_, i) =>
    new Date(Date.parse(`${draft.reportingDate}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );
}
