// A supplier's invoice recorded in billing reaches the supplier's inbox: messaging hears billing's
// fleet.billing.purchase_invoice.emailed, writes the PURCHASE_INVOICE_EMAIL to its log, and the delivery
// worker sends it through the real SMTP adapter to a real SMTP server on loopback with our record of the
// invoice as a PDF, fetched from a real billing service as the messaging service itself.
import { randomUUID } from 'node:crypto';
import { callAs, rows } from '@fleet/platform';
import { readPdf } from '@fleet/testing/pdf';
import { sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import {
  type BillingHarness,
  type BookingsHarness,
  bootBillingMail,
  eventually,
  type MessagingHarness,
  type SmtpPeer,
} from './support';

const NOW = new Date('2026-11-24T06:30:00Z');

describe("a supplier's invoice, emailed to the supplier with our record of it", () => {
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

  it('sends the supplier the default words, naming its number and what is payable, with the PDF', async () => {
    const caller = callAs(bookings.masters.callerFor(tenantId));
    const create = async (kind: string, values: Record<string, unknown>) =>
      (await bookings.masters.client.createRecord({ kind, valuesJson: JSON.stringify(values) }, caller))
        .record!.id;
    await create('company', {
      name: 'Konkan Cabs Pvt Ltd',
      business_type: 'PRIVATE_LIMITED',
      gst_no: '27AABCK1234E1Z1',
      state_id: 'MH',
      address: '12 FC Road, Pune',
      is_primary: true,
    });
    const supplierId = await create('supplier', {
      name: 'Sai Travels',
      supplier_type: 'COMPANY',
      tds_ledger_type: '194C_OTHERS',
      email: 'accounts@saitravels.example',
    });
    // Billing learns of the company from masters' event; a purchase invoice is billed to it.
    await eventually(
      () =>
        billing.database.db.readAsSystem((tx) =>
          rows(
            tx,
            sql`select 1 from billing.master_copies where tenant_id = ${tenantId} and kind = 'company'`,
          ),
        ),
      (found) => found.length === 1,
    );
    const bookingId = randomUUID();
    await billing.database.db.asOwner((tx) =>
      tx.execute(sql`insert into billing.duties (booking_id, tenant_id, booking_no, version, status, customer_id,
          from_city_id, start_date, supplier_id, supplier_name, purchase_charges, purchase_amount,
          purchase_slip_status)
        values (${bookingId}, ${tenantId}, 41, 1, 'CLOSED', ${randomUUID()}, 'mh-pune', '2026-11-10', ${supplierId},
          'Sai Travels', '{"total": "3000"}'::jsonb, 3000, 'ACCEPTED')`),
    );
    const staff = callAs(billing.callerFor(tenantId));
    const { purchaseInvoice } = await billing.client.createPurchaseInvoice(
      {
        draft: {
          supplierId,
          supplierInvoiceNo: 'ST/118',
          supplierInvoiceDate: '2026-11-15',
          receivedDate: '2026-11-16',
          duties: [{ bookingId }],
        },
      },
      staff,
    );
    const id = purchaseInvoice!.id;
    await billing.client.approvePurchaseInvoice({ id }, staff);
    const sender = billing.callerFor(tenantId);
    await billing.client.emailPurchaseInvoice({ id }, callAs(sender));

    const logged = () =>
      h.database.db.readAsSystem((tx) =>
        rows<{ status: string; recipientEmail: string; attachments: unknown; requestedBy: string | null }>(
          tx,
          sql`select status, recipient_email as "recipientEmail", attachments, requested_by as "requestedBy"
              from messaging.messages where tenant_id = ${tenantId} and type = 'PURCHASE_INVOICE_EMAIL'`,
        ),
      );
    const fileName = `purchase-invoice-${purchaseInvoice!.purchaseNo.replaceAll('/', '-')}.pdf`;
    const [sent] = await eventually(logged, (found) => found[0]?.status === 'SENT');
    expect(sent).toMatchObject({
      recipientEmail: 'accounts@saitravels.example',
      attachments: [{ kind: 'PURCHASE_INVOICE', purchaseInvoiceId: id, fileName }],
      requestedBy: sender.userId,
    });
    expect(smtp.received).toHaveLength(1);
    const mail = await PostalMime.parse(smtp.received[0]!.raw);
    expect(mail.subject).toBe('Your invoice ST/118 - Konkan Cabs Pvt Ltd');
    // ₹3,000 less 2% TDS.
    expect(mail.text?.trim()).toBe(
      'Dear Sai Travels,\n\nWe have recorded your invoice ST/118; ₹2,940.00 is payable to you after TDS. Our record of it is attached.\n\nRegards,\nKonkan Cabs Pvt Ltd',
    );
    const [attached] = mail.attachments;
    expect([attached?.filename, attached?.mimeType]).toEqual([fileName, 'application/pdf']);
    const content = attached?.content;
    const bytes =
      typeof content === 'string' ? Buffer.from(content) : new Uint8Array(content ?? new ArrayBuffer(0));
    const text = (await readPdf(bytes)).pages.map((page) => page.text).join('\n');
    expect(text).toContain(purchaseInvoice!.purchaseNo);
    expect(text).toContain('ST/118');
  });
});
