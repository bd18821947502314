// Receipts: money received against invoices, as an advance or on account; what a customer's invoices
// still ask for; applying what an advance holds; cancelling. Each procedure needs its permission; billing
// checks it again.
import { emailSchema, PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import {
  applyInput,
  createInput,
  listInput,
  openInvoicesInput,
  outstandingInput,
  statementInput,
  statementPeriodInput,
} from './inputs';
import {
  openInvoiceToJson,
  outstandingToJson,
  type ReceivablesJson,
  receiptToJson,
  statementToJson,
  type TdsReceivableJson,
} from './mappers';

export const list = procedureNeeding(PERMISSION.view_receipt)
  .input(listInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listReceipts(
      {
        search: input.search,
        customerIds: input.customerIds ?? [],
        types: input.types ?? [],
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        includeCancelled: input.includeCancelled ?? false,
        invoiceId: input.invoiceId,
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return { receipts: r.receipts.map(receiptToJson), ...pageInfoFromProto(r.page) };
  });

export const get = procedureNeeding(PERMISSION.view_receipt)
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.getReceipt(input, callAs(ctx.caller));
    return receiptToJson(required(r.receipt, 'the receipt'));
  });

export const openInvoices = procedureNeeding(PERMISSION.view_receipt)
  .input(openInvoicesInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listOpenInvoices(
      { customerId: input.customerId, invoiceIds: input.invoiceIds ?? [] },
      callAs(ctx.caller),
    );
    return { invoices: r.invoices.map(openInvoiceToJson), unapplied: r.unapplied };
  });

export const create = procedureNeeding(PERMISSION.manage_receipt)
  .input(createInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.createReceipt(input, callAs(ctx.caller));
    return receiptToJson(required(r.receipt, 'the receipt'));
  });

export const applyToInvoices = procedureNeeding(PERMISSION.manage_receipt)
  .input(applyInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.applyReceipt(input, callAs(ctx.caller));
    return receiptToJson(required(r.receipt, 'the receipt'));
  });

export const cancel = procedureNeeding(PERMISSION.cancel_receipt)
  .input(
    z.object({ id: idSchema, reason: z.string().trim().min(1, 'Say why the receipt is cancelled').max(500) }),
  )
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.cancelReceipt(input, callAs(ctx.caller));
    return receiptToJson(required(r.receipt, 'the receipt'));
  });

/**
 * The receivables: every open invoice of the operator aged, a report heavy enough that the readers of one
 * operator asking the same within a second share one answer (sharedReports) — at most a second old.
 */
export const outstanding = procedureNeeding(PERMISSION.view_receipt)
  .input(outstandingInput)
  .query(({ ctx, input }) => {
    const customerIds = input.customerIds ?? [];
    const key = `${ctx.caller.tenantId}|${input.basis}|${[...customerIds].sort().join(',')}`;
    return ctx.sharedReports.receivables.get(key, async (): Promise<ReceivablesJson> => {
      const r = await ctx.services.billing.listOutstanding(
        { basis: input.basis, customerIds },
        callAs(ctx.caller),
      );
      return {
        customers: r.customers.map(outstandingToJson),
        total: outstandingToJson(required(r.total, 'the total')),
        asOf: r.asOf,
      };
    });
  });

export const statement = procedureNeeding(PERMISSION.view_receipt)
  .input(statementInput)
  .query(async ({ ctx, input }) =>
    statementToJson(await ctx.services.billing.getCustomerStatement(input, callAs(ctx.caller))),
  );

/** The TDS receivable: a year's receipts summed, shared like the receivables by readers of a moment. */
export const tdsReceivable = procedureNeeding(PERMISSION.view_receipt)
  .input(statementPeriodInput)
  .query(({ ctx, input }) => {
    const key = `${ctx.caller.tenantId}|${input.dateFrom ?? ''}|${input.dateTo ?? ''}`;
    return ctx.sharedReports.tds.get(key, async (): Promise<TdsReceivableJson> => {
      const r = await ctx.services.billing.listTdsReceivable(input, callAs(ctx.caller));
      return {
        dateFrom: r.dateFrom,
        dateTo: r.dateTo,
        customers: r.customers.map((c) => ({
          customerId: c.customerId,
          customerName: c.customerName,
          pan: c.pan,
          receipts: c.receipts,
          tds: new Decimal(c.tds || 0),
        })),
        total: new Decimal(r.total || 0),
      };
    });
  });

/** Emails the receipt with its PDF (messaging sends it) to the addresses given, else the customer's. */
export const email = procedureNeeding(PERMISSION.email_receipt)
  .input(
    z.object({ id: idSchema, to: z.array(emailSchema).max(10, 'Send to at most 10 addresses.').default([]) }),
  )
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.emailReceipt(input, callAs(ctx.caller));
    return { sentTo: r.sentTo };
  });
