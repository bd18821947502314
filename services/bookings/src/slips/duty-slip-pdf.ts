// The duty slip as a PDF: what the duty was booked as, who drove it, the points it passed, what it
// counted and what it is charged. The customer's copy (SALES) and the supplier's (PURCHASE) differ
// only in their marking and the charges they are given. Several slips (an invoice's duties) bind into one
// PDF, each starting on a page of its own.
import { createPdfDocument, formatDateTime, formatRupees, type PdfDocument } from '@fleet/platform/pdf';
import type { DutySlipPoint, DutySlipView } from './duty-slip-view';

const POINT_LABELS: Record<DutySlipPoint, string> = {
  GARAGE_START: 'Garage start',
  ARRIVAL: 'Arrival at pickup',
  DUTY_START: 'Duty start',
  DUTY_END: 'Duty end',
  GARAGE_END: 'Garage end',
};

/** Points: low enough that a signed one-duty slip stays on one page. */
const SIGNATURE_HEIGHT = 50;

const COPY_LABELS: Record<DutySlipView['variant'], string> = {
  SALES: 'Customer copy',
  PURCHASE: 'Supplier copy',
};

export async function renderDutySlipPdf(view: DutySlipView): Promise<Buffer> {
  const pdf = createPdfDocument({
    title: `Duty slip ${view.booking.bookingNo} (${COPY_LABELS[view.variant]})`,
    author: view.operator.name,
    createdAt: view.printedAt,
    footerNote: `Printed on ${formatDateTime(view.printedAt, view.timeZone)}`,
  });
  drawDutySlip(pdf, view);
  return pdf.render();
}

/** Slips bound into one PDF in the order given, each from a new page; the first slip's printing is the PDF's. */
export async function renderDutySlipsPdf(views: readonly DutySlipView[], title: string): Promise<Buffer> {
  const first = views[0];
  if (!first) throw new RangeError('Bind at least one duty slip.');
  const pdf = createPdfDocument({
    title,
    author: first.operator.name,
    createdAt: first.printedAt,
    footerNote: `Printed on ${formatDateTime(first.printedAt, first.timeZone)}`,
  });
  for (const view of views) {
    pdf.pageBreak();
    drawDutySlip(pdf, view);
  }
  return pdf.render();
}

function drawDutySlip(pdf: PdfDocument, view: DutySlipView): void {
  const { operator, booking, allotment, timeZone } = view;
  const at = (instant: Date) => formatDateTime(instant, timeZone);

  pdf.letterhead({
    name: operator.name,
    lines: [operator.address, `Phone ${operator.phone}`, `GSTIN ${operator.gstin}`],
    logoPng: operator.logoPng,
  });
  pdf.title({
    title: 'Duty slip',
    subtitle: `Booking ${booking.bookingNo} · ${booking.statusLabel}`,
    tag: COPY_LABELS[view.variant],
  });

  pdf.heading('Booking');
  pdf.keyValues(
    [
      { label: 'Customer', value: booking.customerName },
      { label: 'Booked by', value: withPhone(booking.bookedBy) },
      { label: 'Passengers', value: booking.passengers.map(withPhone).join('\n') },
      { label: 'Reporting', value: at(booking.reportingAt) },
      { label: 'From', value: booking.fromCity },
      { label: 'To', value: booking.toCity },
      { label: 'Duty type', value: booking.dutyTypeName },
      { label: 'Vehicle group', value: booking.vehicleGroupName },
      { label: 'Order reference', value: booking.orderReferenceNumber },
    ],
    3,
  );
  pdf.keyValues([
    { label: 'Reporting address', value: booking.reportingAddress },
    { label: 'Drop address', value: booking.dropAddress },
  ]);

  pdf.heading('Allotment');
  pdf.keyValues(
    [
      { label: 'Vehicle', value: allotment.vehicleNo },
      { label: 'Model', value: allotment.vehicleModel },
      { label: 'Driver', value: allotment.driverName },
      { label: "Driver's phone", value: allotment.driverPhone },
      { label: 'Supplier', value: allotment.supplierName },
    ],
    5,
  );

  pdf.heading('Trip');
  if (view.points.length === 0) {
    pdf.paragraph('No points recorded yet.');
  } else {
    pdf.table({
      columns: [
        { header: 'Point', share: 2 },
        { header: 'Date and time', share: 2 },
        { header: 'Km', share: 1.2, align: 'right' },
        { header: 'Location', share: 4 },
      ],
      rows: view.points.map(({ point, at: passedAt, km, location }) => [
        POINT_LABELS[point],
        at(passedAt),
        km,
        location,
      ]),
    });
  }
  if (view.measure) {
    pdf.keyValues(
      [
        { label: 'Km counted', value: `${view.measure.km} km` },
        { label: 'Time counted (h:mm)', value: hoursAndMinutes(view.measure.minutes) },
      ],
      4,
    );
  }

  if (view.billingItems.length > 0) {
    pdf.heading('Billing items');
    pdf.table({
      columns: [
        { header: 'Item', share: 4 },
        { header: 'Amount', share: 1, align: 'right' },
      ],
      rows: view.billingItems.map((item) => [item.name, formatRupees(item.amount)]),
    });
  }

  pdf.heading('Charges');
  if (view.charges) {
    pdf.table({
      columns: [
        { header: 'Charge', share: 4 },
        { header: 'Quantity', share: 1.2, align: 'right' },
        { header: 'Unit', share: 1 },
        { header: 'Rate', share: 1.5, align: 'right' },
        { header: 'Amount', share: 1.8, align: 'right' },
      ],
      rows: view.charges.lines.map((line) => [
        line.label,
        line.quantity,
        line.unit,
        formatRupees(line.rate),
        formatRupees(line.amount),
      ]),
      totals: [['Total', '', '', '', formatRupees(view.charges.total)]],
    });
  } else {
    pdf.paragraph('Charged once the duty is closed.');
  }

  if (booking.remark.trim() !== '') pdf.keyValues([{ label: 'Remark', value: booking.remark }], 1);
  if (view.signaturePng) {
    pdf.image({
      png: view.signaturePng,
      label: "Passenger's signature",
      maxWidth: 180,
      maxHeight: SIGNATURE_HEIGHT,
    });
  }
}

function withPhone(person: { name: string; phone: string }): string {
  return person.phone.trim() === '' ? person.name : `${person.name}, ${person.phone}`;
}

/** 555 minutes as 9:15. */
function hoursAndMinutes(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0) {
    throw new RangeError(`Counted time must be whole minutes, not ${minutes}`);
  }
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
