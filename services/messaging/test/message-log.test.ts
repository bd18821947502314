import { randomUUID } from 'node:crypto';
import { callAs } from '@fleet/platform';
import { SortDirection } from '@fleet/proto/fleet/common/v1/common_pb';
import { expectDomainError } from '@fleet/testing';
import {
  bookingEvent,
  bootMessaging,
  eventually,
  type MessagingHarness,
  publishBookingEvent,
  recordingSms,
  storedMessages,
} from './support';

describe('the message log (ListMessages), fenced by row-level security', () => {
  let h: MessagingHarness;
  const operator = randomUUID();
  const other = randomUUID();
  const bookingId = randomUUID();
  beforeAll(async () => {
    h = await bootMessaging({ sms: recordingSms() });
    // Ours: a confirmation (3 texts) then a cancellation of the same booking (2); theirs: a confirmation (3).
    await publishBookingEvent(
      h.testBus.bus,
      'created',
      bookingEvent(operator, { booking: { id: bookingId } }),
    );
    await eventually(
      () => storedMessages(h),
      (rows) => rows.length === 3,
    );
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      bookingEvent(operator, {
        action: 'cancel',
        fromStatus: 'BOOKED',
        toStatus: 'CANCELLED',
        // The booker is told of a cancellation too; without one, the passengers' two texts.
        booking: { id: bookingId, withoutBooker: true },
      }),
    );
    await publishBookingEvent(h.testBus.bus, 'created', bookingEvent(other));
    await eventually(
      () => storedMessages(h),
      (rows) => rows.length === 8 && rows.every((r) => r.status === 'SENT'),
    );
  });
  afterAll(() => h.close());

  const list = (tenantId: string, request: Parameters<MessagingHarness['client']['listMessages']>[0] = {}) =>
    h.client.listMessages(request, callAs(h.callerFor(tenantId)));

  it('shows an operator its own texts, newest first, and none of another operator’s', async () => {
    const ours = await list(operator);
    expect(ours.messages.map((m) => m.type)).toEqual([
      'CANCELLATION_SMS',
      'CANCELLATION_SMS',
      'CONFIRMATION_SMS',
      'CONFIRMATION_SMS',
      'CONFIRMATION_SMS',
    ]);
    expect(ours.messages.every((m) => m.bookingId === bookingId && m.status === 'SENT')).toBe(true);
    const theirs = await list(other);
    expect(theirs.messages).toHaveLength(3);
    expect(theirs.messages.some((m) => m.bookingId === bookingId)).toBe(false);
  });

  it('filters by type, status and booking, and pages by cursor without repeats', async () => {
    expect((await list(operator, { type: 'CANCELLATION_SMS' })).messages).toHaveLength(2);
    expect((await list(operator, { status: 'FAILED' })).messages).toHaveLength(0);
    expect((await list(other, { bookingId })).messages).toHaveLength(0);
    const first = await list(operator, { page: { limit: 2 } });
    expect(first.pageInfo?.hasMore).toBe(true);
    const second = await list(operator, { page: { limit: 2, cursor: first.pageInfo?.nextCursor } });
    const third = await list(operator, { page: { limit: 2, cursor: second.pageInfo?.nextCursor } });
    expect(third.pageInfo?.hasMore).toBe(false);
    const ids = [...first.messages, ...second.messages, ...third.messages].map((m) => m.id);
    expect(new Set(ids).size).toBe(5);
    const oldestFirst = await list(operator, { page: { direction: SortDirection.ASC } });
    expect(oldestFirst.messages[0]?.type).toBe('CONFIRMATION_SMS');
  });

  it('refuses a caller without view_sms, and filters that are not ours before they reach SQL', async () => {
    expect((await expectDomainError(h.client.listMessages({}, callAs(h.callerFor(operator, []))))).code).toBe(
      'PERMISSION_DENIED',
    );
    expect((await expectDomainError(list(operator, { type: 'WHATEVER_SMS' }))).code).toBe('INVALID_ARGUMENT');
    expect((await expectDomainError(list(operator, { status: 'LOST' }))).code).toBe('INVALID_ARGUMENT');
    expect((await expectDomainError(list(operator, { bookingId: 'not-a-uuid' }))).code).toBe(
      'INVALID_ARGUMENT',
    );
    expect((await expectDomainError(list(operator, { page: { cursor: 'bm90IGEgY3Vyc29y' } }))).code).toBe(
      'INVALID_ARGUMENT',
    );
  });
});
