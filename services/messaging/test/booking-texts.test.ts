import { randomUUID } from 'node:crypto';
import { createInProcessBus, noOtherServices, rows } from '@fleet/platform';
import { createTestDatabase, quietLogger } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { createMessagingModule } from '../src';
import {
  bookingEvent,
  bootMessaging,
  eventually,
  type MessagingHarness,
  publishBookingEvent,
  recordingEmail,
  recordingSms,
  storedMessages,
} from './support';

const allSent = (n: number) => (stored: { status: string }[]) =>
  stored.length === n && stored.every((r) => r.status === 'SENT');

describe('texts from bookings’ events, over a real JetStream and PostgreSQL', () => {
  let h: MessagingHarness;
  const sms = recordingSms();
  const tenantId = randomUUID();
  beforeAll(async () => {
    h = await bootMessaging({ sms });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    sms.sent.length = 0;
    await h.database.db.asSystem((tx) => tx.execute(sql`delete from messaging.messages`));
  });

  it('confirms a booking taken as BOOKED to its passengers and booker, with its number, time and pickup', async () => {
    await publishBookingEvent(h.testBus.bus, 'created', bookingEvent(tenantId));
    const stored = await eventually(() => storedMessages(h), allSent(3));
    expect(stored.map((r) => `${r.type} ${r.recipientRole} ${r.recipientPhone}`).sort()).toEqual([
      'CONFIRMATION_SMS BOOKED_BY +919800000001',
      'CONFIRMATION_SMS PASSENGER +919800000002',
      'CONFIRMATION_SMS PASSENGER +919800000003',
    ]);
    expect(sms.sent.map((m) => m.to).sort()).toEqual(['+919800000001', '+919800000002', '+919800000003']);
    expect(sms.sent[0]?.text).toBe(
      'Booking #00000017 is confirmed: pickup 01/04/2026 09:30 at Terminal 2, Mumbai airport. We will text you the car and driver before the trip.',
    );
    expect(sms.sent[0]?.template).toBe('CONFIRMATION_SMS');
    expect(stored.every((r) => r.provider === 'recording' && r.providerMessageId?.startsWith('rec-'))).toBe(
      true,
    );
  });

  it('texts the allotted driver the duty, then the passengers the car, driver and phone on dispatch', async () => {
    const allotment = {
      status: 'ALLOTED',
      vehicleNo: 'MH01AB1234',
      driverName: 'Ravi Kumar',
      driverPhone: '+919800000009',
    };
    const allotted = bookingEvent(tenantId, {
      action: 'allot',
      fromStatus: 'BOOKED',
      toStatus: 'ALLOTED',
      booking: allotment,
    });
    await publishBookingEvent(h.testBus.bus, 'status_changed', allotted);
    await eventually(() => storedMessages(h), allSent(1));
    expect(sms.sent.map((m) => `${m.purpose} ${m.to} ${m.text}`)).toEqual([
      'DRIVER_ALLOTMENT_SMS +919800000009 New duty #00000017: report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234.',
    ]);

    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      bookingEvent(tenantId, {
        action: 'dispatch',
        fromStatus: 'ALLOTED',
        toStatus: 'DISPATCHED',
        booking: { ...allotment, id: allotted.booking?.id, status: 'DISPATCHED' },
      }),
    );
    await eventually(() => storedMessages(h), allSent(3));
    expect(sms.sent.slice(1).map((m) => `${m.purpose} ${m.to}`)).toEqual([
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP +919800000002',
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP +919800000003',
    ]);
    expect(sms.sent[1]?.text).toBe(
      'Booking #00000017: your car MH01AB1234 with Ravi Kumar (+919800000009) reports 01/04/2026 09:30 at Terminal 2, Mumbai airport.',
    );
  });

  it('tells the passengers and the booker of a cancellation, and sends nothing for an edit', async () => {
    await publishBookingEvent(h.testBus.bus, 'updated', bookingEvent(tenantId, { action: 'updated' }));
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      bookingEvent(tenantId, { action: 'cancel', fromStatus: 'BOOKED', toStatus: 'CANCELLED' }),
    );
    const stored = await eventually(() => storedMessages(h), allSent(3));
    expect(stored.map((r) => `${r.type} ${r.recipientPhone}`)).toEqual([
      'CANCELLATION_SMS +919800000001',
      'CANCELLATION_SMS +919800000002',
      'CANCELLATION_SMS +919800000003',
    ]);
  });
});

describe('one event, its texts once, however often it is delivered', () => {
  it('writes and sends nothing more when the same event is delivered again, even past the consumer’s record', async () => {
    const database = await createTestDatabase();
    // Embedded mode's bus delivers a message as often as it is published (the relay publishes again
    // after a failure); JetStream would drop the repeat itself, so it could not show this.
    const bus = createInProcessBus();
    const sms = recordingSms();
    const module = await createMessagingModule({
      db: database.db,
      bus,
      logger: quietLogger('messaging-test'),
      sms,
      email: recordingEmail(),
      connect: noOtherServices,
      delivery: { pollMs: 50 },
    });
    await module.start();
    try {
      const tenantId = randomUUID();
      const count = () =>
        database.db.readAsSystem(async (tx) => {
          const [counted] = await rows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from messaging.messages`,
          );
          return counted?.n;
        });
      const first = await publishBookingEvent(bus, 'created', bookingEvent(tenantId));
      expect(await count()).toBe(3);
      await bus.publish(first);
      await bus.publish(first);
      expect(await count()).toBe(3);
      // The consumer's record of handled events lost (a restore, a second consumer name): the unique
      // (event, type, number) still holds.
      await database.db.asSystem((tx) => tx.execute(sql`delete from messaging.handled_events`));
      await bus.publish(first);
      expect(await count()).toBe(3);
      await module.delivery.drain();
      expect(sms.sent).toHaveLength(3);
      expect(new Set(sms.sent.map((m) => m.to)).size).toBe(3);
    } finally {
      await module.stop();
      await database.drop();
    }
  });
});
