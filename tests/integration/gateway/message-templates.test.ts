// The message templates and the on-demand sends end to end: the web app's client → gateway → the real
// messaging module, which knows the booking from bookings' own event. Each procedure is refused to
// someone without its permission and names the field of a bad input; the owner edits, previews and
// resets templates and sends a confirmation once per click.
import { randomUUID } from 'node:crypto';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bookingMasters, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let ownerToken: string;
let clerkToken: string;
let bookingId: string;
let bookingNo: number;
let owner: ReturnType<GatewayHarness['client']>;

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Konkan Cabs' }));
  owner = h.client(() => bearer(ownerToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Fleet clerk',
    permissions: ['view_vehicle', 'manage_vehicle'],
  });
  const phone = freshPhone();
  await owner.employee.create.mutate({ name: 'Cal Clerk', phone, permissionProfileId: profile.id });
  ({ token: clerkToken } = await h.signIn(phone));

  const { booking } = await owner.booking.create.mutate({
    ...(await bookingMasters(owner)),
    fromCityId: 'mh-pune',
    reportingDate: '2040-05-02',
    reportingTime: '09:00',
    reportingAddress: 'Koregaon Park, Pune',
    bookedBy: { name: 'Meera Shah', phone: '+919800000200', email: 'meera@acme.example' },
    passengers: [{ name: 'Asha Rao', phone: '+919800000001' }],
  });
  bookingId = booking.id;
  bookingNo = booking.bookingNo;
  // Messaging learns of the booking from its event: wait until the preview finds it.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await h.query(
      'messageTemplate.preview',
      { type: 'CONFIRMATION_SMS', body: '{bookingNo}', bookingId },
      bearer(ownerToken),
    );
    if (found.status === 200) break;
    if (Date.now() > deadline)
      throw new Error(`messaging never saw the booking: ${JSON.stringify(found.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 120_000);
afterAll(() => h?.close());

const wellFormed = () => ({
  'messageTemplate.list': undefined,
  'messageTemplate.save': { type: 'CANCELLATION_SMS', body: 'Booking {bookingNo} cancelled.' },
  'messageTemplate.reset': { type: 'CANCELLATION_SMS' },
  'messageTemplate.preview': { type: 'CANCELLATION_SMS', body: '{bookingNo}', bookingId },
  'message.sendBookingConfirmationSms': { bookingId, requestId: randomUUID() },
  'message.sendBookingConfirmationEmail': { bookingId, requestId: randomUUID() },
  'message.sendBookingInfo': { bookingId, requestId: randomUUID(), recipients: ['PASSENGERS'] },
});
const QUERIES = new Set(['messageTemplate.list', 'messageTemplate.preview']);

it.each(Object.keys(wellFormed()))('refuses %s to someone without its permission', async (path) => {
  const input = wellFormed()[path as keyof ReturnType<typeof wellFormed>];
  const answer = await (QUERIES.has(path) ? h.query : h.mutate)(path, input, bearer(clerkToken));
  expect(answer.status).toBe(403);
  expect(answer.body.error?.data.code).toBe('FORBIDDEN');
});

it.each([
  ['messageTemplate.save', { type: 'CANCELLATION_SMS', body: 'Hi {guest}' }, 'body'],
  ['messageTemplate.save', { type: 'SIGN_IN_CODE_SMS', body: 'Code' }, 'type'],
  ['messageTemplate.save', { type: 'CONFIRMATION_SMS', body: 'x', dltTemplateId: '12ab' }, 'dltTemplateId'],
  ['messageTemplate.save', { type: 'CONFIRMATION_SMS', body: 'x', senderId: 'AB' }, 'senderId'],
  ['messageTemplate.save', { type: 'CONFIRMATION_SMS', body: 'a\u0000b' }, 'body'],
  ['messageTemplate.reset', { type: 'NOPE' }, 'type'],
  ['messageTemplate.preview', { type: 'CONFIRMATION_SMS', body: 'x' }, 'bookingNo'],
  ['messageTemplate.preview', { type: 'CONFIRMATION_SMS', body: 'x', bookingId: 'not-an-id' }, 'bookingId'],
  ['message.sendBookingConfirmationSms', { bookingId: randomUUID(), requestId: 'twice' }, 'requestId'],
  ['message.sendBookingConfirmationEmail', { bookingId: 'x', requestId: randomUUID() }, 'bookingId'],
  [
    'message.sendBookingInfo',
    { bookingId: randomUUID(), requestId: randomUUID(), recipients: [] },
    'recipients',
  ],
])('%s answers 400 naming the field for %j', async (path, input, field) => {
  const answer = await (QUERIES.has(path) ? h.query : h.mutate)(path, input, bearer(ownerToken));
  expect(answer.status).toBe(400);
  expect(answer.body.error?.data.code).toBe('BAD_REQUEST');
  expect(Object.keys(answer.body.error?.data.fieldErrors ?? {})).toEqual([field]);
});

it('lets the owner word a type, preview it on a real booking, refuses a stale save, and resets it', async () => {
  const { templates, variables } = await owner.messageTemplate.list.query();
  // Spec §9's six texts, the passenger's slip link, billing's texts (petty cash, a payment request) and the
  // emails: every kind an operator words.
  expect(templates).toHaveLength(17);
  expect(templates.map((t) => t.type)).toContain('DIGITAL_DUTY_SLIP_SMS');
  expect(templates.map((t) => t.type)).toEqual(
    expect.arrayContaining([
      'PURCHASE_INVOICE_EMAIL',
      'PETTY_CASH_INFO_SMS',
      'RECEIPT_EMAIL',
      'PAYMENT_REQUEST_EMAIL',
      'PAYMENT_REQUEST_SMS',
    ]),
  );
  expect(templates.every((t) => t.isDefault)).toBe(true);
  expect(variables).toEqual(expect.arrayContaining(['bookingNo', 'tripOtp', 'companyName']));

  const body = 'Booking {bookingNo} at {pickup} is confirmed. Thank you, {companyName} team';
  const saved = await owner.messageTemplate.save.mutate({
    type: 'CONFIRMATION_SMS',
    body,
    dltTemplateId: '1207161234567890123',
    senderId: 'knkcab',
  });
  expect(saved).toMatchObject({ isDefault: false, version: 1, senderId: 'KNKCAB' });

  const preview = await owner.messageTemplate.preview.query({ type: 'CONFIRMATION_SMS', body, bookingNo });
  expect(preview.text).toBe(
    `Booking ${String(bookingNo).padStart(8, '0')} at Koregaon Park, Pune is confirmed. Thank you, Konkan Cabs team`,
  );
  expect(preview.bookingId).toBe(bookingId);

  const stale = await expectTrpcError(
    owner.messageTemplate.save.mutate({ type: 'CONFIRMATION_SMS', body: 'Booking {bookingNo}.', version: 0 }),
  );
  expect(stale.data?.code).toBe('CONFLICT');

  const reset = await owner.messageTemplate.reset.mutate({ type: 'CONFIRMATION_SMS', version: 1 });
  expect(reset).toMatchObject({ isDefault: true, version: 0 });
});

it('sends a confirmation once per click, and shows staff the booking’s trip code', async () => {
  const requestId = randomUUID();
  const first = await owner.message.sendBookingConfirmationSms.mutate({ bookingId, requestId });
  const again = await owner.message.sendBookingConfirmationSms.mutate({ bookingId, requestId });
  expect(first.messages.map((m) => m.recipientPhone).sort()).toEqual(['+919800000001', '+919800000200']);
  expect(again.messages.map((m) => m.id).sort()).toEqual(first.messages.map((m) => m.id).sort());

  const { booking } = await owner.booking.get.query({ id: bookingId });
  expect(booking.tripStartOtp).toMatch(/^\d{4}$/);
  const info = await owner.message.sendBookingInfo.mutate({
    bookingId,
    requestId: randomUUID(),
    recipients: ['PASSENGERS'],
  });
  expect(info.messages.map((m) => m.text)).toEqual([
    expect.stringContaining(`Trip OTP ${booking.tripStartOtp}`),
  ]);
});
