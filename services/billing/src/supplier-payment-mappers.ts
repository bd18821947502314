// Supplier payments, what purchase invoices still owe and what suppliers are owed, as proto messages.
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  type OwingPurchaseInvoice,
  OwingPurchaseInvoiceSchema,
  type SupplierOutstanding,
  SupplierOutstandingSchema,
  type SupplierPayment,
  SupplierPaymentSchema,
} from '@fleet/proto/fleet/billing/v1/supplier_payment_pb';
import Decimal from 'decimal.js';
import type {
  OwingInvoiceRow,
  SupplierOutstandingRow,
  SupplierPaymentRow,
  SupplierSettlementRow,
} from './storage/supplier-payments-store';

const money = (value: string) => new Decimal(value).toFixed(2);
const stamp = (at: string | null) => (at ? timestampFromDate(new Date(at)) : undefined);

/** A payment, with its settlements when given. */
export function supplierPaymentToProto(
  row: SupplierPaymentRow,
  settlements: readonly SupplierSettlementRow[] = [],
): SupplierPayment {
  return create(SupplierPaymentSchema, {
    id: row.id,
    paymentNo: row.paymentNo,
    sequence: BigInt(row.sequence),
    financialYear: row.financialYear,
    type: row.type,
    companyId: row.companyId,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    paymentDate: row.paymentDate,
    amount: money(row.amount),
    appliedAmount: money(row.applied),
    unappliedAmount: row.isCancelled ? '0.00' : new Decimal(row.amount).minus(row.applied).toFixed(2),
    paymentMode: row.paymentMode,
    chequeNo: row.chequeNo,
    chequeDate: row.chequeDate ?? '',
    bankName: row.bankName,
    reference: row.reference,
    notes: row.notes,
    bookingId: row.bookingId ?? '',
    isCancelled: row.isCancelled,
    cancellationReason: row.cancellationReason,
    settlements: settlements.map((s) => ({
      purchaseInvoiceId: s.invoiceId,
      purchaseNo: s.purchaseNo,
      supplierInvoiceNo: s.supplierInvoiceNo,
      amount: money(s.amount),
      isLive: s.isLive,
      appliedAt: stamp(s.appliedAt),
    })),
    createdAt: stamp(row.createdAt),
    version: row.version,
  });
}

export function owingInvoiceToProto(row: OwingInvoiceRow): OwingPurchaseInvoice {
  return create(OwingPurchaseInvoiceSchema, {
    purchaseInvoiceId: row.invoiceId,
    purchaseNo: row.purchaseNo,
    supplierInvoiceNo: row.supplierInvoiceNo,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    companyId: row.companyId,
    status: row.status,
    supplierInvoiceDate: row.supplierInvoiceDate,
    dueDate: row.dueDate,
    payable: money(row.payable),
    paid: money(row.paid),
    owing: money(row.owing),
  });
}

export function supplierOutstandingToProto(row: SupplierOutstandingRow): SupplierOutstanding {
  return create(SupplierOutstandingSchema, {
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
    oldestInvoiceDate: row.oldestInvoiceDate,
  });
}
