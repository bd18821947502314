// An email with a duty slip, sent by the delivery worker through the real SMTP adapter to a real SMTP
// server on loopback, the slip fetched from a real bookings service as the messaging service itself.
import { randomUUID } from 'node:crypto';
import { createSmtpEmailProvider, rows } from '@fleet/platform';
import { connectorTo, startSmtpPeer } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { insertMessages, type NewMessage } from '../src/storage/messages-store';
import {
  type BookingsHarness,
  bookingMasters,
  bootBookings,
  bootMessaging,
  eventually,
  type MessagingHarness,
  recordingSms,
  takeBooking,
} from './support';

const FROM = 'Acme Cabs <billing@acme-cabs.in>';

interface StoredEmail {
  status: string;
  provider: string | null;
  providerMessageId: string | null;
  error: string | null;
  attempts: number;
}

const emailRow = (h: MessagingHarness, id: string) =>
  h.database.db.readAsSystem((tx) =>
    rows<StoredEmail>(
      tx,
      sql`select status, provider, provider_message_id as "providerMessageId", error, attempts
          from messaging.messages where id = ${id}`,
    ),
  );

describe('emails with their duty slips, through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let bookings: BookingsHarness;
  let h: MessagingHarness;
  const tenantId = randomUUID();
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    bookings = await bootBookings();
    h = await bootMessaging({
      sms: recordingSms(),
      email: createSmtpEmailProvider({
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        from: FROM,
        timeoutMs: 5_000,
      }),
      connect: connectorTo(bookings),
      delivery: { pollMs: 40, retry: { maxAttempts: 3, baseDelayMs: 50, maxDelayMs: 100 } },
    });
  });
  afterAll(async () => {
    await h?.close();
    await bookings?.close();
    await smtp?.close();
  });

  const queueEmail = async (bookingId: string, to: string) => {
    const message: NewMessage = {
      tenantId,
      eventId: randomUUID(),
      type: 'DUTY_SLIP_EMAIL',
      channel: 'EMAIL',
      role: 'CUSTOMER',
      name: 'Acme Corp',
      phone: '',
      email: to,
      subject: 'Duty slip for your trip of 01/12/2026',
      attachments: [{ kind: 'DUTY_SLIP', bookingId, fileName: 'duty-slip-acme.pdf' }],
      bookingId,
      bookingNo: null,
      text: 'Dear Acme Corp,\n\nthe duty slip of your trip is attached.\n\nAcme Cabs',
      variables: {},
    };
    const [row] = await h.database.db.withTenant(tenantId, (tx) => insertMessages(tx, [message]));
    if (!row) throw new Error('the email was not queued');
    return row.id;
  };

  it('sends the email to its address with its subject, body and the booking’s duty slip as a PDF', async () => {
    const masters = await bookingMasters(bookings, tenantId);
    const bookingId = await takeBooking(bookings, tenantId, masters, [
      { name: 'Asha Rao', phone: '+919800000101' },
    ]);
    const id = await queueEmail(bookingId, 'travel.desk@acme.example.com');

    const [sent] = await eventually(
      () => emailRow(h, id),
      (r) => r[0]?.status === 'SENT',
    );
    expect(sent).toMatchObject({ provider: 'smtp', error: null, attempts: 1 });
    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received?.to).toEqual(['travel.desk@acme.example.com']);

    const mail = await PostalMime.parse(received?.raw ?? Buffer.alloc(0));
    expect(sent?.providerMessageId).toBe(mail.messageId);
    expect(mail.from?.address).toBe('billing@acme-cabs.in');
    expect(mail.to?.map((a) => a.address)).toEqual(['travel.desk@acme.example.com']);
    expect(mail.subject).toBe('Duty slip for your trip of 01/12/2026');
    expect(mail.text?.trim()).toBe('Dear Acme Corp,\n\nthe duty slip of your trip is attached.\n\nAcme Cabs');
    expect(mail.html).toContain('<p>the duty slip of your trip is attached.</p>');
    expect(mail.attachments).toHaveLength(1);
    const [slip] = mail.attachments;
    expect(slip?.filename).toBe('duty-slip-acme.pdf');
    expect(slip?.mimeType).toBe('application/pdf');
    const content = slip?.content;
    const bytes =
      typeof content === 'string'
        ? Buffer.from(content)
        : Buffer.from(new Uint8Array(content ?? new ArrayBuffer(0)));
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('tries again when the slip cannot be fetched, and gives the email up at its limit with the reason', async () => {
    const before = smtp.received.length;
    // A booking bookings does not have for this operator: its slip never comes.
    const id = await queueEmail(randomUUID(), 'nobody@acme.example.com');
    const [failed] = await eventually(
      () => emailRow(h, id),
      (r) => r[0]?.status === 'FAILED' && r[0].attempts === 3,
    );
    expect(failed?.error).toBe('its attachment could not be fetched');
    expect(smtp.received.length).toBe(before);
  });
});
