import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { dltTemplateIdSchema, templateBody, templateSubject, templateTypeSchema } from './inputs';

export const previewTemplateInput = z
  .object({
    type: templateTypeSchema,
    body: templateBody,
    subject: templateSubject,
    dltTemplateId: dltTemplateIdSchema,
    /** The booking to fill it from: its id, or the number staff know it by. */
    bookingId: idSchema.optional(),
    bookingNo: z
      .number()
      .int('A booking number is a whole number')
      .min(1, 'Give a booking number')
      .max(Number.MAX_SAFE_INTEGER)
      .optional(),
  })
  .refine((i) => i.bookingId !== undefined || i.bookingNo !== undefined, {
    message: 'Give a booking number',
    path: ['bookingNo'],
  });

/** A template as typed, filled from one of the operator's bookings: the text, and which variables were empty or cut. */
export const preview = procedureNeeding('view_company_profile')
  .input(previewTemplateInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.messaging.previewTemplate(
      {
        type: input.type,
        body: input.body,
        subject: input.subject,
        dltTemplateId: input.dltTemplateId,
        bookingId: input.bookingId ?? '',
        bookingNo: BigInt(input.bookingNo ?? 0),
      },
      callAs(ctx.caller),
    );
    return {
      text: r.text,
      subject: r.subject,
      emptyVariables: r.emptyVariables,
      cutVariables: r.cutVariables,
      bookingId: r.bookingId,
      bookingNo: Number(r.bookingNo),
    };
  });
