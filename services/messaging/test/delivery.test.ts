import { randomUUID } from 'node:crypto';
import { createMsg91SmsProvider, rows } from '@fleet/platform';
import { type Msg91Peer, startMsg91Peer } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import {
  bookingEvent,
  bootMessaging,
  eventually,
  type MessagingHarness,
  publishBookingEvent,
  storedMessages,
} from './support';

const AUTH_KEY = '416091ALVB8qpT65cb570bP1';
const CONFIRMATION_TEMPLATE = '65e06f45d6fc05278c7d47e3';
const VARIABLES = [
  'bookingNo',
  'reportingTime',
  'pickup',
  'vehicleNo',
  'driverName',
  'driverPhone',
  'tripOtp',
];
const down = { status: 503, body: '<html>Service Unavailable</html>' };

describe('delivery through MSG91 while it is down, over real HTTP to a local MSG91 peer', () => {
  let peer: Msg91Peer;
  let h: MessagingHarness;
  beforeAll(async () => {
    peer = await startMsg91Peer({
      authKey: AUTH_KEY,
      templates: { [CONFIRMATION_TEMPLATE]: VARIABLES },
      senders: ['FLEETS'],
    });
    h = await bootMessaging({
      sms: createMsg91SmsProvider({
        authKey: AUTH_KEY,
        baseUrl: peer.baseUrl,
        senderId: 'FLEETS',
        templateIds: { otp: 'UnusedOtpTemplate', CONFIRMATION_SMS: CONFIRMATION_TEMPLATE },
        retryDelayMs: 10,
        timeoutMs: 2_000,
      }),
      delivery: { pollMs: 40, retry: { maxAttempts: 5, baseDelayMs: 60, maxDelayMs: 200 } },
    });
  });
  afterAll(async () => {
    await h.close();
    await peer.close();
  });

  it('records the failure, tries again with back-off, and sends each text exactly once when MSG91 is back', async () => {
    // MSG91 answers 503 to the first four requests: every text fails at least once.
    peer.answerNext(down, down, down, down);
    await publishBookingEvent(h.testBus.bus, 'created', bookingEvent(randomUUID()));

    const failed = await eventually(
      () => storedMessages(h),
      (rows) => rows.length === 3 && rows.some((r) => r.status === 'FAILED'),
    );
    const failure = failed.find((r) => r.status === 'FAILED');
    expect(failure?.error).toBe('MSG91 answered HTTP 503 without its JSON answer');
    expect(failure?.provider).toBe('msg91');

    const sent = await eventually(
      () => storedMessages(h),
      (rows) => rows.length === 3 && rows.every((r) => r.status === 'SENT'),
    );
    expect(sent.every((r) => r.error === null && /^[0-9a-f]{24}$/.test(r.providerMessageId ?? ''))).toBe(
      true,
    );
    expect(sent.reduce((n, r) => n + r.attempts, 0)).toBe(3 + 4);

    // What MSG91 accepted: each of the three numbers exactly once, with the DLT template and its variables.
    const accepted = peer.received.slice(4).map((r) => JSON.parse(r.body));
    expect(accepted.map((b) => b.recipients[0].mobiles).sort()).toEqual([
      '919800000001',
      '919800000002',
      '919800000003',
    ]);
    expect(accepted[0]).toMatchObject({
      template_id: CONFIRMATION_TEMPLATE,
      sender: 'FLEETS',
      recipients: [
        { bookingNo: '00000017', reportingTime: '01/04/2026 09:30', pickup: 'Terminal 2, Mumbai airport' },
      ],
    });
    expect(peer.received).toHaveLength(7);
  });

  it('gives a text up after its last try, keeping it in the log with the reason', async () => {
    const before = peer.received.length;
    // Down for exactly the five tries the policy allows.
    peer.answerNext(down, down, down, down, down);
    await publishBookingEvent(
      h.testBus.bus,
      'created',
      bookingEvent(randomUUID(), {
        booking: { withoutBooker: true, passengers: [{ name: 'Solo', phone: '+919800000077' }] },
      }),
    );
    const given = await eventually(
      () => storedMessages(h).then((rows) => rows.filter((r) => r.recipientPhone === '+919800000077')),
      (rows) => rows.length === 1 && rows[0]?.status === 'FAILED' && rows[0].attempts === 5,
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(peer.received.length - before).toBe(5);
    expect(given[0]?.error).toBe('MSG91 answered HTTP 503 without its JSON answer');
  });

  it('gives up at once a text MSG91 can never take: a number not in international form, a type without a template', async () => {
    const before = peer.received.length;
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      bookingEvent(randomUUID(), {
        action: 'cancel',
        fromStatus: 'BOOKED',
        toStatus: 'CANCELLED',
        booking: { withoutBooker: true, passengers: [{ name: 'Kiran', phone: '+919800000088' }] },
      }),
    );
    await publishBookingEvent(
      h.testBus.bus,
      'created',
      bookingEvent(randomUUID(), {
        booking: { withoutBooker: true, passengers: [{ name: 'Local', phone: '09800000089' }] },
      }),
    );
    const given = await eventually(
      () =>
        h.database.db.readAsSystem((tx) =>
          rows<{
            phone: string;
            type: string;
            status: string;
            attempts: number;
            error: string;
            next: Date | null;
          }>(
            tx,
            sql`select recipient_phone as phone, type, status, attempts, error, next_attempt_at as next
                from messaging.messages where recipient_phone in ('+919800000088', '09800000089')
                order by recipient_phone`,
          ),
        ),
      (found) => found.length === 2 && found.every((r) => r.status === 'FAILED'),
    );
    expect(given).toEqual([
      {
        phone: '+919800000088',
        type: 'CANCELLATION_SMS',
        status: 'FAILED',
        attempts: 1,
        error: 'no MSG91 template id is configured for CANCELLATION_SMS texts',
        next: null,
      },
      {
        phone: '09800000089',
        type: 'CONFIRMATION_SMS',
        status: 'FAILED',
        attempts: 1,
        error: '09800000089 is not a phone number in international form (+<country code><number>)',
        next: null,
      },
    ]);
    expect(peer.received.length).toBe(before);
  });

  it('several workers never send one text twice', async () => {
    const before = peer.received.length;
    const passengers = Array.from({ length: 12 }, (_, i) => ({
      name: `P${i}`,
      phone: `+9198000001${String(i).padStart(2, '0')}`,
    }));
    await h.module.delivery.stop();
    await publishBookingEvent(
      h.testBus.bus,
      'created',
      bookingEvent(randomUUID(), { booking: { withoutBooker: true, passengers } }),
    );
    await eventually(
      () => storedMessages(h).then((rows) => rows.filter((r) => r.status === 'QUEUED')),
      (rows) => rows.length === 12,
    );
    const tried = await Promise.all([
      h.module.delivery.drain(),
      h.module.delivery.drain(),
      h.module.delivery.drain(),
    ]);
    expect(tried.reduce((a, b) => a + b, 0)).toBe(12);
    const numbers = peer.received.slice(before).map((r) => JSON.parse(r.body).recipients[0].mobiles);
    expect(numbers).toHaveLength(12);
    expect(new Set(numbers).size).toBe(12);
    expect((await storedMessages(h)).filter((r) => r.status === 'QUEUED')).toEqual([]);
    h.module.delivery.start();
  });
});
