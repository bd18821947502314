// A customer's dues as its payment request's link shows them (spec §2 public routes, /payment-request):
// public, reached by the link's token alone, rate-limited per address as the other public pages are.
import { publicTokenInput } from '@fleet/domain/inputs';
import Decimal from 'decimal.js';
import { publicProcedure, router } from '../../trpc';
import { asPublicVisit } from '../public-slip/visit';
import { dateOrNull, required } from '../shared-mappers';

const get = publicProcedure.input(publicTokenInput).query(async ({ ctx, input }) => {
  const { request } = await ctx.services.billing.getPublicPaymentRequest(
    { token: input.token },
    asPublicVisit(ctx),
  );
  const page = required(request, 'the payment request');
  return {
    companyName: page.companyName,
    companyLines: page.companyLines,
    customerName: page.customerName,
    invoices: page.invoices.map((invoice) => ({
      id: invoice.invoiceId,
      invoiceNo: invoice.invoiceNo,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate || null,
      total: new Decimal(invoice.total),
      outstanding: new Decimal(invoice.outstanding),
    })),
    totalDue: new Decimal(page.totalDue),
    bankAccount: page.bankAccount
      ? {
          accountHolder: page.bankAccount.accountHolder,
          bankName: page.bankAccount.bankName,
          accountNo: page.bankAccount.accountNo,
          ifsc: page.bankAccount.ifsc,
          branchName: page.bankAccount.branchName,
          upiId: page.bankAccount.upiId,
        }
      : null,
    expiresAt: dateOrNull(page.expiresAt),
  };
});

export const publicPaymentRequestRouter = router({ get });
