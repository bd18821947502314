// An invoice dispatched in billing reaches the buyer's inbox: messaging hears billing's
// fleet.billing.invoice.dispatched, writes the INVOICE_EMAIL to its log, and the delivery worker sends it
// through the real SMTP adapter to a real SMTP server on loopback with the invoice's PDF, fetched from a
// real billing service as the messaging service itself.
import { randomUUID } from 'node:crypto';
import { PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
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
  type SmtpPeer,
} from './support';

const NOW = new Date('2026-11-24T06:30:00Z');

describe('a dispatched invoice, emailed with its PDF', () => {
  let smtp: SmtpPeer;
  let bookings: BookingsHarness;
  let billing: BillingHarness;
  let h: MessagingHarness;
  let close: (() => Promise<void>) | undefined;
  const tenantId = randomUUID();

  beforeAll(async () => {
    ({ smtp, bookings, billing, h, close } = await bootBillingMail({ now: NOW }));
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

  const loggedEmails = () =>
    h.database.db.readAsSystem((tx) =>
      rows<LoggedEmail>(
        tx,
        sql`select type, status, recipient_name as "recipientName", recipient_email as "recipientEmail", subject,
              attachments, requested_by as "requestedBy"
            from messaging.messages where tenant_id = ${tenantId} and type = 'INVOICE_EMAIL'`,
      ),
    );

  it('sends the buyer the invoice’s email in the default words with the PDF holding its number', async () => {
    const { companyId, customerId } = await invoicingMasters();
    const staff = callAs(billing.callerFor(tenantId));
    const { invoice } = await billing.client.createInvoice(
      {
        draft: {
          customerId,
          companyId,
          dueDate: '2026-12-24',
          lines: [
            { type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate: '1500', isTaxable: true },
          ],
        },
      },
      staff,
    );
    const invoiceNo = invoice!.invoiceNo;
    const fileName = `invoice-${invoiceNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
    await billing.client.approveInvoice({ id: invoice!.id }, staff);
    const dispatcher = billing.callerFor(tenantId);
    await billing.client.dispatchInvoice({ id: invoice!.id, to: [] }, callAs(dispatcher));

    const [logged] = await eventually(loggedEmails, (found) => found[0]?.status === 'SENT');
    expect(logged).toMatchObject({
      recipientName: 'Harbour Logistics Pvt Ltd',
      recipientEmail: 'accounts@harbour.example',
      subject: `Invoice ${invoiceNo} from Konkan Cabs Pvt Ltd`,
      attachments: [{ kind: 'INVOICE', invoiceId: invoice!.id, fileName }],
      requestedBy: dispatcher.userId,
    });

    expect(smtp.received).toHaveLength(1);
    const mail = await PostalMime.parse(smtp.received[0]!.raw);
    expect(mail.to?.map((a) => a.address)).toEqual(['accounts@harbour.example']);
    expect(mail.subject).toBe(`Invoice ${invoiceNo} from Konkan Cabs Pvt Ltd`);
    // ₹1,500 with 5% GST: ₹1,575.
    expect(mail.text?.trim()).toBe(
      `Dear Harbour Logistics Pvt Ltd,\n\nPlease find attached invoice ${invoiceNo} for ₹1,575.00, due by 24/12/2026.\n\nRegards,\nKonkan Cabs Pvt Ltd`,
    );
    expect(mail.attachments).toHaveLength(1);
    const [attached] = mail.attachments;
    expect(attached?.filename).toBe(fileName);
    expect(attached?.mimeType).toBe('application/pdf');
    const content = attached?.content;
    const bytes =
      typeof content === 'string' ? Buffer.from(content) : new Uint8Array(content ?? new ArrayBuffer(0));
    const text = (await readPdf(bytes)).pages.map((page) => page.text).join('\n');
    expect(text).toContain(`No. ${invoiceNo}`);
    expect(text).toContain('Harbour Logistics Pvt Ltd');

    // Fetching the PDF to email it is the dispatch, not a person's download.
    const { invoice: after, activity } = await billing.client.getInvoice(
      { id: invoice!.id },
      callAs(billing.callerFor(tenantId, [PERMISSION.view_invoice])),
    );
    expect(after?.isDispatched).toBe(true);
    expect(after?.isDownloaded).toBe(false);
    expect(activity.map((a) => a.action)).not.toContain('downloaded');
  });
});
