// Driver chat through the gateway: the public WhatsApp webhook (handshake, signature over the raw body,
// forwarded to messaging as the system) and the staff procedures chat.forBooking / send / resolve, with
// messaging sending to a local WhatsApp Cloud API peer over real HTTP.
import { randomUUID } from 'node:crypto';
import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EVENT_HEADERS } from '@fleet/platform';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import {
  postWhatsAppWebhook,
  signWhatsAppWebhook,
  startWhatsAppCloudPeer,
  type WhatsAppCloudPeer,
  whatsAppWebhookBody,
} from '@fleet/testing';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

const APP_SECRET = '0123456789abcdef0123456789abcdef';
const VERIFY_TOKEN = 'fleet-webhook-verify-token';
const ACCESS_TOKEN = 'EAAGgatewaytestaccesstoken0123';
const PHONE_NUMBER_ID = '106540352242922';
const TEMPLATE = 'driver_duty_allotment';

interface ChatJson {
  conversations: {
    id: string;
    flowStatus: string;
    driverPhone: string;
    messages: { kind: string; status: string; text: string }[];
  }[];
}

describe('driver chat through the gateway', () => {
  let peer: WhatsAppCloudPeer;
  let h: GatewayHarness;
  let owner: string;
  let tenantId: string;
  let webhookUrl: string;

  beforeAll(async () => {
    peer = await startWhatsAppCloudPeer({
      accessToken: ACCESS_TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      apiVersion: 'v23.0',
      templates: { [TEMPLATE]: { languages: ['en'], bodyParameters: 4 } },
    });
    h = await bootGateway({
      env: { WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN },
      serviceEnv: {
        CHAT_PROVIDER: 'whatsapp',
        WHATSAPP_ACCESS_TOKEN: ACCESS_TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
        WHATSAPP_BASE_URL: peer.baseUrl,
      },
    });
    webhookUrl = `${h.baseUrl}/api/webhooks/whatsapp`;
    ({ token: owner } = await h.signIn(freshPhone(), { operatorName: 'Chat Cabs' }));
    const me = await h.query('user.me', undefined, bearer(owner));
    tenantId = (me.body.result?.data as { tenant: { id: string } } | undefined)?.tenant.id ?? '';
  });
  afterAll(async () => {
    await h?.close();
    await peer?.close();
  });

  const chatOf = async (bookingId: string, token = owner) => {
    const answer = await h.query('chat.forBooking', { bookingId }, bearer(token));
    return { status: answer.status, chat: answer.body.result?.data as ChatJson | undefined, answer };
  };
  const waitFor = async (bookingId: string, check: (chat: ChatJson) => boolean) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { chat } = await chatOf(bookingId);
      if (chat && check(chat)) return chat;
      if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(chat)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /** Bookings' allotment event, as its outbox relay publishes it. */
  async function allot(driverPhone: string): Promise<string> {
    const bookingId = randomUUID();
    const event = create(BookingChangedSchema, {
      tenantId,
      action: 'allot',
      fromStatus: 'BOOKED',
      toStatus: 'ALLOTED',
      booking: {
        id: bookingId,
        bookingNo: 41n,
        status: 'ALLOTED',
        reportingAt: timestampFromDate(new Date('2026-04-01T04:00:00Z')),
        reportingAddress: 'Terminal 2, Mumbai airport',
        vehicleNo: 'MH01AB1234',
        driverName: 'Ravi Kumar',
        driverPhone,
      },
    });
    await h.testBus.bus.publish({
      id: randomUUID(),
      subject: 'fleet.bookings.booking.status_changed',
      data: toBinary(BookingChangedSchema, event),
      headers: {
        [EVENT_HEADERS.type]: BookingChangedSchema.typeName,
        [EVENT_HEADERS.requestId]: randomUUID(),
        [EVENT_HEADERS.tenantId]: tenantId,
      },
    });
    await waitFor(bookingId, (chat) => chat.conversations[0]?.messages[0]?.status === 'SENT');
    return bookingId;
  }

  it('answers the subscription handshake only with the verify token', async () => {
    const ask = (token: string) =>
      fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    const good = await ask(VERIFY_TOKEN);
    expect([good.status, await good.text()]).toEqual([200, '1158201444']);
    expect((await ask('someone-elses-verify-token')).status).toBe(403);
  });

  it('moves the duty by signed statuses, refuses a forged one, and a replay changes nothing', async () => {
    const driver = '+919811100001';
    const bookingId = await allot(driver);
    const wamid = peer.sentIds.at(-1) ?? '';
    const delivered = whatsAppWebhookBody(PHONE_NUMBER_ID, {
      statuses: [{ id: wamid, status: 'delivered', recipientId: driver.slice(1) }],
    });
    const read = whatsAppWebhookBody(PHONE_NUMBER_ID, {
      statuses: [{ id: wamid, status: 'read', recipientId: driver.slice(1) }],
    });

    // Forged: signed with another secret, or the signed body changed by one byte.
    const forged = await postWhatsAppWebhook(webhookUrl, read, signWhatsAppWebhook(read, 'f'.repeat(32)));
    expect(forged.status).toBe(401);
    const tampered = await postWhatsAppWebhook(
      webhookUrl,
      `${delivered} `,
      signWhatsAppWebhook(delivered, APP_SECRET),
    );
    expect(tampered.status).toBe(401);
    expect((await chatOf(bookingId)).chat?.conversations[0]?.messages[0]?.status).toBe('SENT');

    expect(
      (await postWhatsAppWebhook(webhookUrl, delivered, signWhatsAppWebhook(delivered, APP_SECRET))).status,
    ).toBe(200);
    let chat = await waitFor(bookingId, (c) => c.conversations[0]?.messages[0]?.status === 'DELIVERED');
    expect(chat.conversations[0]?.flowStatus).toBe('SUCCESS');
    expect((await postWhatsAppWebhook(webhookUrl, read, signWhatsAppWebhook(read, APP_SECRET))).status).toBe(
      200,
    );
    // Replayed out of order: the older "delivered" does not undo "read".
    expect(
      (await postWhatsAppWebhook(webhookUrl, delivered, signWhatsAppWebhook(delivered, APP_SECRET))).status,
    ).toBe(200);
    chat = await waitFor(bookingId, (c) => c.conversations[0]?.messages[0]?.status === 'READ');
    expect(chat.conversations[0]?.messages).toHaveLength(1);
  });

  it('takes the good events of a signed delivery and leaves out the ones messaging refuses, answering 200', async () => {
    const driver = '+919811100003';
    const bookingId = await allot(driver);
    const wamid = peer.sentIds.at(-1) ?? '';
    const batch = whatsAppWebhookBody(PHONE_NUMBER_ID, {
      statuses: [
        { id: `wamid.${'x'.repeat(5_000)}`, status: 'delivered', recipientId: driver.slice(1) },
        { id: wamid, status: 'delivered', recipientId: driver.slice(1) },
      ],
      messages: [
        { id: `wamid.${randomUUID()}`, from: driver.slice(1), text: 'a\u0000b' },
        { id: `wamid.${'y'.repeat(5_000)}`, from: driver.slice(1), text: 'Long id' },
        { id: `wamid.${randomUUID()}`, from: driver.slice(1), text: 'On my way' },
      ],
    });
    const answer = await postWhatsAppWebhook(webhookUrl, batch, signWhatsAppWebhook(batch, APP_SECRET));
    expect(answer.status).toBe(200);
    const chat = await waitFor(bookingId, (c) => c.conversations[0]?.messages[0]?.status === 'DELIVERED');
    expect(chat.conversations[0]?.messages.map((m) => m.text)).toEqual([expect.any(String), 'On my way']);
  });

  it('refuses free text until the driver writes, then sends it; resolves', async () => {
    const driver = '+919811100002';
    const bookingId = await allot(driver);
    const conversationId = (await chatOf(bookingId)).chat?.conversations[0]?.id ?? '';

    const closed = await h.mutate(
      'chat.send',
      { conversationId, kind: 'TEXT', text: 'Call me' },
      bearer(owner),
    );
    expect(closed.status).toBe(400);
    expect(closed.body.error?.data.fieldErrors).toEqual({
      text: expect.stringContaining('24-hour window is closed'),
    });

    const reply = whatsAppWebhookBody(PHONE_NUMBER_ID, {
      messages: [{ id: `wamid.${randomUUID()}`, from: driver.slice(1), text: 'Stuck in traffic' }],
    });
    expect(
      (await postWhatsAppWebhook(webhookUrl, reply, signWhatsAppWebhook(reply, APP_SECRET))).status,
    ).toBe(200);
    const sent = await h.mutate(
      'chat.send',
      { conversationId, kind: 'TEXT', text: 'Noted, thanks' },
      bearer(owner),
    );
    expect(sent.status).toBe(200);
    const chat = await waitFor(bookingId, (c) => c.conversations[0]?.messages.at(-1)?.status === 'SENT');
    expect(chat.conversations[0]?.messages.map((m) => [m.kind, m.text])).toEqual([
      [
        'TEMPLATE',
        'Duty #00000041: report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234. Accept or Reject?',
      ],
      ['TEXT', 'Stuck in traffic'],
      ['TEXT', 'Noted, thanks'],
    ]);

    const resolved = await h.mutate('chat.resolve', { conversationId }, bearer(owner));
    expect((resolved.body.result?.data as { flowStatus: string } | undefined)?.flowStatus).toBe(
      'CONVERSATION_RESOLVED',
    );
  });

  it('refuses staff without the permission, and bad input with a 400 naming the field', async () => {
    const { body: profile } = await h.mutate(
      'permissionProfile.create',
      { name: 'Accounts desk', permissions: ['view_sms'] },
      bearer(owner),
    );
    const phone = freshPhone();
    await h.mutate(
      'employee.create',
      { name: 'Asha', phone, permissionProfileId: (profile.result?.data as { id: string } | undefined)?.id },
      bearer(owner),
    );
    const clerk = (await h.signIn(phone)).token;
    const bookingId = randomUUID();
    expect((await chatOf(bookingId, clerk)).status).toBe(403);
    const send = await h.mutate(
      'chat.send',
      { conversationId: randomUUID(), kind: 'RESEND_DUTY' },
      bearer(clerk),
    );
    expect(send.status).toBe(403);
    expect((await h.mutate('chat.resolve', { conversationId: randomUUID() }, bearer(clerk))).status).toBe(
      403,
    );

    const badId = await chatOf('not-an-id');
    expect([badId.status, Object.keys(badId.answer.body.error?.data.fieldErrors ?? {})]).toEqual([
      400,
      ['bookingId'],
    ]);
    const empty = await h.mutate(
      'chat.send',
      { conversationId: randomUUID(), kind: 'TEXT', text: '  ' },
      bearer(owner),
    );
    expect([empty.status, Object.keys(empty.body.error?.data.fieldErrors ?? {})]).toEqual([400, ['text']]);
    const nul = await h.mutate(
      'chat.send',
      { conversationId: randomUUID(), kind: 'TEXT', text: 'a\u0000b' },
      bearer(owner),
    );
    expect(nul.status).toBe(400);
    const unknown = await h.mutate(
      'chat.send',
      { conversationId: randomUUID(), kind: 'TEXT', text: 'Hello' },
      bearer(owner),
    );
    expect(unknown.status).toBe(404);
  });
});
