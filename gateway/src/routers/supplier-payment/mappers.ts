import type {
  OwingPurchaseInvoice,
  SupplierOutstanding,
  SupplierPayment,
} from '@fleet/proto/fleet/billing/v1/supplier_payment_pb';
import Decimal from 'decimal.js';
import { dateOrNull, textOrNull } from '../shared-mappers';

const money = (value: string) => new Decimal(value || 0);

export function supplierPaymentToJson(payment: SupplierPayment) {
  return {
    id: payment.id,
    paymentNo: payment.paymentNo,
    type: payment.type,
    companyId: payment.companyId,
    supplierId: payment.supplierId,
    supplierName: payment.supplierName,
    paymentDate: payment.paymentDate,
    amount: money(payment.amount),
    appliedAmount: money(payment.appliedAmount),
    unappliedAmount: money(payment.unappliedAmount),
    paymentMode: payment.paymentMode,
    chequeNo: textOrNull(payment.chequeNo),
    chequeDate: textOrNull(payment.chequeDate),
    bankName: textOrNull(payment.bankName),
    reference: textOrNull(payment.reference),
    notes: payment.notes,
    bookingId: textOrNull(payment.bookingId),
    isCancelled: payment.isCancelled,
    cancellationReason: textOrNull(payment.cancellationReason),
    settlements: payment.settlements.map((s) => ({
      purchaseInvoiceId: s.purchaseInvoiceId,
      purchaseNo: s.purchaseNo,
      supplierInvoiceNo: s.supplierInvoiceNo,
      amount: money(s.amount),
      isLive: s.isLive,
      appliedAt: dateOrNull(s.appliedAt),
    })),
    createdAt: dateOrNull(payment.createdAt),
    version: payment.version,
  };
}

export function owingInvoiceToJson(invoice: OwingPurchaseInvoice) {
  return {
    purchaseInvoiceId: invoice.purchaseInvoiceId,
    purchaseNo: invoice.purchaseNo,
    supplierInvoiceNo: invoice.supplierInvoiceNo,
    supplierId: invoice.supplierId,
    supplierName: invoice.supplierName,
    companyId: invoice.companyId,
    status: invoice.status,
    supplierInvoiceDate: invoice.supplierInvoiceDate,
    dueDate: textOrNull(invoice.dueDate),
    payable: money(invoice.payable),
    paid: money(invoice.paid),
    owing: money(invoice.owing),
  };
}

/** What each supplier is owed, as the payables screen reads it. */
export interface PayablesJson {
  suppliers: ReturnType<typeof supplierOutstandingToJson>[];
  total: ReturnType<typeof supplierOutstandingToJson>;
  asOf: string;
}

export function supplierOutstandingToJson(row: SupplierOutstanding) {
  return {
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    outstanding: money(row.outstanding),
    notDue: money(row.notDue),
    days1To30: money(row.days1To30),
    days31To60: money(row.days31To60),
    days61To90: money(row.days61To90),
    over90: money(row.over90),
    advances: money(row.advances),
    openInvoices: row.openInvoices,
    oldestInvoiceDate: textOrNull(row.oldestInvoiceDate),
  };
}
