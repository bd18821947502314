// The values each export catalogue column reads from a row (the catalogues themselves are
// @fleet/domain's): one map per kind of record billing exports.
import type { ExportColumnDefinition } from '@fleet/domain';
import type { ExportColumn } from '@fleet/platform';
import type { InvoiceTotals } from '@fleet/proto/fleet/billing/v1/invoice_pb';
import Decimal from 'decimal.js';
import type { DutyRecord } from '../domain/duty';
import type { InvoiceRow } from '../storage/invoices-store';
import type { PurchaseListRow } from '../storage/purchase-invoices-store';

type CellValue = string | number | Decimal | Date | boolean | null;
export type ColumnValues<Row> = Readonly<Record<string, (row: Row) => CellValue>>;

export interface InvoiceExportRow {
  invoice: InvoiceRow;
  totals: InvoiceTotals;
  dutyCount: number;
}

/** One duty of one invoice, priced by the invoice's lines for that duty. */
export interface InvoiceDutyExportRow {
  invoice: InvoiceRow;
  /** Billing's record of the duty; absent only if the duty was never heard of (a manual invoice's). */
  duty: DutyRecord | undefined;
  bookingNo: number;
  carHire: Decimal;
  billingItems: Decimal;
  taxable: Decimal;
  taxRate: Decimal | null;
  taxShare: Decimal;
}

/** A supplier's invoice as its export row: the list's row and how many duties it took. */
export interface PurchaseInvoiceExportRow {
  invoice: PurchaseListRow;
  dutyCount: number;
}

const amount = (text: string | null | undefined) => (text ? new Decimal(text) : null);
const instant = (value: string | Date | null) => (value ? new Date(value) : null);

export const INVOICE_VALUES: ColumnValues<InvoiceExportRow> = {
  invoice_no: (r) => r.invoice.invoiceNo,
  invoice_date: (r) => r.invoice.invoiceDate,
  due_date: (r) => r.invoice.dueDate,
  financial_year: (r) => r.invoice.financialYear,
  status: (r) => r.invoice.status,
  invoice_kind: (r) => r.invoice.kind,
  buyer_name: (r) => r.invoice.buyerName,
  buyer_gst_no: (r) => r.invoice.buyerGstNo || null,
  start_date: (r) => r.invoice.startDate,
  end_date: (r) => r.invoice.endDate,
  duty_count: (r) => r.dutyCount,
  car_hire: (r) => amount(r.totals.carHire),
  taxable_rows: (r) => amount(r.totals.taxableRows),
  non_taxable_rows: (r) => amount(r.totals.nonTaxableRows),
  discount: (r) => amount(r.totals.discount),
  surcharge: (r) => amount(r.totals.surcharge),
  taxable_value: (r) => amount(r.totals.taxableValue),
  tax: (r) => amount(r.totals.tax),
  reverse_charge_tax: (r) => amount(r.totals.reverseChargeTax),
  round_off: (r) => amount(r.totals.roundOff),
  total: (r) => new Decimal(r.invoice.total),
  is_dispatched: (r) => r.invoice.isDispatched,
  is_downloaded: (r) => r.invoice.isDownloaded,
  created_at: (r) => instant(r.invoice.createdAt),
  approved_at: (r) => instant(r.invoice.approvedAt),
  dispatched_at: (r) => instant(r.invoice.dispatchedAt),
  notes: (r) => r.invoice.notes || null,
  cancellation_reason: (r) => r.invoice.cancellationReason || null,
};

export const INVOICE_DUTY_VALUES: ColumnValues<InvoiceDutyExportRow> = {
  invoice_no: (r) => r.invoice.invoiceNo,
  invoice_date: (r) => r.invoice.invoiceDate,
  invoice_status: (r) => r.invoice.status,
  buyer_name: (r) => r.invoice.buyerName,
  buyer_gst_no: (r) => r.invoice.buyerGstNo || null,
  booking_no: (r) => r.bookingNo,
  duty_date: (r) => r.duty?.startDate ?? null,
  vehicle_no: (r) => r.duty?.vehicleNo || null,
  driver_name: (r) => r.duty?.driverName || null,
  passenger_names: (r) => r.duty?.passengerNames || null,
  rate_card: (r) => r.duty?.rateCardName || null,
  car_hire: (r) => r.carHire,
  billing_items: (r) => r.billingItems,
  taxable: (r) => r.taxable,
  tax_rate: (r) => r.taxRate,
  tax_share: (r) => r.taxShare,
};

export const DUTY_VALUES: ColumnValues<DutyRecord> = {
  booking_no: (r) => Number(r.bookingNo),
  duty_date: (r) => r.startDate,
  customer_name: (r) => r.customerName || null,
  vehicle_no: (r) => r.vehicleNo || null,
  driver_name: (r) => r.driverName || null,
  passenger_names: (r) => r.passengerNames || null,
  rate_card: (r) => r.rateCardName || null,
  car_hire: (r) => amount(r.carHire),
  billing_items: (r) => new Decimal(r.billingItemsTotal),
  duty_total: (r) => new Decimal(r.carHire ?? 0).plus(r.billingItemsTotal),
  slip_approved: (r) => r.slipApproved,
  closed_at: (r) => instant(r.closedAt),
  is_billed: (r) => r.invoiceId !== null,
  invoice_no: (r) => r.invoiceNo,
};

function mismatch(definition: ExportColumnDefinition, value: CellValue): TypeError {
  return new TypeError(`Export column "${definition.key}" (${definition.kind}) read ${String(value)}`);
}

/**
 * A catalogue column with the value it reads: the writer's column of that kind, whose value is checked
 * to be of the kind (a map that drifted from the catalogue fails on the first row, not silently).
 */
export function exportColumn<Row>(
  definition: ExportColumnDefinition,
  values: ColumnValues<Row>,
): ExportColumn<Row> {
  const read = values[definition.key];
  if (!read) throw new RangeError(`No value is read for the export column "${definition.key}"`);
  const { key, header } = definition;
  const checked =
    <T extends CellValue>(is: (value: CellValue) => value is T) =>
    (row: Row): T | null => {
      const value = read(row);
      if (value === null || is(value)) return value;
      throw mismatch(definition, value);
    };
  switch (definition.kind) {
    case 'text':
      return { key, header, kind: 'text', value: checked((v): v is string => typeof v === 'string') };
    case 'date':
      return { key, header, kind: 'date', value: checked((v): v is string => typeof v === 'string') };
    case 'integer':
      return { key, header, kind: 'integer', value: checked((v): v is number => typeof v === 'number') };
    case 'money':
      return { key, header, kind: 'money', value: checked((v): v is Decimal => Decimal.isDecimal(v)) };
    case 'decimal':
      return { key, header, kind: 'decimal', value: checked((v): v is Decimal => Decimal.isDecimal(v)) };
    case 'datetime':
      return { key, header, kind: 'datetime', value: checked((v): v is Date => v instanceof Date) };
    case 'boolean':
      return { key, header, kind: 'boolean', value: checked((v): v is boolean => typeof v === 'boolean') };
  }
}

export const PURCHASE_INVOICE_VALUES: ColumnValues<PurchaseInvoiceExportRow> = {
  invoice_no: (r) => r.invoice.purchaseNo,
  supplier_invoice_no: (r) => r.invoice.supplierInvoiceNo,
  invoice_date: (r) => r.invoice.supplierInvoiceDate,
  received_date: (r) => r.invoice.receivedDate,
  due_date: (r) => r.invoice.dueDate,
  financial_year: (r) => r.invoice.financialYear,
  status: (r) => r.invoice.status,
  supplier_name: (r) => r.invoice.supplierName,
  supplier_gst_no: (r) => r.invoice.supplierGstNo || null,
  duty_count: (r) => r.dutyCount,
  sub_total: (r) => amount(r.invoice.subTotal),
  discount: (r) => amount(r.invoice.discount),
  taxable_value: (r) => amount(r.invoice.taxable),
  tax: (r) => amount(r.invoice.taxTotal),
  round_off: (r) => amount(r.invoice.roundOff),
  total: (r) => amount(r.invoice.total),
  tds_percentage: (r) => amount(r.invoice.tdsPercentage),
  tds: (r) => amount(r.invoice.tds),
  payable: (r) => amount(r.invoice.payable),
  paid: (r) => amount(r.invoice.paid),
  // A cancelled invoice owes nothing, whatever it said.
  balance: (r) =>
    r.invoice.status === 'CANCELLED' ? new Decimal(0) : new Decimal(r.invoice.payable).minus(r.invoice.paid),
  approved_at: (r) => instant(r.invoice.approvedAt),
  created_at: (r) => instant(r.invoice.createdAt),
  notes: (r) => r.invoice.notes || null,
  cancellation_reason: (r) => r.invoice.cancellationReason || null,
};
