// A receipt printed and emailed, and a customer asked to pay, through billing's gRPC routes on a real
// PostgreSQL and JetStream: the receipt's PDF as a reader sees it (cancelled ones marked), the events
// messaging sends from, the payment request's public page reached by its link's token alone (and
// nothing reached by any other token), and each procedure without its permission.
import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { PERMISSION } from '@fleet/domain';
import {
  type BusMessage,
  callAs,
  rows,
  type Subscription,
  SYSTEM_PERMISSION,
  serviceCaller,
} from '@fleet/platform';
import { PaymentRequestedSchema, ReceiptEmailedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import { expectDomainError } from '@fleet/testing';
import { readPdf } from '@fleet/testing/pdf';
import { sql } from 'drizzle-orm';
import { type BillingHarness, bootBilling, type OperatorMasters, operatorMasters } from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
/** The service's clock: fixed at NOW, moved on only by a test that says how far. */
let now = NOW;
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;
let subscription: Subscription;
const heard: BusMessage[] = [];

beforeAll(async () => {
  h = await bootBilling({ clock: () => now });
  m = await operatorMasters(h, T, { customer: { tds_percentage: '2', phone: '+919820012345' } });
  subscription = await h.testBus.bus.subscribe({
    durable: `receipt-documents-test-${T.slice(0, 8)}`,
    subjects: ['fleet.billing.receipt.emailed', 'fleet.billing.payment.requested'],
    async deliver(message) {
      heard.push(message);
    },
  });
}, 60_000);
afterAll(async () => {
  await subscription?.stop();
  await h?.close();
});

const staff = () => callAs(h.callerFor(T, Object.values(PERMISSION)));
const without = (...permissions: string[]) =>
  callAs(
    h.callerFor(
      T,
      Object.values(PERMISSION).filter((p) => !permissions.includes(p)),
    ),
  );
/** The gateway passing on a visit to a public page. */
const visitor = () => callAs(serviceCaller('gateway', { permissions: [SYSTEM_PERMISSION.servePublicPages] }));

async function failsWith(call: Promise<unknown>, code: string, field?: string) {
  const error = await expectDomainError(call);
  expect([error.code, error.message]).toEqual([code, expect.any(String)]);
  if (field) expect(error.fieldViolations.map((v) => v.field)).toEqual([field]);
  return error;
}

/** The events on `subject` about `tenantId`, waiting until there are `count`. */
async function heardOn(subject: string, count: number): Promise<BusMessage[]> {
  const deadline = Date.now() + 10_000;
  const matching = () => heard.filter((e) => e.subject === subject);
  while (matching().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return matching();
}

async function approvedInvoice(rate: string, customerId = m.customer) {
  const { invoice } = await h.client.createInvoice(
    {
      draft: {
        customerId,
        invoiceDate: '2026-11-02',
        dueDate: '2026-12-02',
        lines: [{ type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate, isTaxable: true }],
      },
    },
    staff(),
  );
  return (await h.client.approveInvoice({ id: invoice!.id }, staff())).invoice!;
}

/** Another customer of the operator, in Maharashtra, with an email and a phone. */
const customerNamed = (name: string, gstNo: string) =>
  m.create('customer', {
    name,
    phone: '+919820055555',
    tax_type: 'GSTIN',
    billing_details: [
      {
        billing_name: `${name} LLP`,
        gst_no: gstNo,
        address: 'Vashi, Navi Mumbai',
        state_id: 'MH',
        email: 'pay@coastal.example',
        is_default: true,
      },
    ],
  });

const pdfText = async (pdf: Uint8Array) => (await readPdf(pdf)).pages.map((page) => page.text).join('\n');

it('prints a receipt: who paid, the amount in figures and words, how, and what each invoice got', async () => {
  const a = await approvedInvoice('4000'); // 4,200.00
  const b = await approvedInvoice('2000'); // 2,100.00
  const { receipt } = await h.client.createReceipt(
    {
      type: 'INVOICE',
      customerId: m.customer,
      receivedAmount: '5500',
      paymentMode: 'CHEQUE',
      chequeNo: '004512',
      chequeDate: '2026-11-20',
      bankName: 'HDFC Bank',
      settlements: [
        { invoiceId: a.id, amount: '4100', tdsAmount: '80', bankCharges: '20' },
        { invoiceId: b.id, amount: '900', tdsAmount: '40' },
      ],
    },
    staff(),
  );
  const { pdf, fileName } = await h.client.renderReceipt({ id: receipt!.id }, staff());
  expect(fileName).toBe(`receipt-${receipt!.receiptNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
  const text = await pdfText(pdf);
  for (const shown of [
    'Konkan Cabs Pvt Ltd',
    'Payment receipt',
    receipt!.receiptNo,
    '24/11/2026',
    'Harbour Logistics Pvt Ltd',
    '₹5,500.00',
    'Rupees Five Thousand Five Hundred Only',
    'Cheque',
    '004512',
    '20/11/2026',
    'HDFC Bank',
    a.invoiceNo,
    b.invoiceNo,
    '₹4,100.00',
    '₹80.00',
    '₹20.00',
    '₹4,200.00',
    '₹940.00',
    // What it still holds for the customer: 5,500 received less 5,000 applied.
    '₹500.00',
  ]) {
    expect(text).toContain(shown);
  }
  expect(text).not.toContain('Cancelled');

  await h.client.cancelReceipt({ id: receipt!.id, reason: 'Cheque bounced' }, staff());
  const cancelled = await pdfText((await h.client.renderReceipt({ id: receipt!.id }, staff())).pdf);
  expect(cancelled).toContain('Cancelled');
  expect(cancelled).toContain('Cheque bounced');
});

it('emails a receipt to the customer’s email by default, or to the addresses given, through an event', async () => {
  const { receipt } = await h.client.createReceipt(
    {
      type: 'ON_ACCOUNT',
      customerId: m.customer,
      receivedAmount: '2500',
      paymentMode: 'NEFT',
      settlements: [],
    },
    staff(),
  );
  const before = (await heardOn('fleet.billing.receipt.emailed', 0)).length;
  expect((await h.client.emailReceipt({ id: receipt!.id, to: [] }, staff())).sentTo).toEqual([
    'accounts@harbour.example',
  ]);
  expect(
    (
      await h.client.emailReceipt(
        { id: receipt!.id, to: ['a@harbour.example', 'b@harbour.example'] },
        staff(),
      )
    ).sentTo,
  ).toEqual(['a@harbour.example', 'b@harbour.example']);
  const events = (await heardOn('fleet.billing.receipt.emailed', before + 2))
    .slice(before)
    .map((e) => fromBinary(ReceiptEmailedSchema, e.data));
  expect(events.map((e) => [e.receiptNo, e.receivedAmount, e.customerName, e.companyName, e.to])).toEqual([
    [
      receipt!.receiptNo,
      '2500.00',
      'Harbour Logistics Pvt Ltd',
      'Konkan Cabs Pvt Ltd',
      ['accounts@harbour.example'],
    ],
    [
      receipt!.receiptNo,
      '2500.00',
      'Harbour Logistics Pvt Ltd',
      'Konkan Cabs Pvt Ltd',
      ['a@harbour.example', 'b@harbour.example'],
    ],
  ]);

  // Refused, naming the field, and nothing sent.
  await failsWith(
    h.client.emailReceipt({ id: receipt!.id, to: ['not-an-address'] }, staff()),
    'INVALID_ARGUMENT',
    'to.0',
  );
  await failsWith(
    h.client.emailReceipt(
      { id: receipt!.id, to: Array.from({ length: 11 }, (_, i) => `p${i}@harbour.example`) },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'to',
  );
  await failsWith(h.client.emailReceipt({ id: 'nope', to: [] }, staff()), 'INVALID_ARGUMENT', 'id');
  await h.client.cancelReceipt({ id: receipt!.id, reason: 'Entered twice' }, staff());
  await failsWith(h.client.emailReceipt({ id: receipt!.id, to: [] }, staff()), 'FAILED_PRECONDITION');
  // The next event heard is the next receipt emailed: none of the refused ones was sent.
  const next = await h.client.createReceipt(
    {
      type: 'ON_ACCOUNT',
      customerId: m.customer,
      receivedAmount: '300',
      paymentMode: 'CASH',
      settlements: [],
    },
    staff(),
  );
  await h.client.emailReceipt({ id: next.receipt!.id, to: [] }, staff());
  const all = await heardOn('fleet.billing.receipt.emailed', before + 3);
  expect(all.slice(before + 2).map((e) => fromBinary(ReceiptEmailedSchema, e.data).receiptNo)).toEqual([
    next.receipt!.receiptNo,
  ]);
});

it('asks a customer to pay, and its link alone opens a live page of that customer’s dues', async () => {
  const customer = await customerNamed('Coastal Foods', '27AAPFU0939F1ZV');
  const first = await approvedInvoice('1000', customer); // 1,050.00
  const second = await approvedInvoice('3000', customer); // 3,150.00
  // Another customer's invoice is never on this customer's page.
  const others = await approvedInvoice('700');
  const contacts = await h.client.getCustomerContacts({ customerId: customer }, staff());
  expect(contacts).toMatchObject({
    customerName: 'Coastal Foods LLP',
    emails: ['pay@coastal.example'],
    phones: ['+919820055555'],
  });

  const before = (await heardOn('fleet.billing.payment.requested', 0)).length;
  const { request } = await h.client.requestPayment(
    { customerId: customer, emails: [], phones: [] },
    staff(),
  );
  expect(request).toMatchObject({
    customerName: 'Coastal Foods LLP',
    amountDue: '4200.00',
    invoiceId: '',
    emails: ['pay@coastal.example'],
    phones: ['+919820055555'],
  });
  const [event] = (await heardOn('fleet.billing.payment.requested', before + 1))
    .slice(before)
    .map((e) => fromBinary(PaymentRequestedSchema, e.data));
  expect(event).toMatchObject({
    amountDue: '4200.00',
    customerName: 'Coastal Foods LLP',
    emails: ['pay@coastal.example'],
  });
  expect(event!.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  // Billing keeps only the token's hash.
  const stored = await h.database.db.readAsSystem((tx) =>
    rows(tx, sql`select * from billing.payment_requests where id = ${request!.id}`),
  );
  expect(stored).toHaveLength(1);
  expect(JSON.stringify(stored)).not.toContain(event!.token);

  const page = (await h.client.getPublicPaymentRequest({ token: event!.token }, visitor())).request!;
  expect(page.companyName).toBe('Konkan Cabs Pvt Ltd');
  expect(page.customerName).toBe('Coastal Foods LLP');
  expect(page.invoices.map((i) => [i.invoiceNo, i.invoiceDate, i.dueDate, i.outstanding])).toEqual([
    [first.invoiceNo, '2026-11-02', '2026-12-02', '1050.00'],
    [second.invoiceNo, '2026-11-02', '2026-12-02', '3150.00'],
  ]);
  expect(page.totalDue).toBe('4200.00');

  // The page reads the dues live: a part-payment shows at once.
  await h.client.createReceipt(
    {
      type: 'INVOICE',
      customerId: customer,
      receivedAmount: '1050',
      paymentMode: 'NEFT',
      settlements: [{ invoiceId: first.id, amount: '1050' }],
    },
    staff(),
  );
  const after = (await h.client.getPublicPaymentRequest({ token: event!.token }, visitor())).request!;
  expect(after.invoices.map((i) => i.invoiceNo)).toEqual([second.invoiceNo]);
  expect(after.totalDue).toBe('3150.00');

  // Each invoice shown downloads as its PDF; any other invoice is "not found", as is any other token.
  const { pdf } = await h.client.renderPublicInvoice(
    { token: event!.token, invoiceId: second.id },
    visitor(),
  );
  expect(await pdfText(pdf)).toContain(second.invoiceNo);
  await failsWith(
    h.client.renderPublicInvoice({ token: event!.token, invoiceId: others.id }, visitor()),
    'NOT_FOUND',
  );
  await failsWith(
    h.client.renderPublicInvoice({ token: event!.token, invoiceId: first.id }, visitor()),
    'NOT_FOUND',
  );
  const wrong = await failsWith(
    h.client.getPublicPaymentRequest({ token: 'A'.repeat(22) }, visitor()),
    'NOT_FOUND',
  );
  const malformed = await failsWith(h.client.getPublicPaymentRequest({ token: 'x' }, visitor()), 'NOT_FOUND');
  expect(malformed.message).toBe(wrong.message);
  // Only the gateway, passing on a visit, reads a public page.
  await failsWith(h.client.getPublicPaymentRequest({ token: event!.token }, staff()), 'PERMISSION_DENIED');
  // Thirty days on, the link opens nothing, as any other token.
  try {
    now = new Date(NOW.getTime() + 30 * 24 * 3600_000 - 60_000);
    await h.client.getPublicPaymentRequest({ token: event!.token }, visitor());
    now = new Date(NOW.getTime() + 30 * 24 * 3600_000);
    const expired = await failsWith(
      h.client.getPublicPaymentRequest({ token: event!.token }, visitor()),
      'NOT_FOUND',
    );
    expect(expired.message).toBe(wrong.message);
  } finally {
    now = NOW;
  }
});

it('asks for one invoice’s outstanding, and refuses what cannot be asked, naming the field', async () => {
  const invoice = await approvedInvoice('2000'); // 2,100.00
  const { request } = await h.client.requestPayment(
    { customerId: m.customer, invoiceId: invoice.id, emails: ['ap@harbour.example'], phones: [] },
    staff(),
  );
  expect([request!.amountDue, request!.invoiceNo, request!.emails, request!.phones]).toEqual([
    '2100.00',
    invoice.invoiceNo,
    ['ap@harbour.example'],
    [],
  ]);
  await failsWith(
    h.client.requestPayment({ customerId: m.customer, emails: ['nope'], phones: [] }, staff()),
    'INVALID_ARGUMENT',
    'emails.0',
  );
  await failsWith(
    h.client.requestPayment({ customerId: m.customer, emails: [], phones: ['12'] }, staff()),
    'INVALID_ARGUMENT',
    'phones.0',
  );
  await failsWith(
    h.client.requestPayment({ customerId: 'x', emails: [], phones: [] }, staff()),
    'INVALID_ARGUMENT',
    'customerId',
  );
  const someoneElse = await approvedInvoice('100', await customerNamed('Elsewhere', '27AAAFP1234D1ZT'));
  await failsWith(
    h.client.requestPayment(
      { customerId: m.customer, invoiceId: someoneElse.id, emails: [], phones: [] },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'invoiceId',
  );
  // A paid invoice asks for nothing.
  await h.client.createReceipt(
    {
      type: 'INVOICE',
      customerId: m.customer,
      receivedAmount: '2100',
      paymentMode: 'CASH',
      settlements: [{ invoiceId: invoice.id, amount: '2100' }],
    },
    staff(),
  );
  await failsWith(
    h.client.requestPayment(
      { customerId: m.customer, invoiceId: invoice.id, emails: [], phones: [] },
      staff(),
    ),
    'FAILED_PRECONDITION',
  );
});

it('asks each procedure’s permission', async () => {
  const { receipt } = await h.client.createReceipt(
    {
      type: 'ON_ACCOUNT',
      customerId: m.customer,
      receivedAmount: '10',
      paymentMode: 'CASH',
      settlements: [],
    },
    staff(),
  );
  const denied = (call: Promise<unknown>) => failsWith(call, 'PERMISSION_DENIED');
  await denied(h.client.renderReceipt({ id: receipt!.id }, without(PERMISSION.download_print_receipt)));
  await denied(h.client.emailReceipt({ id: receipt!.id, to: [] }, without(PERMISSION.email_receipt)));
  await denied(h.client.getCustomerContacts({ customerId: m.customer }, without(PERMISSION.view_receipt)));
  await denied(
    h.client.requestPayment(
      { customerId: m.customer, emails: [], phones: [] },
      without(PERMISSION.request_payment),
    ),
  );
  await denied(
    h.client.requestPayment(
      { customerId: m.customer, emails: [], phones: [] },
      without(PERMISSION.view_receipt),
    ),
  );
  // Asking for payment is its own permission: whoever holds it may ask without emailing invoices.
  const invoice = await approvedInvoice('500');
  const { request } = await h.client.requestPayment(
    { customerId: m.customer, invoiceId: invoice.id, emails: ['ap@harbour.example'], phones: [] },
    without(PERMISSION.email_invoice),
  );
  expect(request!.invoiceNo).toBe(invoice.invoiceNo);
  // Another operator's receipt is not found.
  await failsWith(
    h.client.renderReceipt({ id: receipt!.id }, callAs(h.callerFor(randomUUID(), Object.values(PERMISSION)))),
    'NOT_FOUND',
  );
});
