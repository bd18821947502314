// Billing's customer messages reach the customer: a receipt emailed in billing arrives through the real
// SMTP adapter on a loopback SMTP server with the receipt's PDF (fetched from a real billing service when
// sent), written to the log once; a payment request arrives by email and text with a link whose token
// opens the customer's dues in billing.
import { randomUUID } from 'node:crypto';
import { resendPermissionFor } from '@fleet/domain';
import { callAs, rows, SYSTEM_PERMISSION, serviceCaller } from '@fleet/platform';
import { readPdf } from '@fleet/testing/pdf';
import { sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import {
  type BillingHarness,
  type BookingsHarness,
  bootBillingMail,
  eventually,
  type LoggedEmail,
  type MessagingHarness,
  recordingSms,
  type SmtpPeer,
} from './support';

const NOW = new Date('2026-11-24T06:30:00Z');

describe('a receipt emailed and a payment requested', () => {
  let smtp: SmtpPeer;
  let bookings: BookingsHarness;
  let billing: BillingHarness;
  let h: MessagingHarness;
  let close: (() => Promise<void>) | undefined;
  const sms = recordingSms();
  const tenantId = randomUUID();

  beforeAll(async () => {
    ({ smtp, bookings, billing, h, close } = await bootBillingMail({
      now: NOW,
      sms,
      publicBaseUrl: 'https://fleet.example',
    }));
  }, 90_000);
  afterAll(() => close?.());

  /** An operator's billing company, and a customer whose billing details say where its invoices go. */
  async function invoicingMasters() {
    const caller = callAs(bookings.masters.callerFor(tenantId));
    const create = async (kind: string, values: Record<string, unknown>) => {
      const { record } = await bookings.masters.client.createRecord(
        { kind, valuesJson: JSON.stringify(values) },
        caller,
      );
      return record!.id;
    };
    await bookings.masters.client.saveSettings(
      {
        kind: 'business_settings',
        valuesJson: JSON.stringify({ business_name: 'Konkan Cabs', rent_a_cab_gst: 'GST_5_NO_ITC' }),
      },
      caller,
    );
    const companyId = await create('company', {
      name: 'Konkan Cabs Pvt Ltd',
      business_type: 'PRIVATE_LIMITED',
      gst_no: '27AABCK1234E1Z1',
      state_id: 'MH',
      city_id: 'mh-pune',
      address: '12 FC Road, Pune',
      is_primary: true,
    });
    const customerId = await create('customer', {
      name: 'Harbour Logistics',
      tax_type: 'GSTIN',
      phone: '+919820012345',
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
    });
    return { companyId, customerId };
  }

  const logged = (type: string) =>
    h.database.db.readAsSystem((tx) =>
      rows<LoggedEmail & { channel: string; recipientPhone: string; text: string }>(
        tx,
        sql`select type, status, channel, recipient_name as "recipientName", recipient_email as "recipientEmail",
              recipient_phone as "recipientPhone", subject, text, attachments, requested_by as "requestedBy"
            from messaging.messages where tenant_id = ${tenantId} and type = ${type}
            order by channel, recipient_email, recipient_phone`,
      ),
    );

  const pdfTextOf = async (content: string | ArrayBuffer | Uint8Array | undefined) => {
    const bytes =
      typeof content === 'string' ? Buffer.from(content) : new Uint8Array(content ?? new ArrayBuffer(0));
    return (await readPdf(bytes)).pages.map((page) => page.text).join('\n');
  };

  let masters: Awaited<ReturnType<typeof invoicingMasters>>;
  beforeAll(async () => {
    masters = await invoicingMasters();
    // A receipt without a company is received by the primary one, which billing knows from masters'
    // events: the test starts once billing holds its copy.
    await eventually(
      () =>
        billing.database.db.readAsSystem((tx) =>
          rows(
            tx,
            sql`select 1 from billing.master_copies where tenant_id = ${tenantId} and kind = 'company' and id = ${masters.companyId}`,
          ),
        ),
      (found) => found.length > 0,
    );
  });

  it('emails a receipt to each address once, in the default words, with the receipt’s PDF', async () => {
    const staff = callAs(billing.callerFor(tenantId));
    const { receipt } = await billing.client.createReceipt(
      {
        type: 'ON_ACCOUNT',
        customerId: masters.customerId,
        receivedAmount: '12500',
        paymentMode: 'NEFT',
        reference: 'UTR889',
        settlements: [],
      },
      staff,
    );
    const receiptNo = receipt!.receiptNo;
    const fileName = `receipt-${receiptNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
    const sender = billing.callerFor(tenantId);
    await billing.client.emailReceipt(
      { id: receipt!.id, to: ['accounts@harbour.example', 'cfo@harbour.example'] },
      callAs(sender),
    );

    const sent = await eventually(
      () => logged('RECEIPT_EMAIL'),
      (found) => found.length === 2 && found.every((m) => m.status === 'SENT'),
    );
    expect(sent.map((m) => [m.recipientEmail, m.subject, m.attachments, m.requestedBy])).toEqual([
      [
        'accounts@harbour.example',
        `Receipt ${receiptNo} for ₹12,500.00 - Konkan Cabs Pvt Ltd`,
        [{ kind: 'RECEIPT', receiptId: receipt!.id, fileName }],
        sender.userId,
      ],
      [
        'cfo@harbour.example',
        `Receipt ${receiptNo} for ₹12,500.00 - Konkan Cabs Pvt Ltd`,
        [{ kind: 'RECEIPT', receiptId: receipt!.id, fileName }],
        sender.userId,
      ],
    ]);
    const mails = await Promise.all(smtp.received.map((r) => PostalMime.parse(r.raw)));
    const receiptMails = mails.filter((mail) => mail.subject?.startsWith('Receipt '));
    expect(receiptMails.map((mail) => mail.to?.map((a) => a.address)).sort()).toEqual([
      ['accounts@harbour.example'],
      ['cfo@harbour.example'],
    ]);
    expect(receiptMails[0]!.text?.trim()).toBe(
      `Dear Harbour Logistics Pvt Ltd,\n\nThank you for your payment of ₹12,500.00 received on 24/11/2026. Please find attached receipt ${receiptNo}.\n\nRegards,\nKonkan Cabs Pvt Ltd`,
    );
    const [attached] = receiptMails[0]!.attachments;
    expect([attached?.filename, attached?.mimeType]).toEqual([fileName, 'application/pdf']);
    const text = await pdfTextOf(attached?.content);
    expect(text).toContain(receiptNo);
    expect(text).toContain('Rupees Twelve Thousand Five Hundred Only');
    expect(text).toContain('UTR889');
  });

  it('asks the customer to pay by email and text, with a link that opens its dues', async () => {
    const staff = callAs(billing.callerFor(tenantId));
    const { invoice } = await billing.client.createInvoice(
      {
        draft: {
          customerId: masters.customerId,
          companyId: masters.companyId,
          dueDate: '2026-12-24',
          lines: [
            { type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate: '2000', isTaxable: true },
          ],
        },
      },
      staff,
    );
    await billing.client.approveInvoice({ id: invoice!.id }, staff);
    await billing.client.requestPayment(
      { customerId: masters.customerId, invoiceId: invoice!.id, emails: [], phones: [] },
      staff,
    );
    const emails = await eventually(
      () => logged('PAYMENT_REQUEST_EMAIL'),
      (found) => found.length === 1 && found[0]!.status === 'SENT',
    );
    expect(emails[0]).toMatchObject({
      recipientEmail: 'accounts@harbour.example',
      subject: 'Payment due: ₹2,100.00 - Konkan Cabs Pvt Ltd',
    });
    const texts = await eventually(
      () => logged('PAYMENT_REQUEST_SMS'),
      (found) => found.length === 1 && found[0]!.status === 'SENT',
    );
    expect(texts[0]!.recipientPhone).toBe('+919820012345');
    // The log keeps the words with the link's variable, as a slip's text: whoever reads it opens nothing.
    expect(texts[0]!.text).toBe(
      'Dear Harbour Logistics Pvt Ltd, ₹2,100.00 is due to us. See your invoices and how to pay: {paymentLink} - Konkan Cabs Pvt Ltd',
    );
    expect(emails[0]!.text).toContain('\n{paymentLink}\n');
    const stored = await h.database.db.readAsSystem((tx) =>
      rows<{ row: string }>(
        tx,
        sql`select m::text as row from messaging.messages m where tenant_id = ${tenantId} and type like 'PAYMENT_REQUEST%'`,
      ),
    );
    expect(stored.map((r) => r.row).join('\n')).not.toMatch(/payment-request\//);
    const { messages: listed } = await h.client.listMessages(
      { type: 'PAYMENT_REQUEST_SMS' },
      callAs(h.callerFor(tenantId, ['view_sms'])),
    );
    expect(JSON.stringify(listed.map((m) => m.text))).not.toMatch(/payment-request\//);

    // What went out carries the link, the same in the text and the email.
    const sent = sms.sent.find((m) => m.template === 'PAYMENT_REQUEST_SMS');
    const link = /https:\/\/fleet\.example\/payment-request\/([A-Za-z0-9_-]{22})/.exec(sent?.text ?? '');
    expect(link).not.toBeNull();
    expect(sent?.text).toBe(
      `Dear Harbour Logistics Pvt Ltd, ₹2,100.00 is due to us. See your invoices and how to pay: ${link![0]} - Konkan Cabs Pvt Ltd`,
    );
    expect(sent?.variables.paymentLink).toBe(link![0]);
    const mails = await Promise.all(smtp.received.map((r) => PostalMime.parse(r.raw)));
    const requestMail = mails.find((mail) => mail.subject?.startsWith('Payment due'));
    expect(requestMail?.text).toContain(`\n${link![0]}\n`);

    // Sent again from the log: the same link goes out, and the log still holds none.
    const clerk = callAs(h.callerFor(tenantId, ['view_sms', resendPermissionFor('PAYMENT_REQUEST_SMS')]));
    const { message: resent } = await h.client.resendMessage(
      { id: listed[0]!.id, idempotencyKey: randomUUID() },
      clerk,
    );
    expect(resent?.text).toContain('{paymentLink}');
    await eventually(
      async () => sms.sent.filter((m) => m.template === 'PAYMENT_REQUEST_SMS'),
      (found) => found.length === 2,
    );
    expect(sms.sent.filter((m) => m.template === 'PAYMENT_REQUEST_SMS').at(-1)?.text).toBe(sent?.text);

    const visitor = callAs(serviceCaller('gateway', { permissions: [SYSTEM_PERMISSION.servePublicPages] }));
    const page = (await billing.client.getPublicPaymentRequest({ token: link![1]! }, visitor)).request!;
    expect([page.customerName, page.totalDue, page.invoices.map((i) => i.invoiceNo)]).toEqual([
      'Harbour Logistics Pvt Ltd',
      '2100.00',
      [invoice!.invoiceNo],
    ]);
  });
});
