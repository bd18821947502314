// Suppliers' invoices (/operations/purchases/invoices): the list, an invoice's page, the supplier's duties
// to take, and every step of an invoice's life. Each procedure needs its permission; billing checks it
// again.
import { decodePurchaseInvoiceListPage, PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import type { PurchaseInvoice } from '@fleet/proto/fleet/billing/v1/purchase_invoice_pb';
import Decimal from 'decimal.js';
import { z } from 'zod';
import type { GatewayServices, SignedInCaller } from '../../context';
import { procedureNeeding } from '../../trpc';
import { namesOf } from '../booking/people-names';
import { required } from '../shared-mappers';
import { billableDutiesInput, cancelInput, draftInput, emailInput, listInput, updateInput } from './inputs';
import { purchaseInvoiceDutyToJson, purchaseInvoiceToJson, purchaseListItemToJson } from './mappers';

/** The invoice with its history named by identity. */
async function page(services: GatewayServices, caller: SignedInCaller, invoice: PurchaseInvoice | undefined) {
  const found = required(invoice, 'the purchase invoice');
  const names = await namesOf(
    services.identity,
    caller,
    found.activity.map((a) => a.byUserId),
  );
  return purchaseInvoiceToJson(found, names);
}

export const list = procedureNeeding(PERMISSION.view_purchase)
  .input(listInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listPurchaseInvoices(
      {
        search: input.search,
        supplierIds: input.supplierIds ?? [],
        statuses: input.statuses ?? [],
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        includeCancelled: input.includeCancelled ?? false,
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return {
      purchaseInvoices: decodePurchaseInvoiceListPage(r.invoicesJson).map(purchaseListItemToJson),
      ...pageInfoFromProto(r.page),
    };
  });

export const get = procedureNeeding(PERMISSION.view_purchase)
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.getPurchaseInvoice(input, callAs(ctx.caller));
    return page(ctx.services, ctx.caller, r.purchaseInvoice);
  });

/** The supplier's closed duties that can be taken (and those that cannot, with why), and its defaults. */
export const billableDuties = procedureNeeding(PERMISSION.manage_purchase)
  .input(billableDutiesInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listBillablePurchaseDuties(input, callAs(ctx.caller));
    return {
      duties: r.duties.map(purchaseInvoiceDutyToJson),
      invoicesUnaccepted: r.invoicesUnaccepted,
      defaultTdsPercentage: r.defaultTdsPercentage,
      taxes: r.taxes.map((t) => ({
        taxId: t.taxId,
        name: t.name,
        percentage: new Decimal(t.percentage || 0),
      })),
    };
  });

export const create = procedureNeeding(PERMISSION.manage_purchase)
  .input(draftInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.createPurchaseInvoice({ draft: input }, callAs(ctx.caller));
    return page(ctx.services, ctx.caller, r.purchaseInvoice);
  });

export const update = procedureNeeding(PERMISSION.manage_purchase)
  .input(updateInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.updatePurchaseInvoice(
      { id: input.id, draft: input.draft, expectedVersion: input.expectedVersion },
      callAs(ctx.caller),
    );
    return page(ctx.services, ctx.caller, r.purchaseInvoice);
  });

export const approve = procedureNeeding(PERMISSION.approve_purchase_invoice)
  .input(z.object({ id: idSchema }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.approvePurchaseInvoice(input, callAs(ctx.caller));
    return page(ctx.services, ctx.caller, r.purchaseInvoice);
  });

export const cancel = procedureNeeding(PERMISSION.cancel_purchase)
  .input(cancelInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.cancelPurchaseInvoice(input, callAs(ctx.caller));
    return page(ctx.services, ctx.caller, r.purchaseInvoice);
  });

export const email = procedureNeeding(PERMISSION.email_purchase)
  .input(emailInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.emailPurchaseInvoice(input, callAs(ctx.caller));
    return page(ctx.services, ctx.caller, r.purchaseInvoice);
  });
