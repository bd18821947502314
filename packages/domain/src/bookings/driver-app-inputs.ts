// What the driver app sends, checked alike by the app before it queues an act and by the gateway before
// it reaches bookings (which checks again). Every act carries the id the phone gave it and the phone's
// time, so a retry or an offline replay is recognised and placed when it happened.
import Decimal from 'decimal.js';
import { z } from 'zod';
import { optional, optionalText } from '../inputs/common';
import { idSchema } from '../validation/id';
import { plainText } from '../validation/text';
import { TRIP_EVENTS } from './driver-app';
import { BILLING_ITEM_NOTE_MAX, billingItemAmountProblem } from './duty-billing-items';

const act = {
  id: idSchema,
  clientActionId: z.uuid({ message: 'The app gives each act an id (a UUID)' }),
  at: z.date({ message: 'Give the time it happened' }),
};

export const driverAnswerSchema = z.object({
  ...act,
  answer: z.enum(['ACCEPT', 'REJECT'], { message: 'Accept or reject the duty' }),
  reason: optionalText(500),
});
export type DriverAnswerInput = z.input<typeof driverAnswerSchema>;

/** The driver opened navigation from the app, to the pickup or the drop. */
export const driverNavigationSchema = z.object({
  ...act,
  to: z.enum(['PICKUP', 'DROP'], { message: 'Navigate to the PICKUP or the DROP' }),
});
export type DriverNavigationInput = z.input<typeof driverNavigationSchema>;

export const tripEventInputSchema = z
  .object({
    ...act,
    event: z.enum(TRIP_EVENTS, { message: `The trip's events are ${TRIP_EVENTS.join(', ')}` }),
    km: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d)?$/, 'Give the odometer in km, e.g. 45210.5'),
    latitude: z.number().finite().min(-90).max(90).optional(),
    longitude: z.number().finite().min(-180).max(180).optional(),
    location: optionalText(200),
    photoFileId: optional(idSchema),
    code: optional(
      z
        .string()
        .trim()
        .regex(/^\d{4}$/, 'The passenger’s code has 4 digits'),
    ),
    signatureFileId: optional(idSchema),
  })
  .refine((e) => (e.latitude === undefined) === (e.longitude === undefined), {
    path: ['latitude'],
    message: 'Give both the latitude and the longitude, or neither',
  });
export type TripEventInput = z.input<typeof tripEventInputSchema>;

export const driverBillingItemSchema = z.object({
  ...act,
  billingItemId: idSchema,
  amount: plainText()
    .trim()
    .superRefine((amount, ctx) => {
      const problem =
        billingItemAmountProblem(amount) ??
        // An expense is money the driver paid; a km reading is the trip event's km, with its photo.
        (new Decimal(amount).isZero()
          ? 'Enter what you paid, more than ₹0. Kilometres go with the trip’s steps, not as an expense.'
          : undefined);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  receiptFileId: optional(idSchema),
  note: optionalText(BILLING_ITEM_NOTE_MAX),
});
export type DriverBillingItemInput = z.input<typeof driverBillingItemSchema>;
