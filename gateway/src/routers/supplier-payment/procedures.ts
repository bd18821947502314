// Supplier payments: money paid to suppliers against their purchase invoices or as advances; what a
// supplier's invoices still owe; applying an advance; cancelling; what each supplier is owed, aged. Each
// procedure needs its permission; billing checks it again. Cancelling needs manage_purchase_payment: the
// catalogue has no separate cancel permission for supplier payments.
import { PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import {
  applyInput,
  cancelInput,
  createInput,
  listInput,
  openInvoicesInput,
  outstandingInput,
} from './inputs';
import {
  owingInvoiceToJson,
  type PayablesJson,
  supplierOutstandingToJson,
  supplierPaymentToJson,
} from './mappers';

const settlementsOf = (settlements: readonly { purchaseInvoiceId: string; amount: string }[]) =>
  settlements.map((s) => ({ purchaseInvoiceId: s.purchaseInvoiceId, amount: s.amount }));

export const list = procedureNeeding(PERMISSION.view_purchase_payment)
  .input(listInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listSupplierPayments(
      {
        search: input.search,
        supplierIds: input.supplierIds ?? [],
        types: input.types ?? [],
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        includeCancelled: input.includeCancelled ?? false,
        purchaseInvoiceId: input.purchaseInvoiceId,
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return { payments: r.payments.map(supplierPaymentToJson), ...pageInfoFromProto(r.page) };
  });

export const get = procedureNeeding(PERMISSION.view_purchase_payment)
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.getSupplierPayment(input, callAs(ctx.caller));
    return supplierPaymentToJson(required(r.payment, 'the supplier payment'));
  });

export const openInvoices = procedureNeeding(PERMISSION.view_purchase_payment)
  .input(openInvoicesInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listOwingPurchaseInvoices(
      { supplierId: input.supplierId, purchaseInvoiceIds: input.purchaseInvoiceIds ?? [] },
      callAs(ctx.caller),
    );
    return { invoices: r.invoices.map(owingInvoiceToJson), advances: r.advances };
  });

/** The payables: every open purchase invoice aged, shared by one operator's readers of a moment as the receivables are. */
export const outstanding = procedureNeeding(PERMISSION.view_purchase_payment)
  .input(outstandingInput)
  .query(({ ctx, input }) => {
    const supplierIds = input.supplierIds ?? [];
    const key = `${ctx.caller.tenantId}|${input.basis}|${[...supplierIds].sort().join(',')}`;
    return ctx.sharedReports.payables.get(key, async (): Promise<PayablesJson> => {
      const r = await ctx.services.billing.listSupplierOutstanding(
        { basis: input.basis, supplierIds },
        callAs(ctx.caller),
      );
      return {
        suppliers: r.suppliers.map(supplierOutstandingToJson),
        total: supplierOutstandingToJson(required(r.total, 'the total')),
        asOf: r.asOf,
      };
    });
  });

export const create = procedureNeeding(PERMISSION.manage_purchase_payment)
  .input(createInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.createSupplierPayment(
      { ...input, settlements: settlementsOf(input.settlements) },
      callAs(ctx.caller),
    );
    return supplierPaymentToJson(required(r.payment, 'the supplier payment'));
  });

export const applyToInvoices = procedureNeeding(PERMISSION.manage_purchase_payment)
  .input(applyInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.applySupplierPayment(
      { id: input.id, settlements: settlementsOf(input.settlements) },
      callAs(ctx.caller),
    );
    return supplierPaymentToJson(required(r.payment, 'the supplier payment'));
  });

export const cancel = procedureNeeding(PERMISSION.manage_purchase_payment)
  .input(cancelInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.cancelSupplierPayment(input, callAs(ctx.caller));
    return supplierPaymentToJson(required(r.payment, 'the supplier payment'));
  });
