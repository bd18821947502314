// The message log's screens' questions (channel, type, status, delivery report, date, recipient,
// booking, search), one message in full, and resending one — against real PostgreSQL under row-level
// security, through the gRPC routes.
import { randomUUID } from 'node:crypto';
import { callAs, rows } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { insertMessages, type NewMessage } from '../src/storage/messages-store';
import {
  bookingEvent,
  bootMessaging,
  eventually,
  type MessagingHarness,
  publishBookingEvent,
  recordingSms,
  storedMessages,
} from './support';

const SEND_ALL = [
  'view_sms',
  'send_booking_confirmation_sms',
  'send_booking_confirmation_email',
  'send_duty_info',
];

describe('searching, filtering, opening and resending messages of the log', () => {
  let h: MessagingHarness;
  const sms = recordingSms();
  const operator = randomUUID();
  const other = randomUUID();
  const bookingId = randomUUID();
  const emailed = randomUUID();

  const list = (tenantId: string, request: Parameters<MessagingHarness['client']['listMessages']>[0] = {}) =>
    h.client.listMessages(request, callAs(h.callerFor(tenantId, SEND_ALL)));

  beforeAll(async () => {
    h = await bootMessaging({
      sms,
      delivery: { retry: { maxAttempts: 1, baseDelayMs: 50, maxDelayMs: 50 } },
    });
    // Booking 129's confirmation: texts to Asha (booker), Meera and Vikram (passengers).
    await publishBookingEvent(
      h.testBus.bus,
      'created',
      bookingEvent(operator, { booking: { id: bookingId, bookingNo: 129n } }),
    );
    await publishBookingEvent(h.testBus.bus, 'created', bookingEvent(other));
    await eventually(
      () => storedMessages(h),
      (all) => all.length === 6 && all.every((m) => m.status === 'SENT'),
    );
    // An email this branch cannot send yet (it fails at once, never retried), written as staff would.
    const email: NewMessage = {
      tenantId: operator,
      eventId: `request:${randomUUID()}`,
      type: 'DUTY_SLIP_EMAIL',
      channel: 'EMAIL',
      role: 'CUSTOMER',
      name: 'Globex Travel Desk',
      phone: '',
      email: 'desk@globex.example',
      subject: 'Duty slip 00000130',
      attachments: [{ kind: 'DUTY_SLIP', bookingId: emailed, fileName: 'duty-slip-00000130.pdf' }],
      bookingId: emailed,
      bookingNo: '130',
      text: 'Please find the duty slip attached.',
      variables: {},
    };
    await h.database.db.withTenant(operator, (tx) => insertMessages(tx, [email]));
    await eventually(
      () => storedMessages(h),
      (all) => all.some((m) => m.type === 'DUTY_SLIP_EMAIL' && m.status === 'FAILED'),
    );
  });
  afterAll(() => h.close());

  it('lists one channel at a time, and filters by type, status and delivery report', async () => {
    const texts = await list(operator, { channel: 'SMS' });
    expect(texts.messages.map((m) => m.recipientName).sort()).toEqual(['Asha', 'Meera', 'Vikram']);
    const emails = await list(operator, { channel: 'EMAIL' });
    expect(emails.messages.map((m) => m.recipientEmail)).toEqual(['desk@globex.example']);
    expect((await list(operator, { type: 'DUTY_SLIP_EMAIL' })).messages).toHaveLength(1);
    expect((await list(operator, { channel: 'EMAIL', status: 'FAILED' })).messages).toHaveLength(1);
    expect((await list(operator, { channel: 'SMS', status: 'FAILED' })).messages).toHaveLength(0);
    // Sent, with no delivery report yet: pending.
    expect((await list(operator, { channel: 'SMS', deliveryStatus: 'PENDING' })).messages).toHaveLength(3);
    expect((await list(operator, { deliveryStatus: 'DELIVERED' })).messages).toHaveLength(0);
  });

  it('narrows to the operator’s days, a recipient and a booking by number', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect((await list(operator, { createdFrom: today, createdTo: today })).messages).toHaveLength(4);
    expect(
      (await list(operator, { createdFrom: '2020-01-01', createdTo: '2020-12-31' })).messages,
    ).toHaveLength(0);
    expect((await list(operator, { createdTo: '2020-12-31' })).messages).toHaveLength(0);
    const toMeera = await list(operator, { recipient: '+919800000002' });
    expect(toMeera.messages.map((m) => m.recipientName)).toEqual(['Meera']);
    expect((await list(operator, { recipient: 'desk@globex.example' })).messages).toHaveLength(1);
    expect((await list(operator, { bookingNo: 129n })).messages).toHaveLength(3);
    expect((await list(operator, { bookingNo: 130n })).messages).toHaveLength(1);
  });

  it('searches by a recipient’s name, phone or email and by booking number, only in the operator’s log', async () => {
    const names = async (search: string, tenantId = operator) =>
      (await list(tenantId, { search })).messages.map((m) => m.recipientName || m.recipientEmail).sort();
    expect(await names('mee')).toEqual(['Meera']);
    expect(await names('MEERA')).toEqual(['Meera']);
    expect(await names('98000 00003')).toEqual(['Vikram']);
    expect(await names('+91 98000')).toEqual(['Asha', 'Meera', 'Vikram']);
    expect(await names('desk@glo')).toEqual(['Globex Travel Desk']);
    expect(await names('travel')).toEqual(['Globex Travel Desk']);
    expect(await names('129')).toEqual(['Asha', 'Meera', 'Vikram']);
    expect(await names('00000130')).toEqual(['Globex Travel Desk']);
    // The other operator texted a Meera too; each sees only their own.
    expect(await names('meera', other)).toEqual(['Meera']);
    const theirs = await list(other, { search: 'meera' });
    expect(theirs.messages.every((m) => m.bookingId !== bookingId)).toBe(true);
    expect(await names('nobody')).toEqual([]);
  });

  it('pages a filtered, searched list without repeats', async () => {
    const first = await list(operator, { search: '129', page: { limit: 2 } });
    expect(first.pageInfo?.hasMore).toBe(true);
    const second = await list(operator, {
      search: '129',
      page: { limit: 2, cursor: first.pageInfo?.nextCursor },
    });
    expect(second.pageInfo?.hasMore).toBe(false);
    const ids = [...first.messages, ...second.messages].map((m) => m.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses a filter that is not one, naming it, before it reaches SQL', async () => {
    const fieldOf = async (request: Parameters<typeof list>[1]) => {
      const error = await expectDomainError(list(operator, request));
      expect(error.code).toBe('INVALID_ARGUMENT');
      return error.fieldViolations[0]?.field;
    };
    expect(await fieldOf({ channel: 'FAX' })).toBe('channel');
    expect(await fieldOf({ type: 'SIGN_IN_CODE_SMS' })).toBe('type');
    expect(await fieldOf({ deliveryStatus: 'READ' })).toBe('deliveryStatus');
    expect(await fieldOf({ createdFrom: '2026-02-30' })).toBe('createdFrom');
    expect(await fieldOf({ createdFrom: '2026-03-02', createdTo: '2026-03-01' })).toBe('createdTo');
    expect(await fieldOf({ recipient: '98000' })).toBe('recipient');
    expect(await fieldOf({ bookingNo: -4n })).toBe('bookingNo');
    expect(await fieldOf({ search: 'x'.repeat(101) })).toBe('search');
  });

  it('opens one message with everything the log knows, and never another operator’s or a sign-in code', async () => {
    const [slip] = (await list(operator, { channel: 'EMAIL' })).messages;
    const got = await h.client.getMessage({ id: slip?.id }, callAs(h.callerFor(operator)));
    expect(got.message).toMatchObject({
      type: 'DUTY_SLIP_EMAIL',
      subject: 'Duty slip 00000130',
      attachmentNames: ['duty-slip-00000130.pdf'],
      status: 'FAILED',
      error: 'its attachment could not be fetched',
    });
    expect(
      (await expectDomainError(h.client.getMessage({ id: slip?.id }, callAs(h.callerFor(other))))).code,
    ).toBe('NOT_FOUND');
    const [signIn] = await h.database.db.asSystem((tx) =>
      rows<{ id: string }>(
        tx,
        sql`insert into messaging.messages (tenant_id, event_id, type, recipient_role, recipient_phone, text, variables)
            values (null, ${`sign-in:${randomUUID()}`}, 'SIGN_IN_CODE_SMS', 'USER', '+919800000009', 'code sent', '{}')
            returning id`,
      ),
    );
    expect(
      (await expectDomainError(h.client.getMessage({ id: signIn?.id }, callAs(h.callerFor(operator))))).code,
    ).toBe('NOT_FOUND');
    expect(
      (await expectDomainError(h.client.getMessage({ id: 'nope' }, callAs(h.callerFor(operator))))).code,
    ).toBe('INVALID_ARGUMENT');
  });

  it('resends a text once per key, as a new message naming the original and who asked, and sends it', async () => {
    const [meera] = (await list(operator, { recipient: '+919800000002' })).messages;
    const caller = h.callerFor(operator, SEND_ALL);
    const key = randomUUID();
    const [once, twice] = await Promise.all([
      h.client.resendMessage({ id: meera?.id, idempotencyKey: key }, callAs(caller)),
      h.client.resendMessage({ id: meera?.id, idempotencyKey: key }, callAs(caller)),
    ]);
    expect(twice.message?.id).toBe(once.message?.id);
    expect(once.message).toMatchObject({
      type: 'CONFIRMATION_SMS',
      recipientPhone: '+919800000002',
      text: meera?.text,
      resentFromId: meera?.id,
      requestedBy: caller.userId,
    });
    const after = await eventually(
      () => list(operator, { recipient: '+919800000002' }),
      (page) => page.messages.length === 2 && page.messages.every((m) => m.status === 'SENT'),
    );
    expect(after.messages[0]?.id).toBe(once.message?.id);
    expect(sms.sent.filter((m) => m.to === '+919800000002' && m.text === meera?.text)).toHaveLength(2);
    // Another resend is another key.
    await h.client.resendMessage({ id: meera?.id, idempotencyKey: randomUUID() }, callAs(caller));
    expect((await list(operator, { recipient: '+919800000002' })).messages).toHaveLength(3);
  });

  it('resends only for those who may send that kind of message, and only the operator’s own', async () => {
    const [meera] = (await list(operator, { recipient: '+919800000002', type: 'CONFIRMATION_SMS' })).messages;
    const resend = (tenantId: string, permissions: string[]) =>
      expectDomainError(
        h.client.resendMessage(
          { id: meera?.id, idempotencyKey: randomUUID() },
          callAs(h.callerFor(tenantId, permissions)),
        ),
      );
    expect((await resend(operator, ['view_sms', 'send_duty_info'])).code).toBe('PERMISSION_DENIED');
    expect((await resend(operator, ['send_booking_confirmation_sms'])).code).toBe('PERMISSION_DENIED');
    expect((await resend(other, SEND_ALL)).code).toBe('NOT_FOUND');
    const [slip] = (await list(operator, { channel: 'EMAIL' })).messages;
    const slipAgain = h.client.resendMessage(
      { id: slip?.id, idempotencyKey: randomUUID() },
      callAs(h.callerFor(operator, ['view_sms', 'send_booking_confirmation_sms'])),
    );
    expect((await expectDomainError(slipAgain)).code).toBe('PERMISSION_DENIED');
    expect(
      (
        await expectDomainError(
          h.client.resendMessage(
            { id: meera?.id, idempotencyKey: 'twice' },
            callAs(h.callerFor(operator, SEND_ALL)),
          ),
        )
      ).fieldViolations[0]?.field,
    ).toBe('idempotencyKey');
  });
});
