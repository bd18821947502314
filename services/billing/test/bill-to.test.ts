// A customer's bill-to (spec §9) decides whom its invoices are made out to, through billing's gRPC routes
// on a real PostgreSQL with masters and bookings beside it: the company's billing detail (company or
// customer, the company's credit card, company direct) or, for PERSONAL, the passenger, unregistered and
// without the company's GSTIN; the invoice's PDF says which.
import { randomUUID } from 'node:crypto';
import { PERMISSION } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { readPdf } from '@fleet/testing/pdf';
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

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T, { customer: { bill_to: 'PERSONAL' } });
}, 120_000);
afterAll(() => h?.close());

const staff = () => callAs(h.callerFor(T, Object.values(PERMISSION)));
const textOf = async (pdf: Uint8Array) => (await readPdf(pdf)).pages.map((page) => page.text).join('\n');

it('makes a personal invoice out to the passenger, unregistered, without the company’s GSTIN', async () => {
  const dutyId = await closedDuty(h, T, m, '2026-11-18');
  const { invoice } = await h.client.createInvoice(
    { draft: { customerId: m.customer, bookingIds: [dutyId] } },
    staff(),
  );
  expect(invoice!.buyer).toMatchObject({
    name: 'Asha Rao',
    gstNo: '',
    taxType: 'UNREGISTRED',
    billTo: 'PERSONAL',
  });
  const { pdf } = await h.client.renderInvoiceDocument({ id: invoice!.id, document: 'INVOICE' }, staff());
  const text = await textOf(pdf);
  expect(text).toContain('Asha Rao');
  expect(text).toContain('Personal');
  expect(text).not.toContain('27AAACH7409R1Z1');
});

it('makes a company’s invoice out to its billing detail, and prints how the company pays', async () => {
  const carded = await m.create('customer', {
    name: 'Lotus Pharma',
    tax_type: 'GSTIN',
    bill_to: 'COMPANY_CREDIT_CARD',
    billing_details: [
      {
        billing_name: 'Lotus Pharma Ltd',
        gst_no: '27AAPFU0939F1ZV',
        address: 'Hinjewadi, Pune',
        state_id: 'MH',
        is_default: true,
      },
    ],
  });
  const { invoice } = await h.client.createInvoice(
    {
      draft: {
        customerId: carded,
        lines: [
          { type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate: '1500', isTaxable: true },
        ],
      },
    },
    staff(),
  );
  expect(invoice!.buyer).toMatchObject({
    name: 'Lotus Pharma Ltd',
    gstNo: '27AAPFU0939F1ZV',
    billTo: 'COMPANY_CREDIT_CARD',
  });
  const text = await textOf(
    (await h.client.renderInvoiceDocument({ id: invoice!.id, document: 'INVOICE' }, staff())).pdf,
  );
  expect(text).toContain('Company credit card');
  expect(text).toContain('27AAPFU0939F1ZV');
});
