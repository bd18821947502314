// Asking a customer to pay (from the receivables, a customer's statement or an open invoice): where its
// messages go by default, and the request itself — by email and text, with the amount due and a link to a
// public page of its dues. Sending needs request_payment; billing also asks view_receipt (it reads what the
// customer owes).
import { emailSchema, PERMISSION, phoneSchema } from '@fleet/domain';
import { idSchema, optionalId } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { procedureNeeding, router } from '../../trpc';
import { dateOrNull, required } from '../shared-mappers';

export const requestPaymentInput = z.object({
  customerId: idSchema,
  invoiceId: optionalId,
  emails: z.array(emailSchema).max(10, 'Send to at most 10 addresses.').default([]),
  phones: z.array(phoneSchema).max(10, 'Text at most 10 phones.').default([]),
});

const contacts = procedureNeeding(PERMISSION.view_receipt)
  .input(z.object({ customerId: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.getCustomerContacts(input, callAs(ctx.caller));
    return { customerName: r.customerName, emails: r.emails, phones: r.phones };
  });

const send = procedureNeeding(PERMISSION.request_payment)
  .input(requestPaymentInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.requestPayment(
      {
        customerId: input.customerId,
        invoiceId: input.invoiceId ?? '',
        emails: input.emails,
        phones: input.phones,
      },
      callAs(ctx.caller),
    );
    const request = required(r.request, 'the payment request');
    return {
      id: request.id,
      customerName: request.customerName,
      invoiceNo: request.invoiceNo,
      amountDue: new Decimal(request.amountDue),
      emails: request.emails,
      phones: request.phones,
      expiresAt: dateOrNull(request.expiresAt),
    };
  });

export const paymentRequestRouter = router({ contacts, send });
