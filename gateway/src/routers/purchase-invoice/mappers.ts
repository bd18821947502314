import type { PurchaseInvoiceListItem } from '@fleet/domain';
import type { PurchaseInvoice, PurchaseInvoiceDuty } from '@fleet/proto/fleet/billing/v1/purchase_invoice_pb';
import Decimal from 'decimal.js';
import { dateOrNull, textOrNull } from '../shared-mappers';

const money = (value: string) => new Decimal(value || 0);

export function purchaseListItemToJson(item: PurchaseInvoiceListItem) {
  return {
    ...item,
    taxable: money(item.taxable),
    taxTotal: money(item.taxTotal),
    tds: money(item.tds),
    total: money(item.total),
    payable: money(item.payable),
    paid: money(item.paid),
    createdAt: new Date(item.createdAt),
  };
}

export function purchaseInvoiceDutyToJson(duty: PurchaseInvoiceDuty) {
  return {
    bookingId: duty.bookingId,
    bookingNo: Number(duty.bookingNo),
    startDate: duty.startDate,
    customerName: duty.customerName,
    vehicleNo: duty.vehicleNo,
    driverName: duty.driverName,
    purchaseAmount: duty.purchaseAmount === '' ? null : money(duty.purchaseAmount),
    purchaseSlipStatus: duty.purchaseSlipStatus,
    purchaseInvoiceId: textOrNull(duty.purchaseInvoiceId),
    purchaseInvoiceNo: textOrNull(duty.purchaseInvoiceNo),
    billingItems: duty.billingItems.map((item) => ({ name: item.name, amount: money(item.amount) })),
    chargeLines: duty.chargeLines,
    blockedReason: textOrNull(duty.blockedReason),
  };
}

export function purchaseInvoiceToJson(invoice: PurchaseInvoice, names: ReadonlyMap<string, string>) {
  return {
    id: invoice.id,
    purchaseNo: invoice.purchaseNo,
    status: invoice.status,
    companyId: invoice.companyId,
    supplierId: invoice.supplierId,
    supplierName: invoice.supplierName,
    supplierGstNo: textOrNull(invoice.supplierGstNo),
    supplierEmail: textOrNull(invoice.supplierEmail),
    supplierInvoiceNo: invoice.supplierInvoiceNo,
    supplierInvoiceDate: invoice.supplierInvoiceDate,
    receivedDate: invoice.receivedDate,
    dueDate: textOrNull(invoice.dueDate),
    subTotal: money(invoice.subTotal),
    discount: money(invoice.discount),
    taxable: money(invoice.taxable),
    taxTotal: money(invoice.taxTotal),
    taxes: invoice.taxes.map((t) => ({
      taxId: t.taxId,
      name: t.name,
      percentage: t.percentage,
      amount: money(t.amount),
    })),
    tdsPercentage: invoice.tdsPercentage,
    tds: money(invoice.tds),
    roundOff: money(invoice.roundOff),
    total: money(invoice.total),
    payable: money(invoice.payable),
    paid: money(invoice.paid),
    notes: invoice.notes,
    cancellationReason: textOrNull(invoice.cancellationReason),
    approvedAt: dateOrNull(invoice.approvedAt),
    version: invoice.version,
    createdAt: dateOrNull(invoice.createdAt),
    rows: invoice.rows.map((row) => ({
      type: row.type,
      bookingId: textOrNull(row.bookingId),
      description: row.description,
      amount: money(row.amount),
    })),
    duties: invoice.duties.map(purchaseInvoiceDutyToJson),
    activity: invoice.activity.map((a) => ({
      at: dateOrNull(a.at),
      action: a.action,
      by: names.get(a.byUserId) ?? null,
      detail: a.detail,
    })),
  };
}
