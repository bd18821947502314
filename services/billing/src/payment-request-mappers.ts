// Payment requests and their public page to proto.
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  type PaymentRequest,
  PaymentRequestSchema,
  type PublicPaymentRequest,
  PublicPaymentRequestSchema,
} from '@fleet/proto/fleet/billing/v1/receipt_documents_pb';
import Decimal from 'decimal.js';
import type { PaymentRequestRow } from './storage/payment-requests-store';
import type { PublicPaymentPage } from './use-cases/receipt-documents';

const money = (value: string) => new Decimal(value || 0).toFixed(2);

export function paymentRequestToProto(row: PaymentRequestRow): PaymentRequest {
  return create(PaymentRequestSchema, {
    id: row.id,
    customerId: row.customerId,
    customerName: row.customerName,
    invoiceId: row.invoiceId ?? '',
    invoiceNo: row.invoiceNo,
    amountDue: money(row.amountDue),
    emails: row.emails,
    phones: row.phones,
    createdAt: timestampFromDate(row.createdAt),
    expiresAt: timestampFromDate(row.expiresAt),
  });
}

export function publicPaymentPageToProto(page: PublicPaymentPage): PublicPaymentRequest {
  return create(PublicPaymentRequestSchema, {
    companyName: page.companyName,
    companyLines: page.companyLines,
    customerName: page.customerName,
    invoices: page.invoices.map((invoice) => ({
      invoiceId: invoice.invoiceId,
      invoiceNo: invoice.invoiceNo,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate ?? '',
      total: money(invoice.total),
      outstanding: money(invoice.outstanding),
    })),
    totalDue: page.totalDue,
    ...(page.bankAccount ? { bankAccount: page.bankAccount } : {}),
    expiresAt: timestampFromDate(page.expiresAt),
  });
}
