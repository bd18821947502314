// The invoices (/operations/billing): the list, an invoice's page, the duties to invoice, and every
// step of an invoice's life. Each procedure needs its permission; billing checks it again.
import { decodeInvoiceListPage, isoDateSchema, PERMISSION } from '@fleet/domain';
import { idSchema, optionalId, optionalText } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { z } from 'zod';
import type { GatewayServices, SignedInCaller } from '../../context';
import { procedureNeeding } from '../../trpc';
import { namesOf } from '../booking/people-names';
import { required } from '../shared-mappers';
import { draftInput, dutiesInput, listInput, reasonInput } from './inputs';
import {
  activityToJson,
  dutyToJson,
  invoiceListItemToJson,
  invoiceRowToJson,
  invoiceToJson,
} from './mappers';

/** An invoice with its duties and history (who did what, named by identity). */
async function invoicePage(services: GatewayServices, caller: SignedInCaller, id: string) {
  const r = await services.billing.getInvoice({ id }, callAs(caller));
  const names = await namesOf(
    services.identity,
    caller,
    r.activity.flatMap((a) => [a.userId, a.actorUserId]),
  );
  return {
    invoice: invoiceToJson(required(r.invoice, 'the invoice')),
    duties: r.duties.map(dutyToJson),
    activity: r.activity.map((a) => activityToJson(a, names)),
  };
}

export const list = procedureNeeding(PERMISSION.view_invoice)
  .input(listInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listInvoices(
      {
        search: input.search,
        statuses: input.statuses ?? [],
        customerIds: input.customerIds ?? [],
        companyIds: input.companyIds ?? [],
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        dispatched: input.dispatched,
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return {
      invoices: decodeInvoiceListPage(r.invoicesJson).map(invoiceListItemToJson),
      ...pageInfoFromProto(r.page),
    };
  });

export const get = procedureNeeding(PERMISSION.view_invoice)
  .input(z.object({ id: idSchema }))
  .query(({ ctx, input }) => invoicePage(ctx.services, ctx.caller, input.id));

/** Closed duties: bill-pending to invoice, or those invoices hold (the billing workspace). */
export const duties = procedureNeeding(PERMISSION.create_invoice)
  .input(dutiesInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listBillableDuties(
      {
        customerIds: input.customerIds ?? [],
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        billingStatus: input.billingStatus,
        search: input.search,
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return { duties: r.duties.map(dutyToJson), ...pageInfoFromProto(r.page) };
  });

export const create = procedureNeeding(PERMISSION.create_invoice)
  .input(draftInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.createInvoice({ draft: input }, callAs(ctx.caller));
    return invoiceToJson(required(r.invoice, 'the invoice'));
  });

export const createFromDuties = procedureNeeding(PERMISSION.create_invoice)
  .input(
    z.object({
      bookingIds: z.array(idSchema).min(1, 'Choose the duties to invoice').max(5000, 'At most 5,000 duties'),
      grouping: z.enum(['PER_CUSTOMER', 'PER_CUSTOMER_DAY', 'PER_DUTY']).default('PER_CUSTOMER'),
      invoiceDate: isoDateSchema.optional(),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.createInvoicesFromDuties(input, callAs(ctx.caller));
    return { invoices: r.invoices.map(invoiceRowToJson) };
  });

export const update = procedureNeeding(PERMISSION.edit_invoice)
  .input(z.object({ id: idSchema, expectedVersion: z.number().int().min(0).default(0), draft: draftInput }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.updateInvoice(input, callAs(ctx.caller));
    return invoiceToJson(required(r.invoice, 'the invoice'));
  });

export const approve = procedureNeeding(PERMISSION.approve_invoice)
  .input(z.object({ id: idSchema }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.approveInvoice(input, callAs(ctx.caller));
    return invoiceToJson(required(r.invoice, 'the invoice'));
  });

export const discard = procedureNeeding(PERMISSION.manage_invoice)
  .input(reasonInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.discardInvoice(input, callAs(ctx.caller));
    return invoiceToJson(required(r.invoice, 'the invoice'));
  });

export const cancel = procedureNeeding(PERMISSION.cancel_invoice)
  .input(reasonInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.cancelInvoice(input, callAs(ctx.caller));
    return invoiceToJson(required(r.invoice, 'the invoice'));
  });

export const changeCompany = procedureNeeding(PERMISSION.manage_invoice)
  .input(
    z.object({ id: idSchema, companyId: idSchema, companyProfileId: optionalId, reason: optionalText(500) }),
  )
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.changeInvoiceCompany(input, callAs(ctx.caller));
    return {
      cancelled: invoiceToJson(required(r.cancelled, 'the invoice')),
      reissued: invoiceToJson(required(r.reissued, 'the reissued invoice')),
    };
  });

export const dispatch = procedureNeeding(PERMISSION.email_invoice)
  .input(z.object({ id: idSchema, to: z.array(z.string().trim().max(254)).max(10).default([]) }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.dispatchInvoice(input, callAs(ctx.caller));
    return invoiceToJson(required(r.invoice, 'the invoice'));
  });
