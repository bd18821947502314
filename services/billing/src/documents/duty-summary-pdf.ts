// An invoice's duty summary as a PDF (spec §2's duty summary download): a row per duty the invoice
// bills — its date, number, vehicle, passengers, the km and hours it was charged for, its car hire and
// billing items as the invoice bills them — and totals that come to the invoice's car hire and duties'
// billing items. The amounts are the invoice's own rows, never the duty as it may since have become.
import { fromJson, type JsonValue } from '@bufbuild/protobuf';
import { shownBookingNo } from '@fleet/domain';
import { createPdfDocument, formatRupees } from '@fleet/platform/pdf';
import type { Invoice } from '@fleet/proto/fleet/billing/v1/invoice_pb';
import { DutyChargesSchema } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import Decimal from 'decimal.js';
import type { DutyRecord } from '../domain/duty';
import { displayDate } from '../domain/invoice-document';
import { invoiceLetterhead, STATUS_TAGS } from './invoice-letterhead';

/** One duty's row: what it was and what the invoice bills for it. */
export interface DutySummaryRow {
  bookingId: string;
  bookingNo: string;
  date: string;
  vehicleNo: string;
  passengers: string;
  km: string;
  minutes: number | null;
  carHire: Decimal;
  billingItems: Decimal;
}

/**
 * The rows in the invoice's order: a duty's car hire is its BOOKING row, its billing items the sum of
 * the BILLING_ITEM rows of that duty; what the duty was (date, vehicle, km, time) comes from billing's
 * record of it.
 */
export function dutySummaryRows(invoice: Invoice, duties: readonly DutyRecord[]): DutySummaryRow[] {
  const byId = new Map(duties.map((duty) => [duty.bookingId, duty]));
  const itemsOf = (bookingId: string) =>
    invoice.lines
      .filter((line) => line.type === 'BILLING_ITEM' && line.bookingId === bookingId)
      .reduce((sum, line) => sum.plus(line.amount || 0), new Decimal(0));
  return invoice.lines
    .filter((line) => line.type === 'BOOKING' && line.bookingId !== '')
    .map((line) => {
      const duty = byId.get(line.bookingId);
      const charges = duty?.charges
        ? fromJson(DutyChargesSchema, duty.charges as JsonValue, { ignoreUnknownFields: true })
        : undefined;
      return {
        bookingId: line.bookingId,
        bookingNo: shownBookingNo(duty?.bookingNo ?? line.bookingNo),
        date: duty ? displayDate(duty.startDate) : '',
        vehicleNo: duty?.vehicleNo ?? '',
        passengers: duty?.passengerNames ?? '',
        km: charges?.km ?? '',
        minutes: charges ? charges.minutes : null,
        carHire: new Decimal(line.amount || 0),
        billingItems: itemsOf(line.bookingId),
      };
    });
}

export async function renderDutySummaryPdf(
  invoice: Invoice,
  duties: readonly DutyRecord[],
  printedAt: Date,
): Promise<Buffer> {
  const rows = dutySummaryRows(invoice, duties);
  const carHire = rows.reduce((sum, row) => sum.plus(row.carHire), new Decimal(0));
  const billingItems = rows.reduce((sum, row) => sum.plus(row.billingItems), new Decimal(0));
  const pdf = createPdfDocument({
    title: `Duty summary ${invoice.invoiceNo}`,
    author: invoice.seller?.name ?? '',
    createdAt: printedAt,
    footerNote: `Duty summary of invoice ${invoice.invoiceNo}`,
  });
  pdf.letterhead(invoiceLetterhead(invoice));
  pdf.title({
    title: 'Duty summary',
    subtitle: `${invoice.title || 'Tax Invoice'} No. ${invoice.invoiceNo} · ${displayDate(invoice.invoiceDate)}`,
    tag: STATUS_TAGS[invoice.status] ?? invoice.status,
  });
  pdf.keyValues(
    [
      { label: 'Billed to', value: invoice.buyer?.name ?? '' },
      { label: 'GSTIN', value: invoice.buyer?.gstNo || 'Unregistered' },
      {
        label: 'Duties',
        value: invoice.startDate
          ? `${displayDate(invoice.startDate)} to ${displayDate(invoice.endDate || invoice.startDate)}`
          : '',
      },
    ],
    3,
  );
  pdf.table({
    // Shares in points of the A4 page's 515: a vehicle number, a date and ₹12,34,567.00 each on one line.
    columns: [
      { header: 'Date', share: 60 },
      { header: 'Duty no.', share: 52 },
      { header: 'Vehicle', share: 64 },
      { header: 'Passengers', share: 70 },
      { header: 'Km', share: 34, align: 'right' },
      { header: 'Hours', share: 36, align: 'right' },
      { header: 'Car hire', share: 66, align: 'right' },
      { header: 'Billing items', share: 62, align: 'right' },
      { header: 'Total', share: 71, align: 'right' },
    ],
    rows: rows.map((row) => [
      row.date,
      row.bookingNo,
      row.vehicleNo,
      row.passengers,
      row.km,
      row.minutes === null ? '' : hoursAndMinutes(row.minutes),
      formatRupees(row.carHire),
      formatRupees(row.billingItems),
      formatRupees(row.carHire.plus(row.billingItems)),
    ]),
    totals: [
      [
        'Total',
        `${rows.length} ${rows.length === 1 ? 'duty' : 'duties'}`,
        '',
        '',
        '',
        '',
        formatRupees(carHire),
        formatRupees(billingItems),
        formatRupees(carHire.plus(billingItems)),
      ],
    ],
  });
  pdf.keyValues(
    [
      { label: 'Invoice total (with its other rows, discounts and GST)', value: rupees(invoice) },
      { label: 'In words', value: invoice.totals?.totalInWords ?? '' },
    ],
    2,
  );
  return pdf.render();
}

const rupees = (invoice: Invoice) => formatRupees(invoice.totals?.total || '0');

/** 555 minutes as 9:15. */
function hoursAndMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
