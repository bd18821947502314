// What an invoice says, made once from the duties, the staff's rows and the masters as they are when it
// is made (or its draft edited), and kept as its document: printed the same whatever the masters become.
import { randomUUID } from 'node:crypto';
import { create, fromJson, type JsonValue, type MessageInitShape } from '@bufbuild/protobuf';
import {
  type BillingItemLine,
  type BookingLine,
  CAR_HIRE_SAC,
  type CustomLine,
  computeInvoice,
  formatIsoDate,
  type GstRegime,
  type InvoiceComputation,
  type InvoiceLine,
  invoiceLinesSchema,
  printedBillingItems,
  rupeesInWords,
  shownBookingNo,
  tripInsuranceLineName,
} from '@fleet/domain';
import { invalid } from '@fleet/platform';
import {
  type Invoice,
  type InvoiceBankDetailsSchema,
  type InvoiceLine as InvoiceLineMessage,
  InvoiceLineSchema,
  type InvoicePartySchema,
  InvoiceSchema,
  InvoiceTotalsSchema,
} from '@fleet/proto/fleet/billing/v1/invoice_pb';
import { DutyBillingItemSchema, TripInsuranceSchema } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import { DutyChargesSchema } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import Decimal from 'decimal.js';
import type { DutyRecord } from './duty';

type RowInit = MessageInitShape<typeof InvoiceLineSchema>;

/** A row staff typed (or the customer's terms added), before it is checked. */
export interface StaffLine {
  type: string;
  description: string;
  sacCode: string;
  quantity: string;
  rate: string;
  percentage: string;
  amount: string;
  isTaxable: boolean;
  /** The tax master's percentage for a taxable row with a tax of its own; null: the car hire rate. */
  taxRate: string | null;
  billingItemId: string;
}

/** Where each line came from, to write it back as the invoice's row. */
type LineSource =
  | { kind: 'duty'; duty: DutyRecord }
  | { kind: 'duty-item'; duty: DutyRecord; billingItemId: string }
  | { kind: 'staff'; line: StaffLine };

/** A duty's charge lines, billing items and the staff's rows as the invoice arithmetic takes them. */
export function invoiceLinesOf(
  duties: readonly DutyRecord[],
  staff: readonly StaffLine[],
  taxRateOf: (taxId: string) => string | null,
): { lines: InvoiceLine[]; sources: LineSource[] } {
  const raw: unknown[] = [];
  const sources: LineSource[] = [];
  for (const duty of duties) {
    const charges = fromJson(DutyChargesSchema, duty.charges ?? {}, { ignoreUnknownFields: true });
    raw.push({
      type: 'BOOKING',
      bookingId: duty.bookingId,
      description: dutyDescription(duty),
      charges: charges.lines.map((line) => ({
        code: line.code,
        label: line.label,
        quantity: line.quantity || '0',
        unit: line.unit,
        rate: line.rate || '0',
        amount: line.amount || '0',
      })),
      total: charges.total || '0',
    });
    sources.push({ kind: 'duty', duty });
    for (const json of duty.billingItems) {
      const item = fromJson(DutyBillingItemSchema, json as JsonValue, { ignoreUnknownFields: true });
      if (printedBillingItems([item]).length === 0) continue;
      raw.push({
        type: 'BILLING_ITEM',
        name: `${item.name} (duty ${shownBookingNo(duty.bookingNo)})`,
        amount: item.amount || '0',
        taxable: item.isTaxable,
        sac: item.sacCode,
        taxRate: item.isTaxable && item.taxId ? taxRateOf(item.taxId) : null,
      });
      sources.push({ kind: 'duty-item', duty, billingItemId: item.billingItemId });
    }
    if (duty.tripInsurance) {
      const insurance = fromJson(TripInsuranceSchema, duty.tripInsurance, { ignoreUnknownFields: true });
      // GST: the premium is billed as part of the taxable value of the car-hire supply, at the invoice's rate.
      raw.push({
        type: 'BILLING_ITEM',
        name: tripInsuranceLineName(insurance),
        amount: insurance.premium || '0',
        taxable: true,
        sac: CAR_HIRE_SAC,
        taxRate: null,
      });
      sources.push({ kind: 'duty-item', duty, billingItemId: '' });
    }
  }
  for (const line of staff) {
    raw.push(staffLineInput(line));
    sources.push({ kind: 'staff', line });
  }
  const parsed = invoiceLinesSchema.safeParse(raw);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues[0]?.message ?? 'The invoice rows are not right.',
      parsed.error.issues.map((issue) => ({
        field: `lines.${staffIndex(issue.path, raw.length - staff.length)}`,
        message: issue.message,
      })),
    );
  }
  return { lines: parsed.data, sources };
}

/** The path of a problem in the whole list, as the index of the staff's row it is in. */
function staffIndex(path: PropertyKey[], firstStaff: number): string {
  const [index, ...rest] = path;
  if (typeof index !== 'number') return 'lines';
  const own = index - firstStaff;
  return [own >= 0 ? own : `duty${index}`, ...rest.map(String)].join('.');
}

function staffLineInput(line: StaffLine): unknown {
  switch (line.type) {
    case 'CUSTOM':
      return {
        type: 'CUSTOM',
        description: line.description,
        sac: line.sacCode,
        quantity: line.quantity || '1',
        rate: line.rate,
        taxable: line.isTaxable,
        taxRate: line.isTaxable ? line.taxRate : null,
      };
    case 'BILLING_ITEM':
      return {
        type: 'BILLING_ITEM',
        name: line.description,
        amount: line.amount,
        taxable: line.isTaxable,
        sac: line.sacCode,
        taxRate: line.isTaxable ? line.taxRate : null,
      };
    case 'DISCOUNT_AMOUNT':
      return { type: 'DISCOUNT_AMOUNT', description: line.description, amount: line.amount };
    default:
      return { type: line.type, description: line.description, percent: line.percentage };
  }
}

const dutyDescription = (duty: DutyRecord) =>
  [
    `Duty ${shownBookingNo(duty.bookingNo)} on ${displayDate(duty.startDate)}`,
    duty.vehicleNo,
    duty.rateCardName,
  ]
    .filter(Boolean)
    .join(' · ');

/** YYYY-MM-DD as DD/MM/YYYY (ARCHITECTURE: the UI and documents show dates so). */
export const displayDate = formatIsoDate;

const money = (value: Decimal) => value.toFixed(2);
const rate = (value: Decimal) => value.toFixed();

/** The rows as the invoice keeps them: the items with their share of the taxable value, then the adjustments. */
function documentLines(
  lines: readonly InvoiceLine[],
  sources: readonly LineSource[],
  computation: InvoiceComputation,
): InvoiceLineMessage[] {
  const rows: { index: number; row: RowInit }[] = [];
  for (const computed of computation.lines) {
    const line = lines[computed.index];
    const source = sources[computed.index];
    if (!line || !source) continue;
    const row: RowInit = {
      type: line.type,
      description: computed.description,
      sacCode: computed.sac || (line.type === 'BOOKING' ? CAR_HIRE_SAC : ''),
      amount: money(computed.amount),
      isTaxable: computed.taxable,
      taxRate: computed.taxable ? rate(computed.rate) : '',
      taxableValue: money(computed.taxableValue),
    };
    if (line.type === 'BOOKING') Object.assign(row, bookingRow(line, source));
    if (line.type === 'CUSTOM') Object.assign(row, customRow(line));
    if (line.type === 'BILLING_ITEM') Object.assign(row, billingItemRow(line, source));
    rows.push({ index: computed.index, row });
  }
  for (const adjustment of computation.adjustments) {
    rows.push({
      index: adjustment.index,
      row: {
        type: adjustment.type,
        description: adjustment.description,
        percentage: adjustment.percent ? rate(adjustment.percent) : '',
        amount: money(adjustment.amount),
      },
    });
  }
  return rows
    .sort((a, b) => a.index - b.index)
    .map(({ row }) => create(InvoiceLineSchema, { id: randomUUID(), ...row }));
}

function bookingRow(line: BookingLine, source: LineSource): RowInit {
  const duty = source.kind === 'duty' ? source.duty : undefined;
  return {
    quantity: '1',
    rate: money(line.total),
    bookingId: line.bookingId,
    bookingNo: duty ? BigInt(duty.bookingNo) : 0n,
    charges: line.charges.map((charge) => ({
      code: charge.code,
      label: charge.label,
      quantity: charge.quantity.toFixed(),
      unit: charge.unit,
      rate: charge.rate.toFixed(),
      amount: money(charge.amount),
    })),
  };
}

const customRow = (line: CustomLine): RowInit => ({
  quantity: line.quantity.toFixed(),
  rate: line.rate.toFixed(),
});

function billingItemRow(line: BillingItemLine, source: LineSource): RowInit {
  return {
    quantity: '1',
    rate: money(line.amount),
    bookingId: source.kind === 'duty-item' ? source.duty.bookingId : '',
    bookingNo: source.kind === 'duty-item' ? BigInt(source.duty.bookingNo) : 0n,
    billingItemId:
      source.kind === 'duty-item'
        ? source.billingItemId
        : source.kind === 'staff'
          ? source.line.billingItemId
          : '',
  };
}

export interface InvoiceParties {
  seller: MessageInitShape<typeof InvoicePartySchema>;
  buyer: MessageInitShape<typeof InvoicePartySchema>;
  bank?: MessageInitShape<typeof InvoiceBankDetailsSchema>;
  title: string;
  terms: string;
  footer: string;
}

/** The invoice's document (everything but its number and state), and its figures. */
export function invoiceDocument(input: {
  duties: readonly DutyRecord[];
  staff: readonly StaffLine[];
  regime: GstRegime;
  rentACabGst: string;
  taxRateOf: (taxId: string) => string | null;
  parties: InvoiceParties;
}): { document: Invoice; computation: InvoiceComputation } {
  const { lines, sources } = invoiceLinesOf(input.duties, input.staff, input.taxRateOf);
  const computation = computeInvoice(lines, input.regime);
  const { regime } = input;
  const document = create(InvoiceSchema, {
    seller: input.parties.seller,
    buyer: input.parties.buyer,
    bank: input.parties.bank,
    title: input.parties.title,
    terms: input.parties.terms,
    footer: input.parties.footer,
    tax: {
      placeOfSupplyStateId: regime.placeOfSupplyStateId,
      kind: regime.kind,
      carHireRate: rate(regime.carHireRate),
      reverseCharge: regime.reverseCharge,
      declaration: regime.declaration ?? '',
      rentACabGst: input.rentACabGst,
    },
    lines: documentLines(lines, sources, computation),
    taxes: computation.taxes.map((tax) => ({
      kind: tax.kind,
      rate: rate(tax.rate),
      taxableValue: money(tax.taxableValue),
      amount: money(tax.amount),
    })),
    totals: totalsOf(computation),
    bookingIds: input.duties.map((duty) => duty.bookingId),
  });
  return { document, computation };
}

export function totalsOf(computation: InvoiceComputation) {
  return create(InvoiceTotalsSchema, {
    carHire: money(computation.carHire),
    taxableRows: money(computation.taxableRows),
    nonTaxableRows: money(computation.nonTaxableRows),
    discount: money(computation.discount),
    surcharge: money(computation.surcharge),
    taxableValue: money(computation.taxableValue),
    tax: money(computation.taxTotal),
    reverseChargeTax: money(computation.reverseChargeTax),
    beforeRounding: money(computation.totalBeforeRounding),
    roundOff: money(computation.roundOff),
    total: money(computation.total),
    totalInWords: rupeesInWords(computation.total),
  });
}

/** A percentage from a master ('5', '5.00', '') as the arithmetic takes it; null when not set. */
export const percentOrNull = (value: string | undefined) =>
  value && new Decimal(value).greaterThanOrEqualTo(0) ? new Decimal(value).toFixed() : null;
