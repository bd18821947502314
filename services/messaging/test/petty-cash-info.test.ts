// A petty cash entry sent from billing reaches its person: messaging hears fleet.billing.petty_cash.sent,
// writes the text and the email to its log once per event (the same event delivered again writes
// nothing more), in the default words or the operator's own, and the delivery worker sends them.
import { randomUUID } from 'node:crypto';
import { rows } from '@fleet/platform';
import { PettyCashChangedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import { eventually, publishEvent } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { bootMessaging, type MessagingHarness, recordingEmail, recordingSms } from './support';

interface Logged {
  type: string;
  channel: string;
  status: string;
  recipientName: string;
  recipientPhone: string;
  recipientEmail: string;
  recipientRole: string;
  subject: string;
  text: string;
}

describe('petty cash information to its person', () => {
  const sms = recordingSms();
  const email = recordingEmail();
  let h: MessagingHarness;
  beforeAll(async () => {
    h = await bootMessaging({ sms, email });
  }, 60_000);
  afterAll(() => h?.close());

  const logged = (tenantId: string) =>
    h.database.db.readAsSystem((tx) =>
      rows<Logged>(
        tx,
        sql`select type, channel, status, recipient_name as "recipientName", recipient_phone as "recipientPhone",
              recipient_email as "recipientEmail", recipient_role as "recipientRole", subject, text
            from messaging.messages where tenant_id = ${tenantId} order by channel`,
      ),
    );

  const sent = (tenantId: string, channels: string[], id?: string) =>
    publishEvent(
      h.testBus.bus,
      'fleet.billing.petty_cash.sent',
      PettyCashChangedSchema,
      {
        tenantId,
        action: 'sent',
        held: '2500.00',
        companyName: 'Konkan Cabs',
        channels,
        entry: {
          id: randomUUID(),
          voucherNo: 'PC/26-27/0007',
          entryDate: '2026-11-24',
          kind: 'GIVEN',
          amount: '2500.00',
          category: 'DRIVER_ADVANCE',
          bookingNo: '1042',
          personKey: 'driver:d1',
          personName: 'Ravi Kumar',
          personPhone: '+919822000111',
          personEmail: 'ravi@example.com',
          driverId: randomUUID(),
        },
      },
      tenantId,
      id,
    );

  it('texts and emails the driver once per event, in the default words, and sends them', async () => {
    const tenantId = randomUUID();
    const event = await sent(tenantId, ['SMS', 'EMAIL']);
    // The same event again (a redelivery) writes nothing more.
    await sent(tenantId, ['SMS', 'EMAIL'], event.id);
    const found = await eventually(
      () => logged(tenantId),
      (messages) => messages.length === 2 && messages.every((m) => m.status === 'SENT'),
    );
    expect(found).toEqual([
      {
        type: 'PETTY_CASH_INFO_EMAIL',
        channel: 'EMAIL',
        status: 'SENT',
        recipientName: 'Ravi Kumar',
        recipientPhone: '',
        recipientEmail: 'ravi@example.com',
        recipientRole: 'DRIVER',
        subject: 'Petty cash PC/26-27/0007: ₹2,500.00 given to you - Konkan Cabs',
        text: expect.stringContaining('You now hold ₹2,500.00 of the office cash.'),
      },
      {
        type: 'PETTY_CASH_INFO_SMS',
        channel: 'SMS',
        status: 'SENT',
        recipientName: 'Ravi Kumar',
        recipientPhone: '+919822000111',
        recipientEmail: '',
        recipientRole: 'DRIVER',
        subject: '',
        text: 'Dear Ravi Kumar, petty cash PC/26-27/0007 of 24/11/2026: ₹2,500.00 given to you for driver advance, duty #00001042. You now hold ₹2,500.00 of the office cash. - Konkan Cabs',
      },
    ]);
    expect(sms.sent.filter((m) => m.to === '+919822000111').map((m) => m.template)).toEqual([
      'PETTY_CASH_INFO_SMS',
    ]);
    expect(email.sent.filter((m) => m.subject.startsWith('Petty cash PC/26-27/0007'))).toHaveLength(1);
    // Sent again by hand: a new event, a new text.
    await sent(tenantId, ['SMS']);
    await eventually(
      () => logged(tenantId),
      (messages) => messages.filter((m) => m.type === 'PETTY_CASH_INFO_SMS').length === 2,
    );
  });

  it('words it the operator’s way when the operator has its own template', async () => {
    const tenantId = randomUUID();
    await h.database.db.withTenant(tenantId, (tx) =>
      tx.execute(sql`insert into messaging.templates (tenant_id, type, body, subject)
        values (${tenantId}, 'PETTY_CASH_INFO_SMS', 'Cash {pettyCashAmount} {pettyCashKind}. Held: {pettyCashHeld}. {companyName} office', '')`),
    );
    await sent(tenantId, ['SMS']);
    const [text] = await eventually(
      () => logged(tenantId),
      (messages) => messages.length === 1,
    );
    expect(text?.text).toBe('Cash ₹2,500.00 given to you. Held: ₹2,500.00. Konkan Cabs office');
  });
});
