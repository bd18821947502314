import type {
  CustomerOutstanding,
  GetCustomerStatementResponse,
} from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import type { OpenInvoice, Receipt } from '@fleet/proto/fleet/billing/v1/receipt_pb';
import Decimal from 'decimal.js';
import { dateOrNull, textOrNull } from '../shared-mappers';

const money = (value: string) => new Decimal(value || 0);

export function receiptToJson(receipt: Receipt) {
  return {
    id: receipt.id,
    receiptNo: receipt.receiptNo,
    type: receipt.type,
    customerId: receipt.customerId,
    customerName: receipt.customerName,
    companyId: receipt.companyId,
    receiptDate: receipt.receiptDate,
    receivedAmount: money(receipt.receivedAmount),
    tdsAmount: money(receipt.tdsAmount),
    bankCharges: money(receipt.bankCharges),
    adjustedAmount: money(receipt.adjustedAmount),
    unappliedAmount: money(receipt.unappliedAmount),
    paymentMode: receipt.paymentMode,
    chequeNo: textOrNull(receipt.chequeNo),
    chequeDate: textOrNull(receipt.chequeDate),
    bankName: textOrNull(receipt.bankName),
    reference: textOrNull(receipt.reference),
    notes: receipt.notes,
    bookingId: textOrNull(receipt.bookingId),
    isCancelled: receipt.isCancelled,
    cancellationReason: textOrNull(receipt.cancellationReason),
    settlements: receipt.settlements.map((s) => ({
      invoiceId: s.invoiceId,
      invoiceNo: s.invoiceNo,
      amount: money(s.amount),
      tdsAmount: money(s.tdsAmount),
      bankCharges: money(s.bankCharges),
      appliedAt: dateOrNull(s.appliedAt),
    })),
    createdAt: dateOrNull(receipt.createdAt),
    version: receipt.version,
  };
}

export function openInvoiceToJson(invoice: OpenInvoice) {
  return {
    invoiceId: invoice.invoiceId,
    invoiceNo: invoice.invoiceNo,
    customerId: invoice.customerId,
    companyId: invoice.companyId,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    total: money(invoice.total),
    taxableValue: money(invoice.taxableValue),
    settled: money(invoice.settled),
    outstanding: money(invoice.outstanding),
    defaultTds: money(invoice.defaultTds),
  };
}

export function outstandingToJson(row: CustomerOutstanding) {
  return {
    customerId: row.customerId,
    customerName: row.customerName,
    outstanding: money(row.outstanding),
    notDue: money(row.notDue),
    days1To30: money(row.days1To30),
    days31To60: money(row.days31To60),
    days61To90: money(row.days61To90),
    over90: money(row.over90),
    unapplied: money(row.unapplied),
    openInvoices: row.openInvoices,
    oldestInvoiceDate: textOrNull(row.oldestInvoiceDate),
  };
}

export function statementToJson(statement: GetCustomerStatementResponse) {
  return {
    customerId: statement.customerId,
    customer: { name: statement.customer?.name ?? '', lines: statement.customer?.lines ?? [] },
    company: { name: statement.company?.name ?? '', lines: statement.company?.lines ?? [] },
    dateFrom: statement.dateFrom,
    dateTo: statement.dateTo,
    opening: money(statement.opening),
    entries: statement.entries.map((e) => ({
      date: e.date,
      kind: e.kind,
      id: e.id,
      number: e.number,
      detail: e.detail,
      debit: money(e.debit),
      credit: money(e.credit),
      balance: money(e.balance),
    })),
    debits: money(statement.debits),
    credits: money(statement.credits),
    closing: money(statement.closing),
  };
}

/** What each customer owes, as the receivables screen reads it. */
export interface ReceivablesJson {
  customers: ReturnType<typeof outstandingToJson>[];
  total: ReturnType<typeof outstandingToJson>;
  asOf: string;
}

/** The TDS customers deducted in a period, by customer. */
export interface TdsReceivableJson {
  dateFrom: string;
  dateTo: string;
  customers: { customerId: string; customerName: string; pan: string; receipts: number; tds: Decimal }[];
  total: Decimal;
}
