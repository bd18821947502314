// An invoice's printed documents through billing's gRPC routes, with masters and bookings booted beside it:
// the duty summary billing draws itself and the duty slips it has bookings bind into one PDF, each read
// back as text the way a person reads the PDF.
import { randomUUID } from 'node:crypto';
import { PERMISSION, shownBookingNo } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { eventually, expectDomainError } from '@fleet/testing';
import { readPdf } from '@fleet/testing/pdf';
import Decimal from 'decimal.js';
import {
  type BillingHarness,
  bootBilling,
  closedDuty,
  type OperatorMasters,
  operatorMasters,
} from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;
let invoiceId: string;
let invoiceNo: string;
let dutyNos: string[];

const staff = (permissions = Object.values(PERMISSION)) => callAs(h.callerFor(T, permissions));
const printer = () => staff([PERMISSION.download_print_invoice]);
const textOf = async (pdf: Uint8Array) => (await readPdf(pdf)).pages.map((page) => page.text).join('\n');

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
  const first = await closedDuty(h, T, m, '2026-11-18');
  const second = await closedDuty(h, T, m, '2026-11-19');
  // The second duty paid a toll: its billing item is billed on the invoice beside its car hire.
  const toll = await m.create('billing_item', { name: 'Toll', sac_code: '996742', is_taxable: false });
  // A ₹0 item (what an odometer reading put in as an expense became) is on neither invoice nor slip.
  const nothing = await m.create('billing_item', { name: 'Opening Kms Reading' });
  await h.bookings.client.setDutyBillingItems(
    {
      id: second,
      items: [
        { billingItemId: toll, amount: '250' },
        { billingItemId: nothing, amount: '0' },
      ],
    },
    callAs(h.bookings.callerFor(T)),
  );
  await eventually(
    () => h.client.listBillableDuties({ billingStatus: 'UNBILLED' }, staff()),
    (r) => r.duties.find((d) => d.bookingId === second)?.billingItems === '250.00',
  );
  const { invoices } = await h.client.createInvoicesFromDuties(
    { bookingIds: [second, first], grouping: 'PER_CUSTOMER' },
    staff(),
  );
  expect(invoices).toHaveLength(1);
  invoiceId = invoices[0]!.id;
  invoiceNo = invoices[0]!.invoiceNo;
  dutyNos = await Promise.all(
    [first, second].map(async (id) => {
      const { booking } = await h.bookings.client.getBooking({ id }, callAs(h.bookings.callerFor(T)));
      return shownBookingNo(booking!.bookingNo);
    }),
  );
}, 90_000);
afterAll(() => h?.close());

describe('the duty summary', () => {
  it('lists each duty with its km, hours, car hire and billing items, totalling the invoice’s own figures', async () => {
    const { invoice } = await h.client.getInvoice({ id: invoiceId }, staff());
    const { pdf, fileName } = await h.client.renderInvoiceDocument(
      { id: invoiceId, document: 'DUTY_SUMMARY' },
      printer(),
    );
    expect(fileName).toBe(`duty-summary-${invoiceNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
    const lines = (await textOf(pdf)).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Konkan Cabs Pvt Ltd',
        'Duty summary',
        `Tax Invoice No. ${invoiceNo} · 24/11/2026`,
        // The worked example twice (108 km in 9 h 15 min, ₹2,579.50), the second with its ₹250 toll.
        `18/11/2026 ${dutyNos[0]} MH12AB1001 Asha Rao 108 9:15 ₹2,579.50 ₹0.00 ₹2,579.50`,
        `19/11/2026 ${dutyNos[1]} MH12AB1001 Asha Rao 108 9:15 ₹2,579.50 ₹250.00 ₹2,829.50`,
        'Total 2 duties ₹5,159.00 ₹250.00 ₹5,409.00',
      ]),
    );
    // The totals are the invoice's: its car hire, and its duties' billing items.
    expect(invoice!.totals!.carHire).toBe('5159.00');
    const items = invoice!.lines
      .filter((line) => line.type === 'BILLING_ITEM' && line.bookingId !== '')
      .reduce((sum, line) => sum.plus(line.amount), new Decimal(0));
    expect(items.toFixed(2)).toBe('250.00');
    expect(invoice!.lines.map((line) => line.description).join('\n')).not.toContain('Opening Kms');
    // GST on the car hire alone (the toll is not taxable): ₹5,159 + ₹257.95 + ₹250, rounded.
    expect(invoice!.totals!.total).toBe('5667.00');
    expect(lines).toContain('₹5,667.00 Rupees Five Thousand Six Hundred Sixty Seven Only');
  });
});

describe('the duty slips', () => {
  it('binds both duties’ slips into one PDF, a slip from each new page, asked of bookings as billing', async () => {
    const { pdf, fileName } = await h.client.renderInvoiceDocument(
      { id: invoiceId, document: 'DUTY_SLIPS' },
      printer(),
    );
    expect(fileName).toBe(`duty-slips-${invoiceNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
    const { pages } = await readPdf(pdf);
    expect(pages).toHaveLength(2);
    pages.forEach((page, index) => {
      expect(page.text).toContain('Customer copy');
      expect(page.text).toContain(`Booking ${dutyNos[index]} · Closed`);
      expect(page.text).toContain('Total ₹2,579.50');
      expect(page.text).toContain(`Page ${index + 1} of 2`);
    });
    expect(pages[1]!.text).toContain('Toll ₹250.00');
    expect(pages[1]!.text).not.toContain('Opening Kms');
  });

  it('refuses a manual invoice, which bills no duty, and anyone without the right to print invoices', async () => {
    const { invoice } = await h.client.createInvoice(
      {
        draft: {
          customerId: m.customer,
          lines: [
            { type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate: '1500', isTaxable: true },
          ],
        },
      },
      staff(),
    );
    for (const document of ['DUTY_SLIPS', 'DUTY_SUMMARY']) {
      const manual = await expectDomainError(
        h.client.renderInvoiceDocument({ id: invoice!.id, document }, printer()),
      );
      expect(manual.code).toBe('FAILED_PRECONDITION');
      expect(manual.message).toContain('manual invoice');
    }
    const clerk = await expectDomainError(
      h.client.renderInvoiceDocument(
        { id: invoiceId, document: 'DUTY_SLIPS' },
        staff([PERMISSION.view_invoice, PERMISSION.view_duty_slip]),
      ),
    );
    expect(clerk.code).toBe('PERMISSION_DENIED');
  });
});
