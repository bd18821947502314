// MSG91's delivery reports, end to end over loopback: a booking's confirmation text sent through the MSG91
// adapter to a local MSG91 peer, the peer posting its delivery report to the gateway's webhook as MSG91
// does, and the message log showing what it said. A wrong secret and a malformed body change nothing.
import { createMsg91SmsProvider, rows } from '@fleet/platform';
import { type Msg91Accepted, type Msg91Peer, startMsg91Peer } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { bearer, bookingMasters, bootGateway, freshPhone, type GatewayHarness } from './support';

const AUTH_KEY = '416091ALVB8qpT65cb570bP1';
const TEMPLATE = '65e06f45d6fc05278c7d47e3';
const SECRET = 'b6f1c0e2a9d84f7e8c3b5a1d2e4f6a8c';

let peer: Msg91Peer;
let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let masters: { customerId: string; dutyTypeId: string; vehicleGroupId: string };
const webhook = (secret = SECRET) => `${h.baseUrl}/api/webhooks/sms/msg91/${secret}`;

beforeAll(async () => {
  peer = await startMsg91Peer({
    authKey: AUTH_KEY,
    templates: { [TEMPLATE]: ['bookingNo', 'reportingTime', 'pickup'] },
    senders: ['FLEETS'],
  });
  h = await bootGateway({
    env: { MSG91_WEBHOOK_SECRET: SECRET },
    messagingSms: createMsg91SmsProvider({
      authKey: AUTH_KEY,
      baseUrl: peer.baseUrl,
      senderId: 'FLEETS',
      templateIds: { otp: 'UnusedOtpTemplate', CONFIRMATION_SMS: TEMPLATE },
    }),
  });
  const ownerPhone = freshPhone();
  const { token } = await h.signIn(ownerPhone, { operatorName: 'Report Cabs' });
  owner = h.client(() => bearer(token));
  // The operator texts its passengers (its own flag, off for a new operator), and messaging has heard so.
  const { tenant } = await owner.user.me.query();
  await owner.user.updateProfile.mutate({
    name: 'Report Owner',
    phone: ownerPhone,
    autoSendPassengerSms: true,
  });
  await until(
    () =>
      h.database.db.readAsSystem((tx) =>
        rows<{ on: boolean }>(
          tx,
          sql`select auto_send_passenger_sms as on from messaging.operators where tenant_id = ${tenant.id}`,
        ),
      ),
    (found) => found[0]?.on === true,
  );
  masters = await bookingMasters(owner);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await peer?.close();
});

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A booking for one passenger, and the confirmation text MSG91 took for it. */
async function textedBooking(phone: string): Promise<{ bookingId: string; accepted: Msg91Accepted }> {
  const { booking } = await owner.booking.create.mutate({
    ...masters,
    passengers: [{ name: 'Asha Rao', phone }],
    fromCityId: 'mh-pune',
    reportingDate: '2040-03-02',
    reportingTime: '09:15',
    reportingAddress: 'Koregaon Park, Pune',
  });
  const accepted = await until(
    async () => peer.accepted.find((a) => a.mobiles.includes(phone.slice(1))),
    (found) => found !== undefined,
  );
  if (!accepted) throw new Error('MSG91 took no text');
  return { bookingId: booking.id, accepted };
}

/** The booking's rows of the message log, as messaging keeps them. */
const logOf = (bookingId: string) =>
  h.database.db.readAsSystem((tx) =>
    rows<{ status: string; deliveryStatus: string | null; deliveryError: string | null; delivered: boolean }>(
      tx,
      sql`select status, delivery_status as "deliveryStatus", delivery_error as "deliveryError",
            delivered_at is not null as delivered
          from messaging.messages where booking_id = ${bookingId}`,
    ),
  );

it('shows a text MSG91 reports delivered as DELIVERED, and a repeated report changes nothing', async () => {
  const phone = freshPhone();
  const { bookingId, accepted } = await textedBooking(phone);
  await until(
    () => logOf(bookingId),
    (log) => log[0]?.status === 'SENT',
  );
  const report = { requestId: accepted.requestId, number: phone.slice(1), status: '1', desc: 'DELIVERED' };
  expect(await peer.reportDelivery(webhook(), [report])).toEqual({
    status: 200,
    body: JSON.stringify({ received: 1, changed: 1 }),
  });
  expect(await logOf(bookingId)).toEqual([
    { status: 'SENT', deliveryStatus: 'DELIVERED', deliveryError: null, delivered: true },
  ]);
  // The same report again (MSG91 retries), and a late failure: DELIVERED stays.
  expect((await peer.reportDelivery(webhook(), [report], 'v3')).body).toBe(
    JSON.stringify({ received: 1, changed: 0 }),
  );
  await peer.reportDelivery(webhook(), [
    { ...report, status: '2', desc: 'FAILED', failedReason: 'Absent subscriber' },
  ]);
  expect(await logOf(bookingId)).toEqual([
    { status: 'SENT', deliveryStatus: 'DELIVERED', deliveryError: null, delivered: true },
  ]);
});

it('shows a failed report as UNDELIVERED with its reason', async () => {
  const phone = freshPhone();
  const { bookingId, accepted } = await textedBooking(phone);
  await until(
    () => logOf(bookingId),
    (log) => log[0]?.status === 'SENT',
  );
  const answer = await peer.reportDelivery(
    webhook(),
    [
      {
        requestId: accepted.requestId,
        number: phone.slice(1),
        status: '17',
        desc: 'NDNC',
        failedReason: 'Blocked number',
      },
    ],
    'v3',
  );
  expect(answer.status).toBe(200);
  expect(await logOf(bookingId)).toEqual([
    { status: 'SENT', deliveryStatus: 'UNDELIVERED', deliveryError: 'Blocked number', delivered: true },
  ]);
});

it('refuses a wrong secret as a page that does not exist, and a malformed body with 400, changing nothing', async () => {
  const phone = freshPhone();
  const { bookingId, accepted } = await textedBooking(phone);
  await until(
    () => logOf(bookingId),
    (log) => log[0]?.status === 'SENT',
  );
  const report = { requestId: accepted.requestId, number: phone.slice(1), status: '1', desc: 'DELIVERED' };
  const wrong = await peer.reportDelivery(webhook(`${SECRET.slice(0, -1)}0`), [report]);
  const nowhere = await fetch(`${h.baseUrl}/api/webhooks/sms/msg91`, { method: 'POST' });
  expect(wrong.status).toBe(404);
  expect(nowhere.status).toBe(404);
  expect(JSON.parse(wrong.body).error?.message ?? JSON.parse(wrong.body).message).not.toContain(SECRET);

  const post = (type: string, body: string) =>
    fetch(webhook(), { method: 'POST', headers: { 'content-type': type }, body });
  const malformed = [
    await post('application/x-www-form-urlencoded', 'data=not-json'),
    await post('application/x-www-form-urlencoded', 'nodata=1'),
    await post(
      'application/json',
      JSON.stringify([{ requestId: accepted.requestId, report: [{ number: 'x' }] }]),
    ),
    await post('application/json', JSON.stringify({ requestId: '', number: phone.slice(1), status: '1' })),
    await post('text/plain', 'DELIVERED'),
  ];
  expect(malformed.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
  // Far beyond any real report: too large, said so (413), not a failure of ours.
  const huge = await post('application/json', JSON.stringify({ data: 'x'.repeat(300 * 1024) }));
  expect(huge.status).toBe(413);
  expect(await logOf(bookingId)).toEqual([
    { status: 'SENT', deliveryStatus: null, deliveryError: null, delivered: false },
  ]);
  // Nor does the secret reach the logs.
  expect(JSON.stringify(h.logs)).not.toContain(SECRET);
});
