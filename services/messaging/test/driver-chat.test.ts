import { randomUUID } from 'node:crypto';
import {
  callAs,
  createWhatsAppCloudChatProvider,
  parseWhatsAppWebhook,
  rows,
  SYSTEM_PERMISSION,
  serviceCaller,
} from '@fleet/platform';
import {
  expectDomainError,
  startWhatsAppCloudPeer,
  type WhatsAppCloudPeer,
  type WhatsAppIncoming,
  type WhatsAppStatusUpdate,
  whatsAppWebhookBody,
} from '@fleet/testing';
import { sql } from 'drizzle-orm';
import {
  bookingEvent,
  bootMessaging,
  eventually,
  type MessagingHarness,
  publishBookingEvent,
  recordingSms,
  storedMessages,
} from './support';

const ACCESS_TOKEN = 'EAAGtestaccesstoken0123456789';
const PHONE_NUMBER_ID = '106540352242922';
const API_VERSION = 'v23.0';
const TEMPLATE = 'driver_duty_allotment';
const STAFF = ['view_booking', 'send_duty_info'];
const NOT_ON_WHATSAPP = '+919800000404';

describe('driver chat over WhatsApp, against a local Cloud API peer', () => {
  let peer: WhatsAppCloudPeer;
  let h: MessagingHarness;
  const sms = recordingSms();
  const operator = randomUUID();
  const other = randomUUID();

  beforeAll(async () => {
    peer = await startWhatsAppCloudPeer({
      accessToken: ACCESS_TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      apiVersion: API_VERSION,
      templates: { [TEMPLATE]: { languages: ['en'], bodyParameters: 4 } },
      notOnWhatsApp: [NOT_ON_WHATSAPP],
    });
    h = await bootMessaging({
      sms,
      chat: {
        provider: createWhatsAppCloudChatProvider({
          accessToken: ACCESS_TOKEN,
          phoneNumberId: PHONE_NUMBER_ID,
          baseUrl: peer.baseUrl,
          apiVersion: API_VERSION,
          timeoutMs: 2_000,
        }),
        duty: { name: TEMPLATE, language: 'en' },
      },
    });
  });
  afterAll(async () => {
    await h.close();
    await peer.close();
  });

  const staff = (tenantId: string, permissions = STAFF) => callAs(h.callerFor(tenantId, permissions));
  const chatOf = async (bookingId: string, tenantId = operator) =>
    (await h.client.getBookingChat({ bookingId }, staff(tenantId))).threads;
  const webhook = (
    content: { statuses?: WhatsAppStatusUpdate[]; messages?: WhatsAppIncoming[] },
    businessNumberId = PHONE_NUMBER_ID,
  ) => {
    const parsed = parseWhatsAppWebhook(JSON.parse(whatsAppWebhookBody(businessNumberId, content)));
    if (!parsed.ok) throw new Error(parsed.reason);
    return h.module.driverChat.receiveWebhook(
      serviceCaller('gateway', { permissions: [SYSTEM_PERMISSION.receiveChatWebhook] }),
      parsed.events,
    );
  };
  const allot = async (driverPhone: string, tenantId = operator) => {
    const event = bookingEvent(tenantId, {
      action: 'allot',
      fromStatus: 'BOOKED',
      toStatus: 'ALLOTED',
      booking: { status: 'ALLOTED', vehicleNo: 'MH01AB1234', driverName: 'Ravi Kumar', driverPhone },
    });
    await publishBookingEvent(h.testBus.bus, 'status_changed', event);
    const bookingId = event.booking?.id ?? '';
    const [thread] = await eventually(
      () => chatOf(bookingId, tenantId),
      (threads) =>
        threads[0]?.messages[0]?.status !== undefined && threads[0].messages[0].status !== 'QUEUED',
    );
    if (!thread?.conversation) throw new Error('no conversation');
    return { bookingId, thread, conversation: thread.conversation };
  };
  const smsTo = async (phone: string) => (await storedMessages(h)).filter((m) => m.recipientPhone === phone);

  it('sends an allotted driver the duty as the approved template with its parameters, instead of the SMS', async () => {
    const before = peer.received.length;
    const { thread, conversation } = await allot('+919800000010');
    const [request] = peer.received.slice(before);
    expect(request?.path).toBe(`/${API_VERSION}/${PHONE_NUMBER_ID}/messages`);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      to: '919800000010',
      type: 'template',
      template: {
        name: TEMPLATE,
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '00000017' },
              { type: 'text', text: '01/04/2026 09:30' },
              { type: 'text', text: 'Terminal 2, Mumbai airport' },
              { type: 'text', text: 'MH01AB1234' },
            ],
          },
        ],
      },
    });
    expect(conversation.flowStatus).toBe('DUTY_SLIP_MESSAGE_PUSHED');
    expect(conversation.driverPhone).toBe('+919800000010');
    expect(thread.messages.map((m) => [m.direction, m.kind, m.status])).toEqual([
      ['OUT', 'TEMPLATE', 'SENT'],
    ]);
    expect(thread.messages[0]?.whatsappMessageId).toBe(peer.sentIds.at(-1));
    expect(await smsTo('+919800000010')).toEqual([]);
  });

  it('moves the duty to DELIVERED then READ from the webhook, never backwards, and a replay changes nothing', async () => {
    const { bookingId, thread } = await allot('+919800000011');
    const wamid = thread.messages[0]?.whatsappMessageId ?? '';
    const recipientId = '919800000011';
    expect(await webhook({ statuses: [{ id: wamid, status: 'delivered', recipientId }] })).toBe(1);
    let [now] = await chatOf(bookingId);
    expect(now?.messages[0]?.status).toBe('DELIVERED');
    expect(now?.conversation?.flowStatus).toBe('SUCCESS');

    expect(await webhook({ statuses: [{ id: wamid, status: 'read', recipientId }] })).toBe(1);
    // Replayed, and a late "sent": neither moves it.
    expect(
      await webhook({
        statuses: [
          { id: wamid, status: 'read', recipientId },
          { id: wamid, status: 'sent', recipientId },
          { id: wamid, status: 'delivered', recipientId },
        ],
      }),
    ).toBe(0);
    [now] = await chatOf(bookingId);
    expect(now?.messages[0]?.status).toBe('READ');
    expect(now?.messages[0]?.readAt).toBeDefined();
  });

  it('takes a status only for the business number that sent the message', async () => {
    const { bookingId, thread } = await allot('+919800000015');
    const wamid = thread.messages[0]?.whatsappMessageId ?? '';
    const delivered = { id: wamid, status: 'delivered' as const, recipientId: '919800000015' };
    expect(await webhook({ statuses: [delivered] }, '209876543210987')).toBe(0);
    let [now] = await chatOf(bookingId);
    expect([now?.messages[0]?.status, now?.conversation?.flowStatus]).toEqual([
      'SENT',
      'DUTY_SLIP_MESSAGE_PUSHED',
    ]);
    expect(await webhook({ statuses: [delivered] })).toBe(1);
    [now] = await chatOf(bookingId);
    expect(now?.messages[0]?.status).toBe('DELIVERED');
  });

  it('answers a duty only from its driver’s phone, to the business number that sent it', async () => {
    const { bookingId, thread } = await allot('+919800000016');
    const contextId = thread.messages[0]?.whatsappMessageId ?? '';
    const accept = (from: string): WhatsAppIncoming => ({
      id: `wamid.in-${randomUUID()}`,
      from,
      contextId,
      button: { payload: 'Accept', text: 'Accept' },
    });
    // A stranger quoting the duty, and the driver writing to another business number.
    expect(await webhook({ messages: [accept('919800000999')] })).toBe(0);
    expect(await webhook({ messages: [accept('919800000016')] }, '209876543210987')).toBe(0);
    let [now] = await chatOf(bookingId);
    expect(now?.messages.map((m) => m.direction)).toEqual(['OUT']);
    expect(now?.conversation?.flowStatus).not.toBe('TRIP_ACCEPTED');

    expect(await webhook({ messages: [accept('919800000016')] })).toBe(1);
    [now] = await chatOf(bookingId);
    expect(now?.conversation?.flowStatus).toBe('TRIP_ACCEPTED');
  });

  it('falls back to the SMS, once, for a number not on WhatsApp, and says so', async () => {
    const { bookingId } = await allot(NOT_ON_WHATSAPP);
    // The refusal and the fallback are read in two statements: wait for the fallback's word.
    const [thread] = await eventually(
      () => chatOf(bookingId),
      (threads) => threads[0]?.conversation?.flowStatus === 'INVALID_PHONE_NUMBER',
    );
    const conversation = thread?.conversation;
    if (!conversation) throw new Error('no conversation');
    expect(thread.messages[0]?.status).toBe('FAILED');
    expect(thread.messages[0]?.errorCode).toBe(131026);
    const texts = await eventually(
      () => smsTo(NOT_ON_WHATSAPP),
      (found) => found.length === 1 && found[0]?.status === 'SENT',
    );
    expect(texts[0]?.type).toBe('DRIVER_ALLOTMENT_SMS');
    expect(texts[0]?.text).toBe(
      'New duty #00000017: report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234.',
    );
    expect(conversation.fallbackMessageId).not.toBe('');

    // The duty re-sent fails again: no second SMS; the conversation says it failed.
    await h.client.sendChatMessage(
      { conversationId: conversation.id, content: { case: 'resendDuty', value: true } },
      staff(operator),
    );
    const [after] = await eventually(
      () => chatOf(bookingId),
      (threads) => threads[0]?.conversation?.flowStatus === 'FAILED',
    );
    expect(after?.messages.map((m) => [m.kind, m.status])).toEqual([
      ['TEMPLATE', 'FAILED'],
      ['TEMPLATE', 'FAILED'],
    ]);
    expect(await smsTo(NOT_ON_WHATSAPP)).toHaveLength(1);
  });

  it('falls back when the webhook reports the duty failed, once however often it is delivered', async () => {
    const phone = '+919800000012';
    const { bookingId, thread } = await allot(phone);
    const failed: WhatsAppStatusUpdate = {
      id: thread.messages[0]?.whatsappMessageId ?? '',
      status: 'failed',
      recipientId: phone.slice(1),
      error: { code: 131026, title: 'Message undeliverable' },
    };
    expect(await webhook({ statuses: [failed] })).toBe(1);
    expect(await webhook({ statuses: [failed] })).toBe(0);
    const [now] = await chatOf(bookingId);
    expect(now?.messages[0]?.status).toBe('FAILED');
    expect(now?.conversation?.flowStatus).toBe('INVALID_PHONE_NUMBER');
    expect((await smsTo(phone)).map((m) => m.type)).toEqual(['DRIVER_ALLOTMENT_SMS']);
  });

  it('refuses free text outside the 24-hour window and sends it inside, and records Accept', async () => {
    const phone = '+919800000013';
    const { bookingId, thread, conversation } = await allot(phone);
    const text = (words: string) =>
      h.client.sendChatMessage(
        { conversationId: conversation.id, content: { case: 'text', value: words } },
        staff(operator),
      );
    const never = await expectDomainError(text('Where are you?'));
    expect(never.code).toBe('INVALID_ARGUMENT');
    expect(never.fieldViolations.map((v) => v.field)).toEqual(['text']);
    expect(never.message).toContain('24-hour window is closed');

    // The driver wrote 25 hours ago: still closed.
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await webhook({
      messages: [{ id: `wamid.in-${randomUUID()}`, from: phone.slice(1), at: old, text: 'ok' }],
    });
    expect((await expectDomainError(text('Where are you?'))).code).toBe('INVALID_ARGUMENT');

    // They tap Accept under the duty now: the window opens and the trip is accepted.
    const tap: WhatsAppIncoming = {
      id: `wamid.in-${randomUUID()}`,
      from: phone.slice(1),
      contextId: thread.messages[0]?.whatsappMessageId ?? '',
      button: { payload: 'Accept', text: 'Accept' },
    };
    expect(await webhook({ messages: [tap] })).toBe(1);
    expect(await webhook({ messages: [tap] })).toBe(0);
    const before = peer.received.length;
    const sent = await text('Thanks, the passenger is at gate 4.');
    expect(sent.message?.status).toBe('QUEUED');
    const [now] = await eventually(
      () => chatOf(bookingId),
      (threads) => threads[0]?.messages.at(-1)?.status === 'SENT',
    );
    expect(now?.conversation?.flowStatus).toBe('TRIP_ACCEPTED');
    expect(now?.messages.map((m) => [m.direction, m.kind, m.text])).toEqual([
      [
        'OUT',
        'TEMPLATE',
        'Duty #00000017: report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234. Accept or Reject?',
      ],
      ['IN', 'TEXT', 'ok'],
      ['IN', 'BUTTON_REPLY', 'Accept'],
      ['OUT', 'TEXT', 'Thanks, the passenger is at gate 4.'],
    ]);
    expect(JSON.parse(peer.received[before]?.body ?? '{}')).toMatchObject({
      to: phone.slice(1),
      type: 'text',
      text: { body: 'Thanks, the passenger is at gate 4.' },
    });

    const resolved = await h.client.resolveChatConversation(
      { conversationId: conversation.id },
      staff(operator),
    );
    expect(resolved.conversation?.flowStatus).toBe('CONVERSATION_RESOLVED');
    expect(resolved.conversation?.resolvedAt).toBeDefined();
  });

  it('keeps each operator to its own chats (row-level security), and staff to their permissions', async () => {
    const { bookingId, conversation } = await allot('+919800000014');
    expect((await chatOf(bookingId)).map((t) => t.conversation?.id)).toEqual([conversation.id]);
    expect(await chatOf(bookingId, other)).toEqual([]);
    const theirs = await expectDomainError(
      h.client.resolveChatConversation({ conversationId: conversation.id }, staff(other)),
    );
    expect(theirs.code).toBe('NOT_FOUND');
    const seen = await h.database.db.withTenant(other, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from messaging.chat_messages`),
    );
    expect(seen[0]?.n).toBe(0);

    const reader = await expectDomainError(
      h.client.getBookingChat({ bookingId }, staff(operator, ['view_sms'])),
    );
    expect(reader.code).toBe('PERMISSION_DENIED');
    const writer = await expectDomainError(
      h.client.resolveChatConversation(
        { conversationId: conversation.id },
        staff(operator, ['view_booking']),
      ),
    );
    expect(writer.code).toBe('PERMISSION_DENIED');
    // The webhook's RPC is the gateway's alone: a signed-in member of staff is refused, whatever they send.
    const forged = await expectDomainError(h.client.receiveChatWebhook({ events: [] }, staff(operator)));
    expect(forged.code).toBe('PERMISSION_DENIED');
    const bad = await expectDomainError(h.client.getBookingChat({ bookingId: 'x' }, staff(operator)));
    expect(bad.fieldViolations.map((v) => v.field)).toEqual(['bookingId']);
  });
});
