import { INVOICE_KINDS, INVOICE_STATUSES, type InvoiceListItem } from '@fleet/domain';
import type {
  BillableDuty,
  Invoice,
  InvoiceActivity,
  InvoiceLine,
  InvoiceParty,
} from '@fleet/proto/fleet/billing/v1/invoice_pb';
import Decimal from 'decimal.js';
import { dateOrNull, decimalOrNull, required, textOrNull } from '../shared-mappers';

const money = (value: string | undefined) => new Decimal(value || 0);

const partyToJson = (party: InvoiceParty | undefined) => ({
  name: party?.name ?? '',
  address: party?.address ?? '',
  stateId: party?.stateId ?? '',
  stateName: party?.stateName ?? '',
  gstStateCode: party?.gstStateCode ?? '',
  gstNo: party?.gstNo ?? '',
  panNo: party?.panNo ?? '',
  taxType: party?.taxType ?? '',
  email: party?.email ?? '',
  phone: party?.phone ?? '',
});

const lineToJson = (line: InvoiceLine) => ({
  id: line.id,
  type: line.type,
  description: line.description,
  sacCode: line.sacCode,
  quantity: decimalOrNull(line.quantity),
  rate: decimalOrNull(line.rate),
  percentage: decimalOrNull(line.percentage),
  amount: money(line.amount),
  isTaxable: line.isTaxable,
  taxRate: decimalOrNull(line.taxRate),
  taxableValue: decimalOrNull(line.taxableValue),
  bookingId: textOrNull(line.bookingId),
  bookingNo: line.bookingNo ? Number(line.bookingNo) : null,
  billingItemId: textOrNull(line.billingItemId),
  charges: line.charges.map((c) => ({
    code: c.code,
    label: c.label,
    quantity: money(c.quantity),
    unit: c.unit,
    rate: money(c.rate),
    amount: money(c.amount),
  })),
});

/** An invoice as the list shows it. */
export function invoiceListItemToJson(item: InvoiceListItem) {
  return {
    id: item.id,
    invoiceNo: item.invoiceNo,
    status: item.status,
    isDispatched: item.isDispatched,
    isDownloaded: item.isDownloaded,
    kind: item.kind,
    customerId: item.customerId,
    companyId: item.companyId,
    buyerName: item.buyerName,
    buyerGstNo: item.buyerGstNo,
    invoiceDate: item.invoiceDate,
    dueDate: item.dueDate,
    startDate: item.startDate,
    endDate: item.endDate,
    taxableValue: money(item.taxableValue),
    tax: money(item.tax),
    total: money(item.total),
    createdAt: new Date(item.createdAt),
    version: item.version,
  };
}

function choiceOf<T extends string>(choices: readonly T[], value: string, what: string): T {
  const found = choices.find((choice) => choice === value);
  if (!found) throw new Error(`Billing answered with an invoice ${what} "${value}".`);
  return found;
}

/** An invoice message as the list shows it (the invoices just made from duties). */
export function invoiceRowToJson(invoice: Invoice) {
  const totals = invoice.totals;
  return invoiceListItemToJson({
    id: invoice.id,
    invoiceNo: invoice.invoiceNo,
    status: choiceOf(INVOICE_STATUSES, invoice.status, 'status'),
    isDispatched: invoice.isDispatched,
    isDownloaded: invoice.isDownloaded,
    kind: choiceOf(INVOICE_KINDS, invoice.kind, 'kind'),
    customerId: invoice.customerId,
    companyId: invoice.companyId,
    buyerName: invoice.buyer?.name ?? '',
    buyerGstNo: invoice.buyer?.gstNo ?? '',
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    startDate: invoice.startDate || null,
    endDate: invoice.endDate || null,
    taxableValue: totals?.taxableValue || '0',
    tax: totals?.tax || '0',
    total: totals?.total || '0',
    createdAt: required(dateOrNull(invoice.createdAt) ?? undefined, 'createdAt').toISOString(),
    version: invoice.version,
  });
}

/** An invoice whole, as its page shows it. */
export function invoiceToJson(invoice: Invoice) {
  const totals = invoice.totals;
  return {
    ...invoiceRowToJson(invoice),
    financialYear: invoice.financialYear,
    companyProfileId: textOrNull(invoice.companyProfileId),
    seller: partyToJson(invoice.seller),
    buyer: partyToJson(invoice.buyer),
    // `tax` is the tax amount, as in the list; the regime the invoice is taxed under is its place of supply.
    placeOfSupply: {
      placeOfSupplyStateId: invoice.tax?.placeOfSupplyStateId ?? '',
      kind: invoice.tax?.kind ?? 'NONE',
      carHireRate: money(invoice.tax?.carHireRate),
      reverseCharge: invoice.tax?.reverseCharge ?? false,
      declaration: invoice.tax?.declaration ?? '',
    },
    lines: invoice.lines.map(lineToJson),
    taxes: invoice.taxes.map((t) => ({
      kind: t.kind,
      rate: money(t.rate),
      taxableValue: money(t.taxableValue),
      amount: money(t.amount),
    })),
    totals: {
      carHire: money(totals?.carHire),
      taxableRows: money(totals?.taxableRows),
      nonTaxableRows: money(totals?.nonTaxableRows),
      discount: money(totals?.discount),
      surcharge: money(totals?.surcharge),
      taxableValue: money(totals?.taxableValue),
      tax: money(totals?.tax),
      reverseChargeTax: money(totals?.reverseChargeTax),
      beforeRounding: money(totals?.beforeRounding),
      roundOff: money(totals?.roundOff),
      total: money(totals?.total),
      inWords: totals?.totalInWords ?? '',
    },
    bookingIds: invoice.bookingIds,
    notes: invoice.notes,
    cancellationReason: textOrNull(invoice.cancellationReason),
    reissueOfId: textOrNull(invoice.reissueOfId),
    reissuedAsId: textOrNull(invoice.reissuedAsId),
    title: invoice.title,
    approvedAt: dateOrNull(invoice.approvedAt),
    dispatchedAt: dateOrNull(invoice.dispatchedAt),
  };
}

export function dutyToJson(duty: BillableDuty) {
  return {
    bookingId: duty.bookingId,
    bookingNo: Number(duty.bookingNo),
    customerId: duty.customerId,
    customerName: duty.customerName,
    companyId: textOrNull(duty.companyId),
    startDate: duty.startDate,
    fromCityId: duty.fromCityId,
    vehicleNo: duty.vehicleNo,
    driverName: duty.driverName,
    passengerNames: duty.passengerNames,
    carHire: money(duty.carHire),
    billingItems: money(duty.billingItems),
    slipApproved: duty.slipApproved,
    invoiceId: textOrNull(duty.invoiceId),
    invoiceNo: textOrNull(duty.invoiceNo),
    closedAt: dateOrNull(duty.closedAt),
    rateCardName: duty.rateCardName,
  };
}

export const activityToJson = (a: InvoiceActivity, names: Map<string, string>) => ({
  id: a.id,
  at: dateOrNull(a.at),
  action: a.action,
  note: a.note,
  by: names.get(a.actorUserId || a.userId) ?? (a.userId ? null : 'System'),
});
