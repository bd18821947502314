import { randomUUID } from 'node:crypto';
import { callAs, createFcmPushProvider, createInProcessBus, noOtherServices, rows } from '@fleet/platform';
import { createTestDatabase, type FcmPeer, fcmErrorAnswer, quietLogger, startFcmPeer } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { createMessagingModule } from '../src';
import {
  type BookingPatch,
  bookingEvent,
  bootMessaging,
  eventually,
  type MessagingHarness,
  publishBookingEvent,
  publishDriverAccount,
  pushTarget,
  recordingEmail,
  recordingSms,
  storedMessages,
  storedPushes,
} from './support';

const RAVI_PHONE = 'fJ3kX9-abc:APA91bH_ravi-phone-token_0123456789';
const SURESH_PHONE = 'cQ8pL2-xyz:APA91bE_suresh-phone-token_9876543210';
const REMOVED_APP = 'dR4tY7-old:APA91bG_removed-app-token_5555555555';
const REINSTALLED_APP = 'eS5uZ8-new:APA91bF_reinstalled-app-token_7777777777';

const ravi = { name: 'Ravi Kumar', phone: '+919800000009' };
const suresh = { name: 'Suresh Patil', phone: '+919800000010' };

/** Bookings' event of a duty allotted to an operator's driver, as the allot action publishes it. */
function allotment(
  tenantId: string,
  driver: { id: string; name: string; phone: string },
  booking: BookingPatch & { id: string },
  fromStatus = 'BOOKED',
) {
  return bookingEvent(tenantId, {
    action: 'allot',
    fromStatus,
    toStatus: 'ALLOTED',
    booking: {
      status: 'ALLOTED',
      vehicleNo: 'MH01AB1234',
      driverName: driver.name,
      driverPhone: driver.phone,
      allotedDriverId: driver.id,
      ...booking,
    },
  });
}

const sentPushes = (n: number) => (pushes: { status: string }[]) =>
  pushes.length === n && pushes.every((p) => p.status === 'SENT');

describe('pushes of new and lost duties to drivers’ apps, over real JetStream, PostgreSQL and HTTP to a local FCM', () => {
  let peer: FcmPeer;
  let h: MessagingHarness;
  const sms = recordingSms();

  beforeAll(async () => {
    peer = await startFcmPeer({ unregisteredTokens: [REMOVED_APP] });
    h = await bootMessaging({
      sms,
      push: createFcmPushProvider({
        serviceAccount: peer.serviceAccount,
        baseUrl: peer.baseUrl,
        timeoutMs: 3_000,
      }),
      delivery: { pollMs: 40, retry: { maxAttempts: 4, baseDelayMs: 50, maxDelayMs: 200 } },
    });
  });
  afterAll(async () => {
    await h.close();
    await peer.close();
  });
  beforeEach(async () => {
    sms.sent.length = 0;
    peer.delivered.length = 0;
    await h.database.db.asSystem((tx) => tx.execute(sql`delete from messaging.messages`));
  });

  /** A driver whose app registered `token` (none when empty), once messaging has taken it in. */
  async function driverWithApp(tenantId: string, person: { name: string; phone: string }, token: string) {
    const id = randomUUID();
    await publishDriverAccount(h.testBus.bus, tenantId, { driverId: id, pushToken: token, ...person });
    await eventually(
      () => pushTarget(h, id),
      (target) => target?.pushToken === token,
    );
    return { id, ...person };
  }

  const pushesTo = (token: string) => peer.delivered.filter((push) => push.message.token === token);

  it('pushes the new duty to the allotted driver’s app once, with its number, time, pickup and what the app opens', async () => {
    const tenantId = randomUUID();
    const driver = await driverWithApp(tenantId, ravi, RAVI_PHONE);
    const bookingId = randomUUID();

    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, driver, { id: bookingId, version: 2 }),
    );

    const [push] = await eventually(() => storedPushes(h), sentPushes(1));
    expect(push).toMatchObject({
      type: 'NEW_DUTY_PUSH',
      driverId: driver.id,
      recipientName: 'Ravi Kumar',
      recipientPhone: '+919800000009',
      title: 'New duty #00000017',
      body: 'Report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234.',
      data: { bookingId, bookingNo: '17', kind: 'NEW_DUTY' },
      provider: 'fcm',
      providerMessageId: peer.delivered[0]?.name,
      attempts: 1,
      error: null,
    });
    expect(peer.delivered.map((d) => d.message)).toEqual([
      {
        token: RAVI_PHONE,
        notification: {
          title: 'New duty #00000017',
          body: 'Report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234.',
        },
        data: { bookingId, bookingNo: '17', kind: 'NEW_DUTY' },
        android: { priority: 'high', collapse_key: `duty-${bookingId}` },
        webpush: {
          headers: { Urgency: 'high' },
          notification: {
            title: 'New duty #00000017',
            body: 'Report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234.',
          },
        },
      },
    ]);
    // The text still goes as before.
    const texts = await eventually(
      () => storedMessages(h),
      (stored) => stored.some((m) => m.type === 'DRIVER_ALLOTMENT_SMS' && m.status === 'SENT'),
    );
    expect(texts.map((m) => `${m.type} ${m.recipientPhone}`)).toContain('DRIVER_ALLOTMENT_SMS +919800000009');
  });

  it('pushes nothing to a driver whose app gave no token, nor to a driver messaging has not heard of, and texts both', async () => {
    const tenantId = randomUUID();
    const withoutToken = await driverWithApp(tenantId, ravi, '');
    const unknown = { id: randomUUID(), ...suresh };

    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, withoutToken, { id: randomUUID(), version: 2 }),
    );
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, unknown, { id: randomUUID(), version: 2 }),
    );

    const texts = await eventually(
      () => storedMessages(h),
      (stored) => stored.length === 2 && stored.every((m) => m.status === 'SENT'),
    );
    expect(texts.map((m) => `${m.type} ${m.recipientPhone}`).sort()).toEqual([
      'DRIVER_ALLOTMENT_SMS +919800000009',
      'DRIVER_ALLOTMENT_SMS +919800000010',
    ]);
    expect(await storedPushes(h)).toEqual([]);
    expect(peer.delivered).toEqual([]);
  });

  it('forgets a token FCM no longer knows, pushes nothing more to it, and pushes again once the app registers anew', async () => {
    const tenantId = randomUUID();
    const driver = await driverWithApp(tenantId, ravi, REMOVED_APP);

    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, driver, { id: randomUUID(), version: 2 }),
    );
    const [refused] = await eventually(
      () => storedPushes(h),
      (pushes) => pushes.length === 1 && pushes[0]?.status === 'FAILED',
    );
    expect(refused).toMatchObject({
      type: 'NEW_DUTY_PUSH',
      attempts: 1,
      error: 'FCM refused the push (HTTP 404, UNREGISTERED): Requested entity was not found.',
    });
    expect(await pushTarget(h, driver.id)).toEqual({ pushToken: '', isActive: true });

    // The next duty: texted, not pushed.
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, driver, { id: randomUUID(), bookingNo: 18n, version: 2 }),
    );
    await eventually(
      () => storedMessages(h),
      (stored) => stored.filter((m) => m.type === 'DRIVER_ALLOTMENT_SMS' && m.status === 'SENT').length === 2,
    );
    // Identity, which does not know FCM forgot the token, tells of another change still carrying it.
    const stale = await publishDriverAccount(h.testBus.bus, tenantId, {
      driverId: driver.id,
      pushToken: REMOVED_APP,
      ...ravi,
      name: 'Ravi K.',
    });
    await eventually(
      () =>
        h.database.db.readAsSystem((tx) =>
          rows(tx, sql`select 1 from messaging.handled_events where event_id = ${stale.id}`),
        ),
      (handled) => handled.length === 1,
    );
    expect(await pushTarget(h, driver.id)).toEqual({ pushToken: '', isActive: true });
    expect(await storedPushes(h)).toHaveLength(1);

    // The app is installed again and registers its new token.
    await publishDriverAccount(h.testBus.bus, tenantId, {
      driverId: driver.id,
      pushToken: REINSTALLED_APP,
      ...ravi,
    });
    await eventually(
      () => pushTarget(h, driver.id),
      (target) => target?.pushToken === REINSTALLED_APP,
    );
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, driver, { id: randomUUID(), bookingNo: 19n, version: 2 }),
    );
    const pushes = await eventually(
      () => storedPushes(h),
      (stored) => stored.length === 2 && stored[1]?.status === 'SENT',
    );
    expect(pushes.map((p) => `${p.title} ${p.status}`)).toEqual([
      'New duty #00000017 FAILED',
      'New duty #00000019 SENT',
    ]);
    expect(pushesTo(REINSTALLED_APP)).toHaveLength(1);
    expect(pushesTo(REMOVED_APP)).toEqual([]);
  });

  it('tries a push again when FCM is unavailable, not before its Retry-After, and it goes once', async () => {
    const tenantId = randomUUID();
    const driver = await driverWithApp(tenantId, suresh, SURESH_PHONE);
    // The next request to Google, whether for an access token or the push itself, finds it unavailable.
    peer.answerNext(
      fcmErrorAnswer(503, 'UNAVAILABLE', 'The service is currently unavailable.', {
        fcmErrorCode: 'UNAVAILABLE',
        headers: { 'retry-after': '2' },
      }),
    );
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, driver, { id: randomUUID(), version: 2 }),
    );

    const [failed] = await eventually(
      () =>
        h.database.db.readAsSystem((tx) =>
          rows<{ status: string; error: string | null; attempts: number; waitMs: number }>(
            tx,
            sql`select status, error, attempts,
                  (extract(epoch from next_attempt_at - updated_at) * 1000)::int as "waitMs"
                from messaging.messages where channel = 'PUSH'`,
          ),
        ),
      (pushes) => pushes[0]?.status === 'FAILED',
    );
    expect(failed?.attempts).toBe(1);
    expect(failed?.error).toMatch(/HTTP 503/);
    // The back-off alone would try again after 50 ms; FCM asked for 2 s.
    expect(failed?.waitMs).toBeGreaterThan(1_500);

    const [sent] = await eventually(() => storedPushes(h), sentPushes(1));
    expect(sent).toMatchObject({ attempts: 2, error: null, provider: 'fcm' });
    expect(pushesTo(SURESH_PHONE)).toHaveLength(1);
  });

  it('gives a push up at once, with Google’s reason and the token kept, when the service account is refused', async () => {
    const tenantId = randomUUID();
    const driver = await driverWithApp(tenantId, suresh, SURESH_PHONE);
    // The next request to Google, for an access token or the push, is refused for want of permission.
    peer.answerNext(
      fcmErrorAnswer(403, 'PERMISSION_DENIED', "Permission 'cloudmessaging.messages.create' denied."),
    );
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, driver, { id: randomUUID(), version: 2 }),
    );

    const [refused] = await eventually(
      () =>
        h.database.db.readAsSystem((tx) =>
          rows<{ status: string; error: string | null; attempts: number; nextAttemptAt: Date | null }>(
            tx,
            sql`select status, error, attempts, next_attempt_at as "nextAttemptAt"
                from messaging.messages where channel = 'PUSH'`,
          ),
        ),
      (pushes) => pushes[0]?.status === 'FAILED',
    );
    expect(refused).toMatchObject({ attempts: 1, nextAttemptAt: null });
    expect(refused?.error).toMatch(/HTTP 403/);
    expect(await pushTarget(h, driver.id)).toEqual({ pushToken: SURESH_PHONE, isActive: true });
    expect(pushesTo(SURESH_PHONE)).toEqual([]);
  });

  it('tells a driver their duty is cancelled, and a driver it was taken from that it is no longer theirs', async () => {
    const tenantId = randomUUID();
    const first = await driverWithApp(tenantId, ravi, RAVI_PHONE);
    const second = await driverWithApp(tenantId, suresh, SURESH_PHONE);
    const reallotted = randomUUID();
    const cancelled = randomUUID();

    // Duty #00000017 goes to Ravi, then to Suresh, then its allotment is cleared.
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, first, { id: reallotted, version: 2 }),
    );
    await eventually(() => storedPushes(h), sentPushes(1));
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, second, { id: reallotted, version: 3 }, 'ALLOTED'),
    );
    await eventually(() => storedPushes(h), sentPushes(3));
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      bookingEvent(tenantId, {
        action: 'clearAllotment',
        fromStatus: 'ALLOTED',
        toStatus: 'BOOKED',
        booking: { id: reallotted, version: 4, status: 'BOOKED' },
      }),
    );
    await eventually(() => storedPushes(h), sentPushes(4));

    // Duty #00000020 goes to Ravi and is cancelled.
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, first, { id: cancelled, bookingNo: 20n, version: 2 }),
    );
    await eventually(() => storedPushes(h), sentPushes(5));
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      bookingEvent(tenantId, {
        action: 'cancel',
        fromStatus: 'ALLOTED',
        toStatus: 'CANCELLED',
        booking: {
          id: cancelled,
          bookingNo: 20n,
          version: 3,
          status: 'CANCELLED',
          driverName: ravi.name,
          driverPhone: ravi.phone,
          allotedDriverId: first.id,
        },
      }),
    );
    const pushes = await eventually(() => storedPushes(h), sentPushes(6));

    expect(pushes.map((p) => [p.type, p.recipientName, p.title, p.body])).toEqual([
      [
        'NEW_DUTY_PUSH',
        'Ravi Kumar',
        'New duty #00000017',
        'Report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234.',
      ],
      [
        'DUTY_CANCELLED_PUSH',
        'Ravi Kumar',
        'Duty #00000017 withdrawn',
        'The duty reporting 01/04/2026 09:30 at Terminal 2, Mumbai airport is no longer allotted to you.',
      ],
      [
        'NEW_DUTY_PUSH',
        'Suresh Patil',
        'New duty #00000017',
        'Report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234.',
      ],
      [
        'DUTY_CANCELLED_PUSH',
        'Suresh Patil',
        'Duty #00000017 withdrawn',
        'The duty reporting 01/04/2026 09:30 at Terminal 2, Mumbai airport is no longer allotted to you.',
      ],
      [
        'NEW_DUTY_PUSH',
        'Ravi Kumar',
        'New duty #00000020',
        'Report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234.',
      ],
      [
        'DUTY_CANCELLED_PUSH',
        'Ravi Kumar',
        'Duty #00000020 cancelled',
        'The duty reporting 01/04/2026 09:30 at Terminal 2, Mumbai airport is cancelled.',
      ],
    ]);
    expect(pushesTo(RAVI_PHONE).map((p) => p.message.data)).toEqual([
      { bookingId: reallotted, bookingNo: '17', kind: 'NEW_DUTY' },
      { bookingId: reallotted, bookingNo: '17', kind: 'DUTY_CANCELLED' },
      { bookingId: cancelled, bookingNo: '20', kind: 'NEW_DUTY' },
      { bookingId: cancelled, bookingNo: '20', kind: 'DUTY_CANCELLED' },
    ]);
    expect(pushesTo(SURESH_PHONE).map((p) => p.message.data)).toEqual([
      { bookingId: reallotted, bookingNo: '17', kind: 'NEW_DUTY' },
      { bookingId: reallotted, bookingNo: '17', kind: 'DUTY_CANCELLED' },
    ]);
  });

  it('lists the pushes in the operator’s log on their own channel, with their status, and finds them by type', async () => {
    const tenantId = randomUUID();
    const driver = await driverWithApp(tenantId, ravi, REMOVED_APP);
    const other = await driverWithApp(tenantId, suresh, SURESH_PHONE);
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, driver, { id: randomUUID(), version: 2 }),
    );
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      allotment(tenantId, other, { id: randomUUID(), bookingNo: 18n, version: 2 }),
    );
    await eventually(
      () => storedPushes(h),
      (pushes) => pushes.length === 2 && pushes.every((p) => p.status !== 'QUEUED'),
    );

    const caller = callAs(h.callerFor(tenantId));
    const listed = await h.client.listMessages({ channel: 'PUSH' }, caller);
    expect(
      listed.messages
        .map((m) => `${m.channel} ${m.type} ${m.recipientName} ${m.recipientPhone} ${m.status} ${m.subject}`)
        .sort(),
    ).toEqual([
      'PUSH NEW_DUTY_PUSH Ravi Kumar +919800000009 FAILED New duty #00000017',
      'PUSH NEW_DUTY_PUSH Suresh Patil +919800000010 SENT New duty #00000018',
    ]);
    expect(listed.messages.find((m) => m.status === 'FAILED')?.error).toBe(
      'FCM refused the push (HTTP 404, UNREGISTERED): Requested entity was not found.',
    );
    const byType = await h.client.listMessages({ type: 'DUTY_CANCELLED_PUSH' }, caller);
    expect(byType.messages).toEqual([]);
    const texts = await h.client.listMessages({ channel: 'SMS' }, caller);
    expect(texts.messages.map((m) => m.type)).toEqual(['DRIVER_ALLOTMENT_SMS', 'DRIVER_ALLOTMENT_SMS']);
    expect(
      (await h.client.listMessages({ channel: 'PUSH' }, callAs(h.callerFor(randomUUID())))).messages,
    ).toEqual([]);
  });
});

describe('one allotment, one push, however often its event is delivered', () => {
  it('writes and sends no second push when the event comes again, even past the consumer’s record', async () => {
    const peer = await startFcmPeer();
    const database = await createTestDatabase();
    // The in-process bus delivers a message as often as it is published; JetStream drops a repeat itself.
    const bus = createInProcessBus();
    const module = await createMessagingModule({
      db: database.db,
      bus,
      logger: quietLogger('messaging-test'),
      sms: recordingSms(),
      email: recordingEmail(),
      push: createFcmPushProvider({ serviceAccount: peer.serviceAccount, baseUrl: peer.baseUrl }),
      connect: noOtherServices,
      delivery: { pollMs: 50 },
    });
    await module.start();
    try {
      const tenantId = randomUUID();
      const driverId = randomUUID();
      await publishDriverAccount(bus, tenantId, { driverId, pushToken: RAVI_PHONE });
      const allotted = await publishBookingEvent(
        bus,
        'status_changed',
        allotment(tenantId, { id: driverId, ...ravi }, { id: randomUUID(), version: 2 }),
      );
      const harness = { database };
      expect(await storedPushes(harness)).toHaveLength(1);
      await bus.publish(allotted);
      await database.db.asSystem((tx) => tx.execute(sql`delete from messaging.handled_events`));
      await bus.publish(allotted);
      expect(await storedPushes(harness)).toHaveLength(1);

      await module.pushDelivery?.drain();
      await module.pushDelivery?.drain();
      expect(peer.delivered).toHaveLength(1);
      expect((await storedPushes(harness))[0]?.status).toBe('SENT');
    } finally {
      await module.stop();
      await database.drop();
      await peer.close();
    }
  });

  it('keeps the newest state of a driver’s account whatever order identity’s events arrive in', async () => {
    const database = await createTestDatabase();
    const bus = createInProcessBus();
    const module = await createMessagingModule({
      db: database.db,
      bus,
      logger: quietLogger('messaging-test'),
      sms: recordingSms(),
      email: recordingEmail(),
      connect: noOtherServices,
    });
    await module.start();
    try {
      const tenantId = randomUUID();
      const driverId = randomUUID();
      const harness = { database };
      await publishDriverAccount(
        bus,
        tenantId,
        { driverId, pushToken: REINSTALLED_APP },
        new Date('2026-04-01T09:00:00Z'),
      );
      // An older state (the token before the app was reinstalled) arrives late.
      await publishDriverAccount(
        bus,
        tenantId,
        { driverId, pushToken: REMOVED_APP },
        new Date('2026-04-01T08:00:00Z'),
      );
      expect(await pushTarget(harness, driverId)).toEqual({ pushToken: REINSTALLED_APP, isActive: true });
      // The driver is deactivated: no pushes, whatever token the account keeps.
      await publishDriverAccount(
        bus,
        tenantId,
        { driverId, pushToken: REINSTALLED_APP, isActive: false },
        new Date('2026-04-01T10:00:00Z'),
      );
      expect(await pushTarget(harness, driverId)).toEqual({ pushToken: REINSTALLED_APP, isActive: false });
    } finally {
      await module.stop();
      await database.drop();
    }
  });
});
