// A burst of bookings confirmed while MSG91 is down: the bookings are taken at once (their writes never
// wait on the provider), every text is logged and tried with back-off, and once MSG91 is back each
// text reaches it exactly once — none lost, none twice.
import { randomUUID } from 'node:crypto';
import { createMsg91SmsProvider } from '@fleet/platform';
import { type Msg91Peer, startMsg91Peer } from '@fleet/testing';
import {
  type BookingsHarness,
  bookingMasters,
  bootBookings,
  bootMessaging,
  eventually,
  type MessagingHarness,
  storedMessages,
  takeBooking,
} from './support';

const AUTH_KEY = '416091ALVB8qpT65cb570bP1';
const CONFIRMATION_TEMPLATE = '65e06f45d6fc05278c7d47e3';
const BOOKINGS = 12;

describe('a burst of bookings while MSG91 is down', () => {
  let peer: Msg91Peer;
  let bookings: BookingsHarness;
  let h: MessagingHarness;
  beforeAll(async () => {
    peer = await startMsg91Peer({
      authKey: AUTH_KEY,
      templates: { [CONFIRMATION_TEMPLATE]: ['bookingNo', 'reportingTime', 'pickup'] },
      senders: ['FLEETS'],
    });
    bookings = await bootBookings();
    h = await bootMessaging({
      sms: createMsg91SmsProvider({
        authKey: AUTH_KEY,
        baseUrl: peer.baseUrl,
        senderId: 'FLEETS',
        templateIds: { otp: 'UnusedOtpTemplate', CONFIRMATION_SMS: CONFIRMATION_TEMPLATE },
        retryDelayMs: 5,
        timeoutMs: 2_000,
      }),
      // Bookings' events reach messaging through the same JetStream namespace, as in production.
      testBus: bookings.testBus,
      // Enough tries to outlast the outage; the back-off keeps the retries from hammering MSG91.
      delivery: { pollMs: 40, batchSize: 8, retry: { maxAttempts: 50, baseDelayMs: 40, maxDelayMs: 250 } },
    });
  });
  afterAll(async () => {
    await h?.close();
    await bookings?.close();
    await peer?.close();
  });

  it('takes every booking at once and, once MSG91 is back, texts every passenger exactly once', async () => {
    const tenantId = randomUUID();
    const masters = await bookingMasters(bookings, tenantId);
    const phoneOf = (booking: number, passenger: number) =>
      `+9198100${String(booking).padStart(3, '0')}${passenger}0`;
    peer.outage({ status: 503, body: '<html>Service Unavailable</html>' });

    // Every booking is taken while MSG91 has taken nothing.
    const taken = await Promise.all(
      Array.from({ length: BOOKINGS }, (_, b) =>
        takeBooking(bookings, tenantId, masters, [
          { name: `Guest ${b}A`, phone: phoneOf(b, 1) },
          { name: `Guest ${b}B`, phone: phoneOf(b, 2) },
        ]),
      ),
    );
    expect(new Set(taken).size).toBe(BOOKINGS);
    expect(peer.accepted).toEqual([]);

    // Every text is in the log and has failed at least once against the outage.
    const failing = await eventually(
      () => storedMessages(h),
      (rows) => rows.length === BOOKINGS * 2 && rows.every((r) => r.status === 'FAILED' && r.attempts >= 1),
      30_000,
    );
    expect(new Set(failing.map((r) => r.error))).toEqual(
      new Set(['MSG91 answered HTTP 503 without its JSON answer']),
    );
    expect(peer.accepted).toEqual([]);

    peer.recover();
    const sent = await eventually(
      () => storedMessages(h),
      (rows) => rows.length === BOOKINGS * 2 && rows.every((r) => r.status === 'SENT'),
      30_000,
    );
    expect(sent.every((r) => r.type === 'CONFIRMATION_SMS' && r.error === null)).toBe(true);

    // At MSG91: each number's confirmation exactly once, and every request id it gave is in the log.
    const atPeer = peer.accepted.flatMap((a) => a.mobiles.map((m) => `${a.templateId} ${m}`)).sort();
    const expected = Array.from({ length: BOOKINGS }, (_, b) => [1, 2].map((p) => phoneOf(b, p)))
      .flat()
      .map((phone) => `${CONFIRMATION_TEMPLATE} ${phone.slice(1)}`)
      .sort();
    expect(atPeer).toEqual(expected);
    expect(sent.map((r) => r.providerMessageId).sort()).toEqual(peer.accepted.map((a) => a.requestId).sort());
  });
});
