import type { PermissionId } from '@fleet/domain';
// A receipt printed and emailed, and a customer asked to pay, through the gateway over HTTP as the web
// app and the customer reach them: the receipt's PDF, the request texted with its link, the public page
// that link opens with no sign-in (and each of its invoices as a PDF), any other token the same 404, and
// a person without the permission refused.
import type { SmsMessage, SmsProvider } from '@fleet/platform';
import { eventually } from '@fleet/testing';
import { readPdf } from '@fleet/testing/pdf';
import Decimal from 'decimal.js';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

const texts: SmsMessage[] = [];
const recording: SmsProvider = {
  name: 'recording',
  async send(message) {
    texts.push(message);
    return { providerMessageId: `rec-${texts.length}` };
  },
};
const LINK = /http:\/\/localhost:3000\/payment-request\/([A-Za-z0-9_-]{22})/;

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let ownerToken: string;
let viewer: ReturnType<GatewayHarness['client']>;
let viewerToken: string;
let customerId: string;
let invoiceId: string;
let invoiceNo: string;
const customerPhone = freshPhone();

beforeAll(async () => {
  h = await bootGateway({ messagingSms: recording });
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Dues Cabs' }));
  owner = h.client(() => bearer(ownerToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Receipt reader',
    permissions: ['view_invoice', 'view_receipt'],
  });
  const viewerPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Vee Reader',
    phone: viewerPhone,
    permissionProfileId: profile.id,
  });
  ({ token: viewerToken } = await h.signIn(viewerPhone));
  viewer = h.client(() => bearer(viewerToken));

  const bank = await owner.masters.bank_account.create.mutate({
    values: {
      name: 'Current account',
      account_holder: 'Dues Cabs Pvt Ltd',
      bank_name: 'HDFC Bank',
      account_no: '50200012345678',
      ifsc: 'HDFC0001234',
    },
  });
  await owner.masters.company.create.mutate({
    values: {
      name: 'Dues Cabs Pvt Ltd',
      business_type: 'PRIVATE_LIMITED',
      gst_no: '27AABCK1234E1Z1',
      state_id: 'MH',
      address: '12 FC Road, Pune',
      bank_account_id: bank.id,
      is_primary: true,
    },
  });
  customerId = (
    await owner.masters.customer.create.mutate({
      values: {
        name: 'Harbour Logistics',
        phone: customerPhone,
        tax_type: 'GSTIN',
        billing_details: [
          {
            billing_name: 'Harbour Logistics Pvt Ltd',
            gst_no: '27AAACH7409R1Z1',
            address: 'Andheri East, Mumbai',
            state_id: 'MH',
            email: 'accounts@harbour.example',
            is_default: true,
          },
        ],
      },
    })
  ).id;
  const draft = await owner.invoice.create.mutate({
    customerId,
    lines: [
      { type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate: '4000', isTaxable: true },
    ],
  });
  const approved = await owner.invoice.approve.mutate({ id: draft.id });
  invoiceId = approved.id;
  invoiceNo = approved.invoiceNo;
}, 120_000);
afterAll(() => h?.close());

/** A client signed in as a new employee holding `permissions` (and what they require). */
async function signedInHolding(permissions: PermissionId[]) {
  const profile = await owner.permissionProfile.create.mutate({
    name: `Holder of ${permissions.join(' ')}`,
    permissions,
  });
  const phone = freshPhone();
  await owner.employee.create.mutate({ name: 'Pat Holder', phone, permissionProfileId: profile.id });
  const { token } = await h.signIn(phone);
  return h.client(() => bearer(token));
}

it('prints a receipt as a PDF and emails it to the customer', async () => {
  const receipt = await owner.receipt.create.mutate({
    type: 'INVOICE',
    customerId,
    receivedAmount: '1000',
    paymentMode: 'NEFT',
    reference: 'UTR0042',
    settlements: [{ invoiceId, amount: '1000' }],
  });
  const answer = await fetch(`${h.baseUrl}/api/receipts/${receipt.id}.pdf?download=1`, {
    headers: bearer(ownerToken),
  });
  expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  expect(answer.headers.get('content-disposition')).toContain('attachment');
  const text = (await readPdf(new Uint8Array(await answer.arrayBuffer()))).pages
    .map((p) => p.text)
    .join('\n');
  expect(text).toContain(receipt.receiptNo);
  expect(text).toContain('Rupees One Thousand Only');
  expect(text).toContain(invoiceNo);
  expect((await fetch(`${h.baseUrl}/api/receipts/${receipt.id}.pdf`)).status).toBe(401);

  expect(await owner.receipt.email.mutate({ id: receipt.id, to: [] })).toEqual({
    sentTo: ['accounts@harbour.example'],
  });
  const bad = await expectTrpcError(owner.receipt.email.mutate({ id: receipt.id, to: ['nope'] }));
  expect([bad.data?.code, Object.keys(bad.data?.fieldErrors ?? {})]).toEqual(['BAD_REQUEST', ['to.0']]);
  expect((await expectTrpcError(viewer.receipt.email.mutate({ id: receipt.id, to: [] }))).data?.code).toBe(
    'FORBIDDEN',
  );
});

it('texts the customer a request for what it owes, whose link opens its dues with no sign-in', async () => {
  expect(await owner.paymentRequest.contacts.query({ customerId })).toEqual({
    customerName: 'Harbour Logistics Pvt Ltd',
    emails: ['accounts@harbour.example'],
    phones: [customerPhone],
  });
  const request = await owner.paymentRequest.send.mutate({ customerId, phones: [customerPhone] });
  // 4,200 less the 1,000 received above.
  expect([request.amountDue, request.phones, request.emails]).toEqual([
    new Decimal('3200'),
    [customerPhone],
    [],
  ]);
  const [sms] = await eventually(
    async () => texts.filter((t) => t.to === customerPhone && t.purpose === 'PAYMENT_REQUEST_SMS'),
    (found) => found.length > 0,
  );
  expect(sms!.text).toContain('₹3,200.00 is due');
  const token = LINK.exec(sms!.text)?.[1];
  expect(token).toBeDefined();

  const page = await h.query('publicPaymentRequest.get', { token });
  expect(page.status).toBe(200);
  expect(page.body.result?.data).toMatchObject({
    companyName: 'Dues Cabs Pvt Ltd',
    customerName: 'Harbour Logistics Pvt Ltd',
    invoices: [{ id: invoiceId, invoiceNo }],
    bankAccount: { bankName: 'HDFC Bank', accountNo: '50200012345678', ifsc: 'HDFC0001234' },
  });
  const pdf = await fetch(`${h.baseUrl}/api/payment-request/${token}/invoices/${invoiceId}.pdf`);
  expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);

  const forged = `${token!.slice(0, 20)}${token!.endsWith('xy') ? 'zz' : 'xy'}`;
  const refused = await Promise.all([
    h.query('publicPaymentRequest.get', { token: forged }),
    h.query('publicPaymentRequest.get', { token: 'nothing like a token' }),
  ]);
  expect(refused.map((a) => a.status)).toEqual([404, 404]);
  expect(new Set(refused.map((a) => a.body.error?.message)).size).toBe(1);
  expect((await fetch(`${h.baseUrl}/api/payment-request/${forged}/invoices/${invoiceId}.pdf`)).status).toBe(
    404,
  );
});

it('refuses a request a person may not send, or one naming a bad address', async () => {
  const denied = await expectTrpcError(viewer.paymentRequest.send.mutate({ customerId }));
  expect(denied.data?.code).toBe('FORBIDDEN');
  // Asking for payment is request_payment's, not emailing invoices'.
  const mailer = await signedInHolding(['view_invoice', 'view_receipt', 'email_invoice']);
  expect((await expectTrpcError(mailer.paymentRequest.send.mutate({ customerId }))).data?.code).toBe(
    'FORBIDDEN',
  );
  const requester = await signedInHolding(['view_receipt', 'request_payment']);
  const sent = await requester.paymentRequest.send.mutate({ customerId, phones: [customerPhone] });
  expect(sent.customerName).toBe('Harbour Logistics Pvt Ltd');
  const bad = await expectTrpcError(owner.paymentRequest.send.mutate({ customerId, emails: ['x@'] }));
  expect([bad.data?.code, Object.keys(bad.data?.fieldErrors ?? {})]).toEqual(['BAD_REQUEST', ['emails.0']]);
});
