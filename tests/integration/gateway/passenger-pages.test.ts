// The passenger's pages through the gateway over HTTP, with no session: a duty run in the driver app
// closes, its passenger is texted short links to the digital slip and the feedback form, the short links
// lead to the pages, the slip is read and answered once, the feedback given once, and staff see both;
// any token that opens nothing is the same 404; the public procedures are rate-limited per address.
import { randomUUID } from 'node:crypto';
import { operatorDate } from '@fleet/domain';
import { rows, type SmsMessage, type SmsProvider } from '@fleet/platform';
import { eventually } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bookingMasters, bootGateway, freshPhone, type GatewayHarness } from './support';

const texts: SmsMessage[] = [];
const recording: SmsProvider = {
  name: 'recording',
  async send(message) {
    texts.push(message);
    return { providerMessageId: `rec-${texts.length}` };
  },
};
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const LINK = /http:\/\/localhost:3000\/([sf])\/([A-Za-z0-9_-]{22})/;

let h: GatewayHarness;
let ownerToken: string;
let bookingId: string;
const passengerPhone = freshPhone();

beforeAll(async () => {
  h = await bootGateway({ messagingSms: recording });
  const ownerPhone = freshPhone();
  ({ token: ownerToken } = await h.signIn(ownerPhone, { operatorName: 'Konkan Cabs' }));
  const owner = h.client(() => bearer(ownerToken));
  // The operator texts its passengers (its own flag, off for a new operator), and messaging has heard so.
  const { tenant } = await owner.user.me.query();
  await owner.user.updateProfile.mutate({ name: 'Owner', phone: ownerPhone, autoSendPassengerSms: true });
  await eventually(
    () =>
      h.database.db.readAsSystem((tx) =>
        rows<{ on: boolean }>(
          tx,
          sql`select auto_send_passenger_sms as on from messaging.operators where tenant_id = ${tenant.id}`,
        ),
      ),
    (found) => found[0]?.on === true,
  );
  const masters = await bookingMasters(owner);
  // The name passengers see is the business settings' (shown to drivers and passengers).
  await owner.masters.business_settings.save.mutate({ values: { business_name: 'Konkan Cabs' } });
  await owner.masters.customer.update.mutate({
    id: masters.customerId,
    values: { name: 'Acme Corp', show_charges_on_digital_slip: true },
  });
  const driverPhone = freshPhone();
  const driver = await owner.masters.driver.create.mutate({
    values: { name: 'Ravi Kumar', phone: driverPhone },
  });
  const vehicle = await owner.masters.vehicle.create.mutate({
    values: {
      vehicle_no: 'MH12AB1001',
      vehicle_model: 'Dzire',
      vehicle_group_id: masters.vehicleGroupId,
      vehicle_fuel_type: 'DIESEL',
      driver_id: driver.id,
    },
  });
  await owner.masters.rate_card.create.mutate({
    values: {
      name: 'Acme 2026',
      party: 'CUSTOMER',
      customer_id: masters.customerId,
      duty_type_id: masters.dutyTypeId,
      vehicle_group_id: masters.vehicleGroupId,
      contract_start: '2020-01-01',
      contract_end: '2099-12-31',
      normal_rate: '2000',
      extra_km_rate: '14',
      extra_hour_rate: '150',
    },
  });
  const today = operatorDate(new Date());
  const { booking } = await owner.booking.create.mutate({
    ...masters,
    fromCityId: 'mh-pune',
    reportingDate: today,
    reportingTime: '23:30',
    reportingAddress: 'Koregaon Park, Pune',
    passengers: [{ name: 'Asha Rao', phone: passengerPhone }],
  });
  bookingId = booking.id;
  await owner.booking.allot.mutate({ id: booking.id, kind: 'OWN', vehicleId: vehicle.id });
  // It reports at 23:30, hours after the trip below begins: the office lets the driver start early.
  await owner.booking.consentEarlyStart.mutate({ id: booking.id });

  const token = await h.signInDriver(driverPhone);
  const app = h.client(() => bearer(token));
  await app.driver.answer.mutate({
    id: bookingId,
    clientActionId: randomUUID(),
    answer: 'ACCEPT',
    at: new Date(),
  });
  const started = Date.now() - 60 * 60_000;
  const trip: ['GARAGE_START' | 'DRIVER_ARRIVED' | 'DUTY_START' | 'DUTY_END' | 'GARAGE_END', string][] = [
    ['GARAGE_START', '4500'],
    ['DRIVER_ARRIVED', '4510'],
    ['DUTY_START', '4512'],
    ['DUTY_END', '4560'],
    ['GARAGE_END', '4570'],
  ];
  for (const [i, [event, km]] of trip.entries()) {
    await app.driver.tripEvent.mutate({
      id: bookingId,
      clientActionId: randomUUID(),
      event,
      at: new Date(started + i * 10 * 60_000),
      km,
    });
  }
}, 120_000);
afterAll(() => h?.close());

const linkTo = async (purpose: 'DIGITAL_DUTY_SLIP_SMS' | 'FEEDBACK_REQUEST_SMS') => {
  const [text] = await eventually(
    async () => texts.filter((t) => t.to === passengerPhone && t.purpose === purpose),
    (found) => found.length > 0,
  );
  const link = LINK.exec(text!.text);
  if (!link) throw new Error(`no link in ${text!.text}`);
  return { url: link[0], token: link[2]! };
};

it('texts the passenger a short link that leads to the slip, which anyone holding it reads without signing in', async () => {
  const { url, token } = await linkTo('DIGITAL_DUTY_SLIP_SMS');
  const short = await fetch(`${h.baseUrl}${new URL(url).pathname}`, { redirect: 'manual' });
  expect([short.status, short.headers.get('location')]).toEqual([302, `/digital-duty-slip/${token}`]);

  const read = await h.query('publicSlip.get', { token });
  expect(read.status).toBe(200);
  expect(read.body.result?.data).toMatchObject({
    operatorName: 'Konkan Cabs',
    passengerName: 'Asha Rao',
    chargesShown: true,
    approval: { state: 'PENDING' },
    mapTileUrl: null,
  });
  const slip = read.body.result?.data as { points: { point: string }[]; approval: Record<string, unknown> };
  expect(slip.points.map((p) => p.point)).toEqual([
    'GARAGE_START',
    'ARRIVAL',
    'DUTY_START',
    'DUTY_END',
    'GARAGE_END',
  ]);
  expect(slip.approval).not.toHaveProperty('signatureFileId');
});

it('answers any token that opens nothing with the same 404, whatever is wrong with it', async () => {
  const { token } = await linkTo('DIGITAL_DUTY_SLIP_SMS');
  const { token: feedbackToken } = await linkTo('FEEDBACK_REQUEST_SMS');
  const forged = `${token.slice(0, 20)}${token.endsWith('xy') ? 'zz' : 'xy'}`;
  const answers = await Promise.all([
    h.query('publicSlip.get', { token: forged }),
    h.query('publicSlip.get', { token: feedbackToken }),
    h.query('publicFeedback.get', { token }),
    h.query('publicSlip.get', { token: 'nothing like a token' }),
  ]);
  expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
  expect(new Set(answers.map((a) => a.body.error?.message)).size).toBe(1);
});

it('takes the passenger’s answer once, signed, and shows it to staff', async () => {
  const { token } = await linkTo('DIGITAL_DUTY_SLIP_SMS');
  const unsaid = await h.mutate('publicSlip.answer', { token, decision: 'REJECT' });
  expect(unsaid.status).toBe(400);
  const accepted = await h.mutate('publicSlip.answer', {
    token,
    decision: 'ACCEPT',
    signature: PNG_DATA_URL,
  });
  expect(accepted.status).toBe(200);
  expect(accepted.body.result?.data).toMatchObject({ approval: { state: 'ACCEPTED' } });
  const again = await h.mutate('publicSlip.answer', { token, decision: 'REJECT', reason: 'No' });
  expect(again.status).toBe(412);

  const owner = h.client(() => bearer(ownerToken));
  const { slipApproval } = await owner.booking.get.query({ id: bookingId });
  expect(slipApproval).toMatchObject({ state: 'ACCEPTED', changedSinceAnswer: false });
  expect(slipApproval?.contentHash).toMatch(/^[0-9a-f]{64}$/);
});

it('asks the passenger’s feedback once and lists it for staff who may see bookings', async () => {
  const { url, token } = await linkTo('FEEDBACK_REQUEST_SMS');
  const short = await fetch(`${h.baseUrl}${new URL(url).pathname}`, { redirect: 'manual' });
  expect(short.headers.get('location')).toBe(`/feedback/${token}`);
  const form = await h.query('publicFeedback.get', { token });
  expect(form.body.result?.data).toMatchObject({ formName: 'How was your trip?', answered: false });
  const missing = await h.mutate('publicFeedback.answer', { token, answers: ['', '', ''] });
  expect(missing.status).toBe(400);
  const sent = await h.mutate('publicFeedback.answer', {
    token,
    answers: ['Excellent', 'Yes', 'Lovely car'],
  });
  expect(sent.body.result?.data).toMatchObject({ answered: true });
  expect((await h.mutate('publicFeedback.answer', { token, answers: ['Good'] })).status).toBe(412);

  const owner = h.client(() => bearer(ownerToken));
  const { items } = await owner.feedback.list.query({});
  expect(items.map((f) => [f.bookingId, f.customerName, f.answers.map((a) => a.values)])).toEqual([
    [bookingId, 'Acme Corp', [['Excellent'], ['Yes'], ['Lovely car']]],
  ]);
  expect((await h.query('feedback.list', {})).status).toBe(401);
  const { feedback } = await owner.booking.get.query({ id: bookingId });
  expect(feedback?.formName).toBe('How was your trip?');
});

describe('the public procedures’ rate limit', () => {
  let limited: GatewayHarness;
  beforeAll(async () => {
    limited = await bootGateway({ env: { RATE_LIMIT_PER_MINUTE: '10' } });
  }, 60_000);
  afterAll(() => limited?.close());

  it('charges each client address, and answers 429 with Retry-After once its budget is spent', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await limited.query('publicSlip.get', { token: 'A'.repeat(22) }, from('10.9.9.9'))).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    const spent = await limited.query('publicFeedback.get', { token: 'A'.repeat(22) }, from('10.9.9.9'));
    expect(spent.status).toBe(429);
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
    const elsewhere = await limited.query('publicSlip.get', { token: 'A'.repeat(22) }, from('10.9.9.10'));
    expect(elsewhere.status).toBe(404);
    const refused = await expectTrpcError(limited.client().feedback.list.query({}));
    expect(refused.data?.code).toBe('UNAUTHORIZED');
  });
});
