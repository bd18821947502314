// Billing's records as their proto messages.
import { create, fromJson, type JsonValue, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { InvoiceListItem } from '@fleet/domain';
import {
  type CustomerOutstanding,
  CustomerOutstandingSchema,
  type ExportRecordsResponseSchema,
  type GetCustomerStatementResponse,
  GetCustomerStatementResponseSchema,
} from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import { type ExportProfile, ExportProfileSchema } from '@fleet/proto/fleet/billing/v1/export_pb';
import {
  type BillableDuty,
  BillableDutySchema,
  type Invoice,
  type InvoiceActivity,
  InvoiceActivitySchema,
  InvoiceSchema,
  InvoiceTotalsSchema,
} from '@fleet/proto/fleet/billing/v1/invoice_pb';
import { type Note, NoteSchema } from '@fleet/proto/fleet/billing/v1/note_pb';
import { type PurchaseDuty, PurchaseDutySchema } from '@fleet/proto/fleet/billing/v1/purchase_duty_pb';
import {
  type OpenInvoice as OpenInvoiceMessage,
  OpenInvoiceSchema,
  type Receipt,
  ReceiptSchema,
} from '@fleet/proto/fleet/billing/v1/receipt_pb';
import { DutyBillingItemSchema } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import Decimal from 'decimal.js';
import type { DutyRecord } from './domain/duty';
import type { ExportProfileRow } from './storage/export-profiles-store';
import type { ActivityRow, InvoiceRecord, InvoiceRow } from './storage/invoices-store';
import type { NoteRow } from './storage/notes-store';
import type { PurchaseDutyRow } from './storage/purchase-duties-store';
import type { OutstandingRow, ReceiptRow, SettlementRow } from './storage/receipts-store';
import type { CustomerStatement } from './use-cases/customer-statements';
import type { OpenInvoice } from './use-cases/receipts';
import type { ExportPart } from './use-cases/record-exports';

const stamp = (at: string | null) => (at ? timestampFromDate(new Date(at)) : undefined);

/** A figure of the stored totals (protobuf JSON leaves out a zero's empty text). */
function totalsFigure(totals: JsonValue, key: 'taxableValue' | 'tax'): string {
  const value =
    typeof totals === 'object' && totals !== null && !Array.isArray(totals) ? totals[key] : undefined;
  return typeof value === 'string' && value !== '' ? value : '0';
}

/** An invoice as the list's page carries it (ListInvoicesResponse.invoices_json). */
export function invoiceListItemOf(row: InvoiceRow): InvoiceListItem {
  return {
    id: row.id,
    invoiceNo: row.invoiceNo,
    status: row.status,
    isDispatched: row.isDispatched,
    isDownloaded: row.isDownloaded,
    kind: row.kind,
    customerId: row.customerId,
    companyId: row.companyId,
    buyerName: row.buyerName,
    buyerGstNo: row.buyerGstNo,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    startDate: row.startDate,
    endDate: row.endDate,
    taxableValue: totalsFigure(row.totals, 'taxableValue'),
    tax: totalsFigure(row.totals, 'tax'),
    total: row.total,
    createdAt: new Date(row.createdAt).toISOString(),
    version: row.version,
  };
}

/** An invoice as the list shows it: its columns and totals, no lines or taxes. */
export function invoiceRowToProto(row: InvoiceRow): Invoice {
  return create(InvoiceSchema, {
    id: row.id,
    invoiceNo: row.invoiceNo,
    prefix: row.prefix,
    sequence: BigInt(row.sequence),
    financialYear: row.financialYear,
    status: row.status,
    isDispatched: row.isDispatched,
    isDownloaded: row.isDownloaded,
    kind: row.kind,
    customerId: row.customerId,
    companyId: row.companyId,
    companyProfileId: row.companyProfileId ?? '',
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    startDate: row.startDate ?? '',
    endDate: row.endDate ?? '',
    buyer: { name: row.buyerName, gstNo: row.buyerGstNo },
    totals: fromJson(InvoiceTotalsSchema, row.totals, { ignoreUnknownFields: true }),
    notes: row.notes,
    cancellationReason: row.cancellationReason,
    reissueOfId: row.reissueOfId ?? '',
    reissuedAsId: row.reissuedAsId ?? '',
    version: row.version,
    createdAt: stamp(row.createdAt),
    updatedAt: stamp(row.updatedAt),
    approvedAt: stamp(row.approvedAt),
    dispatchedAt: stamp(row.dispatchedAt),
  });
}

/** An invoice whole: the document it was made as, with its state as it now is. */
export function invoiceToProto(record: InvoiceRecord): Invoice {
  const document = fromJson(InvoiceSchema, record.document, { ignoreUnknownFields: true });
  const row = invoiceRowToProto(record);
  return create(InvoiceSchema, {
    ...document,
    ...row,
    buyer: document.buyer,
    seller: document.seller,
    tax: document.tax,
    lines: document.lines,
    taxes: document.taxes,
    bookingIds: document.bookingIds,
    title: document.title,
    terms: document.terms,
    footer: document.footer,
    bank: document.bank,
  });
}

export function activityToProto(row: ActivityRow): InvoiceActivity {
  return create(InvoiceActivitySchema, {
    id: row.id,
    at: timestampFromDate(new Date(row.at)),
    userId: row.userId ?? '',
    actorUserId: row.actorUserId ?? '',
    action: row.action,
    note: row.note,
  });
}

export function dutyToProto(duty: DutyRecord): BillableDuty {
  return create(BillableDutySchema, {
    bookingId: duty.bookingId,
    bookingNo: BigInt(duty.bookingNo),
    customerId: duty.customerId,
    customerName: duty.customerName,
    companyId: duty.companyId ?? '',
    startDate: duty.startDate,
    fromCityId: duty.fromCityId,
    vehicleGroupId: duty.vehicleGroupId ?? '',
    dutyTypeId: duty.dutyTypeId ?? '',
    vehicleNo: duty.vehicleNo,
    driverName: duty.driverName,
    passengerNames: duty.passengerNames,
    carHire: duty.carHire ?? '',
    billingItems: new Decimal(duty.billingItemsTotal).toFixed(2),
    slipApproved: duty.slipApproved,
    invoiceId: duty.invoiceId ?? '',
    invoiceNo: duty.invoiceNo ?? '',
    closedAt: stamp(duty.closedAt),
    rateCardName: duty.rateCardName,
  });
}

/** A duty's billing items as bookings sent them. */
export const dutyBillingItems = (duty: DutyRecord) =>
  duty.billingItems.map((item: JsonValue) =>
    fromJson(DutyBillingItemSchema, item, { ignoreUnknownFields: true }),
  );

export function exportProfileToProto(row: ExportProfileRow): ExportProfile {
  return create(ExportProfileSchema, {
    id: row.id,
    kind: row.kind,
    name: row.name,
    columns: row.columns,
    isDefault: row.isDefault,
    createdAt: stamp(row.createdAt),
    updatedAt: stamp(row.updatedAt),
  });
}

/** A part of an export stream, as ExportRecords and ExportGstr1 both send it (their messages are alike). */
export function exportPartToProto(
  part: ExportPart,
): Pick<MessageInitShape<typeof ExportRecordsResponseSchema>, 'part'> {
  return {
    part:
      part.case === 'header'
        ? {
            case: 'header',
            value: {
              totalRows: BigInt(part.totalRows),
              fileName: part.fileName,
              contentType: part.contentType,
            },
          }
        : { case: 'chunk', value: part.bytes },
  };
}

const money = (value: string) => new Decimal(value).toFixed(2);

/** A receipt, with its settlements when given. */
export function receiptToProto(row: ReceiptRow, settlements: readonly SettlementRow[] = []): Receipt {
  return create(ReceiptSchema, {
    id: row.id,
    receiptNo: row.receiptNo,
    sequence: BigInt(row.sequence),
    financialYear: row.financialYear,
    type: row.type,
    customerId: row.customerId,
    customerName: row.customerName,
    companyId: row.companyId,
    receiptDate: row.receiptDate,
    receivedAmount: money(row.receivedAmount),
    tdsAmount: money(row.tdsAmount),
    bankCharges: money(row.bankCharges),
    adjustedAmount: money(row.adjustedAmount),
    unappliedAmount: row.isCancelled
      ? '0.00'
      : new Decimal(row.receivedAmount).minus(row.adjustedAmount).toFixed(2),
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
      invoiceId: s.invoiceId,
      invoiceNo: s.invoiceNo,
      amount: money(s.amount),
      tdsAmount: money(s.tdsAmount),
      bankCharges: money(s.bankCharges),
      appliedAt: stamp(s.appliedAt),
    })),
    createdAt: stamp(row.createdAt),
    version: row.version,
  });
}

export function openInvoiceToProto(invoice: OpenInvoice): OpenInvoiceMessage {
  return create(OpenInvoiceSchema, {
    invoiceId: invoice.invoiceId,
    invoiceNo: invoice.invoiceNo,
    customerId: invoice.customerId,
    companyId: invoice.companyId,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    total: money(invoice.total),
    taxableValue: invoice.taxableValue ? money(invoice.taxableValue) : money(invoice.total),
    settled: money(invoice.settled),
    outstanding: money(invoice.outstanding),
    defaultTds: invoice.defaultTds,
  });
}

export function outstandingToProto(row: OutstandingRow & { customerName?: string }): CustomerOutstanding {
  return create(CustomerOutstandingSchema, {
    customerId: row.customerId,
    customerName: row.customerName ?? '',
    outstanding: money(row.outstanding),
    notDue: money(row.notDue),
    days1To30: money(row.days1To30),
    days31To60: money(row.days31To60),
    days61To90: money(row.days61To90),
    over90: money(row.over90),
    unapplied: money(row.unapplied),
    openInvoices: row.openInvoices,
    oldestInvoiceDate: row.oldestInvoiceDate,
  });
}

export function statementToProto(statement: CustomerStatement): GetCustomerStatementResponse {
  return create(GetCustomerStatementResponseSchema, {
    customerId: statement.customerId,
    customer: statement.customer,
    company: statement.company,
    dateFrom: statement.from,
    dateTo: statement.to,
    opening: statement.opening.toFixed(2),
    entries: statement.entries.map((e) => ({
      date: e.date,
      kind: e.kind,
      id: e.id,
      number: e.number,
      detail: e.detail,
      debit: e.debit.toFixed(2),
      credit: e.credit.toFixed(2),
      balance: e.balance.toFixed(2),
    })),
    debits: statement.debits.toFixed(2),
    credits: statement.credits.toFixed(2),
    closing: statement.closing.toFixed(2),
  });
}

export function noteToProto(row: NoteRow): Note {
  return create(NoteSchema, {
    id: row.id,
    type: row.type,
    noteNo: row.noteNo,
    sequence: BigInt(row.sequence),
    financialYear: row.financialYear,
    companyId: row.companyId,
    customerId: row.customerId,
    customerName: row.customerName,
    invoiceId: row.invoiceId,
    invoiceNo: row.invoiceNo,
    noteDate: row.noteDate,
    reason: row.reason,
    taxableValue: money(row.taxableValue),
    tax: money(row.tax),
    roundOff: money(row.roundOff),
    total: money(row.total),
    taxes: row.taxes.map((t) => ({
      kind: t.kind,
      rate: t.rate,
      gstRate: t.gstRate,
      taxableValue: money(t.taxableValue),
      amount: money(t.amount),
    })),
    isCancelled: row.isCancelled,
    cancellationReason: row.cancellationReason,
    createdAt: stamp(row.createdAt),
    version: row.version,
  });
}

/** A supplier's duty; its purchase charges only when given (GetPurchaseDuty). */
export function purchaseDutyToProto(row: PurchaseDutyRow, purchaseCharges?: unknown): PurchaseDuty {
  return create(PurchaseDutySchema, {
    bookingId: row.bookingId,
    bookingNo: BigInt(row.bookingNo),
    status: row.status,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    customerId: row.customerId,
    customerName: row.customerName,
    startDate: row.startDate,
    vehicleNo: row.vehicleNo,
    driverName: row.driverName,
    purchaseAmount: row.purchaseAmount === null ? '' : money(row.purchaseAmount),
    salesAmount: row.salesAmount === null ? '' : money(row.salesAmount),
    slipStatus: row.slipStatus,
    slipReason: row.slipReason,
    slipReviewedByUserId: row.slipReviewedByUserId ?? '',
    slipReviewedAt: stamp(row.slipReviewedAt),
    purchaseInvoiceId: row.purchaseInvoiceId ?? '',
    purchaseNo: row.purchaseNo ?? '',
    supplierInvoiceNo: row.supplierInvoiceNo ?? '',
    purchaseChargesJson: purchaseCharges ? JSON.stringify(purchaseCharges) : '',
    version: row.version,
  });
}
