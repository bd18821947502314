// Purchase invoices as their proto messages, and as the list page's items.
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { PurchaseInvoiceListItem } from '@fleet/domain';
import {
  type PurchaseInvoice,
  type PurchaseInvoiceDuty,
  PurchaseInvoiceDutySchema,
  PurchaseInvoiceSchema,
} from '@fleet/proto/fleet/billing/v1/purchase_invoice_pb';
import Decimal from 'decimal.js';
import type {
  PurchaseActivityRow,
  PurchaseDutyRecord,
  PurchaseInvoiceRecord,
  PurchaseLine,
  PurchaseListRow,
} from './storage/purchase-invoices-store';

const stamp = (at: string | Date | null) => (at ? timestampFromDate(new Date(at)) : undefined);
const money = (value: string) => new Decimal(value).toFixed(2);
const iso = (at: string | Date) => new Date(at).toISOString();

export function purchaseInvoiceDutyToProto(
  duty: PurchaseDutyRecord,
  blockedReason = '',
): PurchaseInvoiceDuty {
  return create(PurchaseInvoiceDutySchema, {
    bookingId: duty.bookingId,
    bookingNo: BigInt(duty.bookingNo),
    startDate: duty.startDate,
    status: duty.status,
    supplierId: duty.supplierId ?? '',
    supplierName: duty.supplierName,
    customerName: duty.customerName,
    vehicleNo: duty.vehicleNo,
    driverName: duty.driverName,
    purchaseAmount: duty.purchaseAmount === null ? '' : money(duty.purchaseAmount),
    purchaseSlipStatus: duty.purchaseSlipStatus,
    purchaseInvoiceId: duty.purchaseInvoiceId ?? '',
    purchaseInvoiceNo: duty.purchaseInvoiceNo ?? '',
    billingItems: (duty.billingItems ?? []).map((item) => ({
      name: item.name ?? '',
      amount: money(item.amount || '0'),
    })),
    blockedReason,
    chargeLines: (duty.purchaseCharges?.lines ?? []).map(
      (line) => `${line.label ?? ''}: ${money(line.amount || '0')}`,
    ),
  });
}

export interface PurchaseInvoiceParts {
  rows?: readonly PurchaseLine[];
  duties?: readonly PurchaseDutyRecord[];
  activity?: readonly PurchaseActivityRow[];
  supplierEmail?: string;
}

export function purchaseInvoiceToProto(
  row: PurchaseInvoiceRecord,
  parts: PurchaseInvoiceParts = {},
): PurchaseInvoice {
  return create(PurchaseInvoiceSchema, {
    id: row.id,
    purchaseNo: row.purchaseNo,
    sequence: BigInt(row.sequence),
    financialYear: row.financialYear,
    status: row.status,
    companyId: row.companyId,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    supplierGstNo: row.supplierGstNo,
    supplierStateCode: row.supplierStateCode,
    supplierInvoiceNo: row.supplierInvoiceNo,
    supplierInvoiceDate: row.supplierInvoiceDate,
    receivedDate: row.receivedDate,
    dueDate: row.dueDate ?? '',
    subTotal: money(row.subTotal),
    discount: money(row.discount),
    taxable: money(row.taxable),
    taxTotal: money(row.taxTotal),
    taxes: row.taxes.map((t) => ({ ...t })),
    tdsPercentage: money(row.tdsPercentage),
    tds: money(row.tds),
    roundOff: money(row.roundOff),
    total: money(row.total),
    payable: money(row.payable),
    paid: money(row.paid),
    notes: row.notes,
    cancellationReason: row.cancellationReason,
    approvedAt: stamp(row.approvedAt),
    approvedByUserId: row.approvedByUserId ?? '',
    version: row.version,
    createdAt: stamp(row.createdAt),
    updatedAt: stamp(row.updatedAt),
    rows: (parts.rows ?? []).map((line) => ({
      type: line.type,
      bookingId: line.bookingId ?? '',
      description: line.description,
      amount: money(line.amount),
    })),
    duties: (parts.duties ?? []).map((duty) => purchaseInvoiceDutyToProto(duty)),
    activity: (parts.activity ?? []).map((a) => ({
      at: stamp(a.at),
      action: a.action,
      byUserId: a.byUserId ?? '',
      detail: a.detail,
    })),
    supplierEmail: parts.supplierEmail ?? '',
  });
}

export function purchaseListItemOf(row: PurchaseListRow): PurchaseInvoiceListItem {
  return {
    id: row.id,
    purchaseNo: row.purchaseNo,
    status: row.status,
    companyId: row.companyId,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    supplierInvoiceNo: row.supplierInvoiceNo,
    supplierInvoiceDate: row.supplierInvoiceDate,
    receivedDate: row.receivedDate,
    taxable: money(row.taxable),
    taxTotal: money(row.taxTotal),
    tds: money(row.tds),
    total: money(row.total),
    payable: money(row.payable),
    paid: money(row.paid),
    createdAt: iso(row.createdAt),
    version: row.version,
  };
}
