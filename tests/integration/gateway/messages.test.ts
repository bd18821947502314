// The message log screens' procedures end to end (message.list, message.get, message.resend): HTTP
// through the gateway's guard to the real messaging module, on messages written here with SQL under
// each operator's row-level security, and sent by the product's own delivery worker.
import { randomUUID } from 'node:crypto';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

interface Listed {
  messages: {
    id: string;
    type: string;
    channel: string;
    recipientName: string;
    bookingNo: string | null;
    status: string;
    resentFromId: string | null;
  }[];
  nextCursor: string | null;
  hasMore: boolean;
}

describe('message.list, message.get and message.resend', () => {
  let h: GatewayHarness;
  let ownerToken: string;
  let otherToken: string;
  let clerkToken: string;
  let readerToken: string;
  let ownerId: string;
  const bookingId = randomUUID();

  async function me(token: string): Promise<{ tenantId: string; userId: string }> {
    const answer = await h.query('user.me', undefined, bearer(token));
    const data = answer.body.result?.data as { tenant: { id: string }; user: { id: string } };
    return { tenantId: data.tenant.id, userId: data.user.id };
  }

  /** Texts of a booking as bookings' events would have them written: one per passenger. */
  async function writeTexts(tenantId: string, bookingNo: number, names: string[], booking = randomUUID()) {
    const values = names.map(
      (
        name,
        i,
      ) => `('${tenantId}', 'event-${randomUUID()}', 'CONFIRMATION_SMS', 'SMS', 'PASSENGER', '${name}',
        '+91980000${String(bookingNo).padStart(2, '0')}${i}', '${booking}', ${bookingNo},
        'Booking #${bookingNo} is confirmed.', '{}'::jsonb, now() - make_interval(mins => ${names.length - i}))`,
    );
    await h.database.db.withTenant(tenantId, (tx) =>
      tx.execute(`
        insert into messaging.messages (tenant_id, event_id, type, channel, recipient_role, recipient_name,
          recipient_phone, booking_id, booking_no, text, variables, created_at)
        values ${values.join(',\n')}`),
    );
  }

  const list = async (token: string, input: Record<string, unknown> = {}) => {
    const answer = await h.query('message.list', input, bearer(token));
    if (answer.status !== 200) throw new Error(`message.list answered ${answer.status}`);
    return answer.body.result?.data as Listed;
  };

  beforeAll(async () => {
    h = await bootGateway();
    ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Kappa Cabs' }));
    ({ token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Lambda Cabs' }));
    const owner = h.client(() => bearer(ownerToken));
    const clerkPhone = freshPhone();
    const clerkProfile = await owner.permissionProfile.create.mutate({
      name: 'Fleet clerk',
      permissions: ['view_vehicle'],
    });
    await owner.employee.create.mutate({
      name: 'Cal Clerk',
      phone: clerkPhone,
      permissionProfileId: clerkProfile.id,
    });
    ({ token: clerkToken } = await h.signIn(clerkPhone));
    const readerPhone = freshPhone();
    const readerProfile = await owner.permissionProfile.create.mutate({
      name: 'Log reader',
      permissions: ['view_sms'],
    });
    await owner.employee.create.mutate({
      name: 'Rita Reader',
      phone: readerPhone,
      permissionProfileId: readerProfile.id,
    });
    ({ token: readerToken } = await h.signIn(readerPhone));
    const ours = await me(ownerToken);
    ownerId = ours.userId;
    await writeTexts(ours.tenantId, 41, ['Meera Iyer', 'Vikram Rao', 'Asha Nair'], bookingId);
    await writeTexts(ours.tenantId, 42, ['Nikhil Shah']);
    await writeTexts((await me(otherToken)).tenantId, 41, ['Meera Iyer']);
  }, 120_000);
  afterAll(() => h?.close());

  it('refuses each procedure to someone without view_sms, whatever the input', async () => {
    for (const [call, path] of [
      [h.query, 'message.list'],
      [h.query, 'message.get'],
      [h.mutate, 'message.resend'],
    ] as const) {
      const answer = await call(path, { id: randomUUID(), idempotencyKey: randomUUID() }, bearer(clerkToken));
      expect([path, answer.status, answer.body.error?.data.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
  });

  it('shows an operator its own messages only, searched and filtered', async () => {
    const all = await list(ownerToken, { channel: 'SMS' });
    expect(all.messages.map((m) => m.recipientName)).toEqual([
      'Nikhil Shah',
      'Asha Nair',
      'Vikram Rao',
      'Meera Iyer',
    ]);
    const theirs = await list(otherToken);
    expect(theirs.messages.map((m) => m.recipientName)).toEqual(['Meera Iyer']);
    expect((await list(ownerToken, { search: 'meer' })).messages.map((m) => m.recipientName)).toEqual([
      'Meera Iyer',
    ]);
    expect((await list(ownerToken, { search: '00000041' })).messages).toHaveLength(3);
    expect((await list(ownerToken, { bookingNo: '42' })).messages.map((m) => m.recipientName)).toEqual([
      'Nikhil Shah',
    ]);
    expect((await list(ownerToken, { bookingId })).messages).toHaveLength(3);
    expect((await list(ownerToken, { channel: 'EMAIL' })).messages).toHaveLength(0);
    // The driver-app pushes are a channel of their own: none of these texts is one.
    expect((await list(ownerToken, { channel: 'PUSH' })).messages).toHaveLength(0);
    expect((await list(ownerToken, { type: 'NEW_DUTY_PUSH' })).messages).toHaveLength(0);
    // Another operator's booking id finds nothing of ours.
    expect((await list(otherToken, { bookingId })).messages).toHaveLength(0);
  });

  it('pages by cursor without repeats or gaps', async () => {
    const first = await list(ownerToken, { limit: 3 });
    expect(first.hasMore).toBe(true);
    const second = await list(ownerToken, { limit: 3, cursor: first.nextCursor });
    expect(second.hasMore).toBe(false);
    const names = [...first.messages, ...second.messages].map((m) => m.recipientName);
    expect(names).toEqual(['Nikhil Shah', 'Asha Nair', 'Vikram Rao', 'Meera Iyer']);
  });

  it('answers a bad filter with 400 naming the field', async () => {
    for (const [input, field] of [
      [{ channel: 'FAX' }, 'channel'],
      [{ type: 'SIGN_IN_CODE_SMS' }, 'type'],
      [{ status: 'LOST' }, 'status'],
      [{ deliveryStatus: 'READ' }, 'deliveryStatus'],
      [{ createdFrom: '2026-13-01' }, 'createdFrom'],
      [{ createdFrom: '2026-03-02', createdTo: '2026-03-01' }, 'createdTo'],
      [{ recipient: 'meera' }, 'recipient'],
      [{ bookingId: 'not-an-id' }, 'bookingId'],
      [{ bookingNo: '41x' }, 'bookingNo'],
      [{ search: 'x'.repeat(101) }, 'search'],
      [{ cursor: 'bm90IGEgY3Vyc29y' }, 'cursor'],
    ] as const) {
      const answer = await h.query('message.list', input, bearer(ownerToken));
      expect([field, answer.status, Object.keys(answer.body.error?.data.fieldErrors ?? {})]).toEqual([
        field,
        400,
        [field],
      ]);
    }
    const get = await h.query('message.get', { id: 'nope' }, bearer(ownerToken));
    expect([get.status, Object.keys(get.body.error?.data.fieldErrors ?? {})]).toEqual([400, ['id']]);
  });

  it('opens a message, never another operator’s', async () => {
    const [meera] = (await list(ownerToken, { search: 'meera' })).messages;
    const got = await h.query('message.get', { id: meera?.id }, bearer(ownerToken));
    expect(got.status).toBe(200);
    expect(got.body.result?.data).toMatchObject({ message: { text: 'Booking #41 is confirmed.' } });
    const theirs = await h.query('message.get', { id: meera?.id }, bearer(otherToken));
    expect([theirs.status, theirs.body.error?.data.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('resends once per key, naming who asked, and only for those who may send its kind', async () => {
    const [vikram] = (await list(ownerToken, { search: 'vikram' })).messages;
    const key = randomUUID();
    const refused = await h.mutate(
      'message.resend',
      { id: vikram?.id, idempotencyKey: key },
      bearer(readerToken),
    );
    expect([refused.status, refused.body.error?.data.code]).toEqual([403, 'FORBIDDEN']);
    const theirs = await h.mutate(
      'message.resend',
      { id: vikram?.id, idempotencyKey: key },
      bearer(otherToken),
    );
    expect(theirs.status).toBe(404);
    const [once, twice] = await Promise.all([
      h.mutate('message.resend', { id: vikram?.id, idempotencyKey: key }, bearer(ownerToken)),
      h.mutate('message.resend', { id: vikram?.id, idempotencyKey: key }, bearer(ownerToken)),
    ]);
    type Resent = { message: { id: string; resentFromId: string } };
    const resent = (once.body.result?.data as Resent | undefined)?.message;
    expect((twice.body.result?.data as Resent | undefined)?.message.id).toBe(resent?.id);
    expect(resent?.resentFromId).toBe(vikram?.id);
    const shown = await list(ownerToken, { search: 'vikram' });
    expect(shown.messages.map((m) => m.resentFromId)).toEqual([vikram?.id, null]);
    const detail = await h.query('message.get', { id: resent?.id }, bearer(ownerToken));
    expect(detail.body.result?.data).toMatchObject({
      message: { requestedBy: ownerId, requestedByName: expect.any(String), resentFromId: vikram?.id },
    });
    const bad = await h.mutate(
      'message.resend',
      { id: vikram?.id, idempotencyKey: 'again' },
      bearer(ownerToken),
    );
    expect([bad.status, Object.keys(bad.body.error?.data.fieldErrors ?? {})]).toEqual([
      400,
      ['idempotencyKey'],
    ]);
  });
});
