// The passenger's pages through bookings' gRPC routes: a duty run in the driver app closes with its
// digital slip awaiting the passenger; messaging gets links whose tokens bookings never keeps; a token
// opens one page of one duty and any other token is "not found" alike; the slip is answered once, or
// counts as accepted at its due time; the answer's fingerprint shows a later change; feedback is asked
// on the right form, checked against it, and taken once.
import { randomUUID } from 'node:crypto';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { allPermissionIds, PERMISSION } from '@fleet/domain';
import { callAs, rows, SYSTEM_PERMISSION, serviceCaller } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

const START = new Date('2026-11-25T12:00:00Z');
let now = START;
let h: BookingsHarness;
const T = randomUUID();
let customerId: string;
let otherCustomerId: string;
let dutyTypeId: string;
let vehicleGroupId: string;
let vehicleId: string;
let driverId: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function master(kind: string, values: Record<string, unknown>) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(T)),
  );
  return record!.id;
}

const rateCardFor = (customer: string) =>
  master('rate_card', {
    name: `Card ${customer.slice(0, 8)}`,
    party: 'CUSTOMER',
    customer_id: customer,
    duty_type_id: dutyTypeId,
    vehicle_group_id: vehicleGroupId,
    contract_start: '2026-04-01',
    contract_end: '2027-03-31',
    normal_rate: '2000',
    extra_km_rate: '14',
    extra_hour_rate: '150',
  });

const staff = (permissions: string[] = allPermissionIds()) => callAs(h.callerFor(T, permissions));
const ravi = () => callAs({ ...h.callerFor(T, []), role: 'DRIVER', driverId });
const messaging = (tenantId = T) =>
  callAs(serviceCaller('messaging', { tenantId, permissions: [SYSTEM_PERMISSION.issuePublicLinks] }));
const gateway = () => callAs(serviceCaller('gateway', { permissions: [SYSTEM_PERMISSION.servePublicPages] }));
const at = (local: string) => timestampFromDate(new Date(`${local}+05:30`));

beforeAll(async () => {
  h = await bootBookings({ clock: () => now });
  customerId = await master('customer', { name: 'Acme Corp', show_charges_on_digital_slip: true });
  otherCustomerId = await master('customer', { name: 'Beta Ltd', slip_auto_accept_hours: 6 });
  dutyTypeId = await master('duty_type', {
    name: '8 Hrs 80 Kms',
    type: 'HR_KM',
    max_km: 80,
    max_hr: 8,
    is_g2g: true,
  });
  vehicleGroupId = await master('vehicle_group', { name: 'Sedan' });
  driverId = await master('driver', { name: 'Ravi Kumar', phone: '+919811100001' });
  vehicleId = await master('vehicle', {
    vehicle_no: 'MH12AB1001',
    vehicle_model: 'Dzire',
    vehicle_group_id: vehicleGroupId,
    vehicle_fuel_type: 'DIESEL',
    driver_id: driverId,
  });
  for (const customer of [customerId, otherCustomerId]) await rateCardFor(customer);
  await h.masters.client.saveSettings(
    { kind: 'business_settings', valuesJson: JSON.stringify({ business_name: 'Konkan Cabs' }) },
    callAs(h.masters.callerFor(T)),
  );
});
afterAll(() => h?.close());
beforeEach(() => {
  now = START;
});

/**
 * A duty for `customer` run in the driver app from garage start to garage end (closed, priced); with
 * `signatureFileId`, the passenger signed on the driver's phone at duty end.
 */
async function dutyRunInTheApp(customer = customerId, signatureFileId = '') {
  const draft = {
    customerId: customer,
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId,
    reportingDate: '2026-11-25',
    reportingTime: '08:30',
    reportingAddress: 'Aundh, Pune',
  };
  const { booking } = await h.client.createBooking({ draftJson: JSON.stringify(draft) }, staff());
  const id = booking!.id;
  await h.client.allotDuty(
    { id, kind: 'OWN', vehicleId, overrideReason: 'Many duties in the test' },
    staff(),
  );
  const trip: [string, string, string][] = [
    ['GARAGE_START', '2026-11-25T08:00', '5000'],
    ['DRIVER_ARRIVED', '2026-11-25T08:25', '5010'],
    ['DUTY_START', '2026-11-25T08:40', '5012'],
    ['DUTY_END', '2026-11-25T16:30', '5096'],
    ['GARAGE_END', '2026-11-25T17:15', '5108'],
  ];
  for (const [event, local, km] of trip) {
    await h.client.recordTripEvent(
      {
        id,
        clientActionId: randomUUID(),
        event,
        at: at(local),
        km,
        location: 'Pune',
        signatureFileId: event === 'DUTY_END' ? signatureFileId : '',
      },
      ravi(),
    );
  }
  return id;
}

const linkFor = async (bookingId: string, purpose: 'DIGITAL_DUTY_SLIP' | 'FEEDBACK') =>
  (await h.client.issuePublicLink({ bookingId, purpose }, messaging())).token;

it('asks the passenger to approve a digital slip when its duty closes, due in the customer’s hours or 48', async () => {
  const id = await dutyRunInTheApp();
  const read = await h.client.getBooking({ id }, staff([PERMISSION.view_booking]));
  expect(read.booking!.status).toBe('CLOSED');
  const approval = read.slipApproval!;
  expect(approval.state).toBe('PENDING');
  expect(timestampDate(approval.dueAt!).getTime() - START.getTime()).toBe(48 * 3600_000);
  expect(read.activity.map((a) => [a.actor, a.action])).toContainEqual(['SYSTEM', 'slipApprovalRequested']);

  const beta = await dutyRunInTheApp(otherCustomerId);
  const betaApproval = (await h.client.getBooking({ id: beta }, staff())).slipApproval!;
  expect(timestampDate(betaApproval.dueAt!).getTime() - START.getTime()).toBe(6 * 3600_000);

  const published = await h.database.db.readAsSystem((tx) =>
    rows<{ subject: string }>(
      tx,
      sql`select subject from bookings.outbox where subject like 'fleet.bookings.slip_approval.%'`,
    ),
  );
  expect(published.map((p) => p.subject)).toContain('fleet.bookings.slip_approval.requested');
});

it('asks nothing of a duty closed by staff on a hard-copy slip', async () => {
  const draft = {
    customerId,
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId,
    reportingDate: '2026-11-24',
    reportingTime: '08:30',
    reportingAddress: 'Aundh, Pune',
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
  };
  const { booking } = await h.client.createBooking({ draftJson: JSON.stringify(draft) }, staff());
  const id = booking!.id;
  await h.client.allotDuty({ id, kind: 'OWN', vehicleId, overrideReason: 'Test' }, staff());
  await h.client.recordDutySlip(
    {
      id,
      variant: 'SALES',
      medium: 'HARD_COPY',
      points: [
        { point: 'GARAGE_START', at: at('2026-11-24T08:00'), km: '100', location: '', fileId: '' },
        { point: 'DUTY_START', at: at('2026-11-24T08:30'), km: '110', location: '', fileId: '' },
        { point: 'DUTY_END', at: at('2026-11-24T16:30'), km: '180', location: '', fileId: '' },
        { point: 'GARAGE_END', at: at('2026-11-24T17:00'), km: '190', location: '', fileId: '' },
      ],
    },
    staff(),
  );
  await h.client.closeDuty({ id }, staff());
  const read = await h.client.getBooking({ id }, staff());
  expect([read.booking!.status, read.slipApproval]).toEqual(['CLOSED', undefined]);
  const refused = await expectDomainError(
    h.client.issuePublicLink({ bookingId: id, purpose: 'DIGITAL_DUTY_SLIP' }, messaging()),
  );
  expect(refused.reason).toBe('NO_DIGITAL_SLIP');
});

it('opens one duty’s slip by its token, and answers every other token the same “not found”', async () => {
  const id = await dutyRunInTheApp();
  const other = await dutyRunInTheApp();
  const token = await linkFor(id, 'DIGITAL_DUTY_SLIP');
  expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);

  const { slip } = await h.client.getPublicSlip({ token }, gateway());
  expect(slip).toMatchObject({
    operatorName: 'Konkan Cabs',
    passengerName: 'Asha Rao',
    totalKm: '108.0',
    totalMinutes: 555,
    chargesShown: true,
    chargesTotal: '2579.50',
    route: [],
  });
  expect(slip!.points.map((p) => [p.point, p.km])).toEqual([
    ['GARAGE_START', '5000.0'],
    ['ARRIVAL', '5010.0'],
    ['DUTY_START', '5012.0'],
    ['DUTY_END', '5096.0'],
    ['GARAGE_END', '5108.0'],
  ]);
  const read = await h.client.getBooking({ id }, staff());
  expect(slip!.bookingNo).toBe(read.booking!.bookingNo);
  expect(slip!.bookingNo).not.toBe((await h.client.getBooking({ id: other }, staff())).booking!.bookingNo);

  const feedbackToken = await linkFor(id, 'FEEDBACK');
  const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
  now = new Date(START.getTime() + 31 * 86_400_000 + 48 * 3600_000);
  const expired = await expectDomainError(h.client.getPublicSlip({ token }, gateway()));
  now = START;
  const refusals = [
    expired,
    await expectDomainError(h.client.getPublicSlip({ token: forged }, gateway())),
    await expectDomainError(h.client.getPublicSlip({ token: feedbackToken }, gateway())),
    await expectDomainError(h.client.getPublicSlip({ token: 'not a token at all' }, gateway())),
    await expectDomainError(
      h.client.answerPublicSlip({ token: feedbackToken, decision: 'REJECT', reason: 'x' }, gateway()),
    ),
  ];
  expect(new Set(refusals.map((e) => `${e.code} ${e.reason} ${e.message}`)).size).toBe(1);
  expect(refusals[0]!.code).toBe('NOT_FOUND');

  // Only the gateway passes on visits, and only messaging asks for links.
  const asStaff = await expectDomainError(h.client.getPublicSlip({ token }, staff()));
  expect(asStaff.code).toBe('PERMISSION_DENIED');
  const staffLink = await expectDomainError(
    h.client.issuePublicLink({ bookingId: id, purpose: 'FEEDBACK' }, staff()),
  );
  expect(staffLink.code).toBe('PERMISSION_DENIED');
  const wrongOperator = await expectDomainError(
    h.client.issuePublicLink({ bookingId: id, purpose: 'FEEDBACK' }, messaging(randomUUID())),
  );
  expect(wrongOperator.code).toBe('NOT_FOUND');
});

it('never keeps a token: only its hash is stored, and no event carries it', async () => {
  const id = await dutyRunInTheApp();
  const token = await linkFor(id, 'DIGITAL_DUTY_SLIP');
  const found = await h.database.db.readAsSystem((tx) =>
    rows<{ links: number; events: number }>(
      tx,
      sql`select
            (select count(*)::int from bookings.public_links l where position(${token} in l::text) > 0) as links,
            (select count(*)::int from bookings.outbox o
              where position(convert_to(${token}, 'UTF8') in o.payload) > 0) as events`,
    ),
  );
  expect(found[0]).toEqual({ links: 0, events: 0 });
  const hashed = await h.database.db.readAsSystem((tx) =>
    rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from bookings.public_links where token_hash = sha256(convert_to(${token}, 'UTF8'))`,
    ),
  );
  expect(hashed[0]!.n).toBe(1);
});

it('takes the passenger’s answer once: accepted with a signature, or rejected with a reason', async () => {
  const id = await dutyRunInTheApp();
  const token = await linkFor(id, 'DIGITAL_DUTY_SLIP');
  const unsigned = await expectDomainError(
    h.client.answerPublicSlip({ token, decision: 'ACCEPT' }, gateway()),
  );
  expect(unsigned.fieldViolations.map((v) => v.field)).toEqual(['signature']);
  const notPng = await expectDomainError(
    h.client.answerPublicSlip(
      { token, decision: 'ACCEPT', signaturePng: Buffer.from('%PDF-1.4') },
      gateway(),
    ),
  );
  expect(notPng.fieldViolations.map((v) => v.field)).toEqual(['signature']);
  const noReason = await expectDomainError(
    h.client.answerPublicSlip({ token, decision: 'REJECT' }, gateway()),
  );
  expect(noReason.fieldViolations.map((v) => v.field)).toEqual(['reason']);

  now = new Date(START.getTime() + 3600_000);
  const { slip } = await h.client.answerPublicSlip(
    { token, decision: 'ACCEPT', signaturePng: PNG },
    gateway(),
  );
  expect(slip!.approval).toMatchObject({ state: 'ACCEPTED', reason: '' });
  expect(slip!.approval!.contentHash).toMatch(/^[0-9a-f]{64}$/);
  expect(timestampDate(slip!.approval!.answeredAt!)).toEqual(now);

  const again = await expectDomainError(
    h.client.answerPublicSlip({ token, decision: 'REJECT', reason: 'Changed my mind' }, gateway()),
  );
  expect([again.code, again.reason]).toEqual(['FAILED_PRECONDITION', 'ALREADY_ANSWERED']);

  const read = await h.client.getBooking({ id }, staff());
  expect(read.slipApproval).toMatchObject({ state: 'ACCEPTED', changedSinceAnswer: false });
  expect(read.slipApproval!.signatureFileId).not.toBe('');
  expect(read.activity.map((a) => [a.actor, a.action])).toContainEqual([
    'CUSTOMER',
    'slipAcceptedByPassenger',
  ]);

  const rejected = await dutyRunInTheApp();
  const rejectToken = await linkFor(rejected, 'DIGITAL_DUTY_SLIP');
  const answered = await h.client.answerPublicSlip(
    { token: rejectToken, decision: 'REJECT', reason: 'The garage end km is too high' },
    gateway(),
  );
  expect(answered.slip!.approval).toMatchObject({
    state: 'REJECTED',
    reason: 'The garage end km is too high',
  });
});

it('shows a slip the passenger signed on the driver’s phone as signed, and takes its acceptance without signing again', async () => {
  const { file } = await h.masters.client.uploadFile(
    { fileName: 'signature.png', content: PNG, kind: 'booking', field: 'slip_photo' },
    ravi(),
  );
  const id = await dutyRunInTheApp(customerId, file!.id);
  const token = await linkFor(id, 'DIGITAL_DUTY_SLIP');
  const { slip } = await h.client.getPublicSlip({ token }, gateway());
  expect(slip!.approval!.state).toBe('PENDING');
  expect(slip!.signedOnDriverPhone).toBe(true);
  expect(timestampDate(slip!.signedOnDriverPhoneAt!)).toEqual(new Date('2026-11-25T16:30:00+05:30'));

  const twice = await expectDomainError(
    h.client.answerPublicSlip({ token, decision: 'ACCEPT', signaturePng: PNG }, gateway()),
  );
  expect(twice.fieldViolations).toEqual([
    {
      field: 'signature',
      message: 'You signed this slip on the driver’s phone already; accept it without signing again.',
    },
  ]);
  const { slip: accepted } = await h.client.answerPublicSlip({ token, decision: 'ACCEPT' }, gateway());
  expect([accepted!.approval!.state, accepted!.signedOnDriverPhone]).toEqual(['ACCEPTED', true]);
  const read = await h.client.getBooking({ id }, staff());
  expect(read.slipApproval!.signatureFileId).toBe(file!.id);

  // A duty the passenger did not sign on the phone still asks for the signature on the page.
  const unsignedId = await dutyRunInTheApp();
  const unsigned = (
    await h.client.getPublicSlip({ token: await linkFor(unsignedId, 'DIGITAL_DUTY_SLIP') }, gateway())
  ).slip!;
  expect([unsigned.signedOnDriverPhone, unsigned.signedOnDriverPhoneAt]).toEqual([false, undefined]);
});

it('counts an unanswered slip as accepted at its due time, and refuses an answer after it', async () => {
  const id = await dutyRunInTheApp();
  const token = await linkFor(id, 'DIGITAL_DUTY_SLIP');
  now = new Date(START.getTime() + 47 * 3600_000);
  await h.module.slipAutoAccept.drain();
  expect((await h.client.getPublicSlip({ token }, gateway())).slip!.approval!.state).toBe('PENDING');

  now = new Date(START.getTime() + 48 * 3600_000);
  const late = await expectDomainError(
    h.client.answerPublicSlip({ token, decision: 'REJECT', reason: 'Too late?' }, gateway()),
  );
  expect(late.reason).toBe('ANSWER_TOO_LATE');
  expect(await h.module.slipAutoAccept.drain()).toBeGreaterThanOrEqual(1);
  expect(await h.module.slipAutoAccept.drain()).toBe(0);
  const { slip } = await h.client.getPublicSlip({ token }, gateway());
  expect(slip!.approval!.state).toBe('AUTO_ACCEPTED');
  expect(timestampDate(slip!.approval!.answeredAt!)).toEqual(new Date(START.getTime() + 48 * 3600_000));
  const read = await h.client.getBooking({ id }, staff());
  expect(read.activity.map((a) => [a.actor, a.action])).toContainEqual(['SYSTEM', 'slipAutoAccepted']);
});

it('shows staff when the slip changed after the passenger’s answer', async () => {
  const id = await dutyRunInTheApp();
  const token = await linkFor(id, 'DIGITAL_DUTY_SLIP');
  const { slip } = await h.client.answerPublicSlip(
    { token, decision: 'ACCEPT', signaturePng: PNG },
    gateway(),
  );
  const answeredHash = slip!.approval!.contentHash;

  const read = await h.client.getBooking({ id }, staff());
  expect(read.slipApproval!.changedSinceAnswer).toBe(false);
  await h.client.adjustDutyCharges(
    { id, allowances: [{ code: 'NIGHT_ALLOWANCE', amount: '300' }], reason: 'Late return' },
    staff(),
  );
  const changed = await h.client.getBooking({ id }, staff());
  expect(changed.slipApproval).toMatchObject({ changedSinceAnswer: true, contentHash: answeredHash });
});

it('asks the feedback form the customer names, else the first active one, and takes one valid answer', async () => {
  const id = await dutyRunInTheApp();
  const builtIn = await h.client.getPublicFeedback({ token: await linkFor(id, 'FEEDBACK') }, gateway());
  expect(builtIn.feedback!.formName).toBe('How was your trip?');

  const first = await master('feedback_form', {
    name: 'Standard',
    questions: [
      { label: 'Rate the car', type: 'SELECT', display: 'RADIO', options: 'Clean, Dirty', is_required: true },
      {
        label: 'What did you like?',
        type: 'MULTI_SELECT',
        display: 'CHECKBOX',
        options: 'Driver, Car, Music',
      },
      { label: 'Anything else?', type: 'TEXTAREA' },
    ],
  });
  await master('feedback_form', {
    name: 'Later form',
    questions: [{ label: 'Later?', type: 'INPUT' }],
  });
  const token = await linkFor(id, 'FEEDBACK');
  const { feedback } = await h.client.getPublicFeedback({ token }, gateway());
  expect(feedback).toMatchObject({ formName: 'Standard', answered: false, operatorName: 'Konkan Cabs' });
  expect(feedback!.questions.map((q) => [q.type, q.display, q.options, q.required])).toEqual([
    ['SELECT', 'RADIO', ['Clean', 'Dirty'], true],
    ['MULTI_SELECT', 'CHECKBOX', ['Driver', 'Car', 'Music'], false],
    ['TEXTAREA', '', [], false],
  ]);

  const invalid = await expectDomainError(
    h.client.answerPublicFeedback(
      { token, answers: [{ values: [] }, { values: ['Driver', 'Snacks'] }, { values: [] }] },
      gateway(),
    ),
  );
  expect(invalid.fieldViolations.map((v) => v.field)).toEqual(['answers.0', 'answers.1']);

  const answers = [{ values: ['Clean'] }, { values: ['Music', 'Driver'] }, { values: ['  Great trip '] }];
  const answered = await h.client.answerPublicFeedback({ token, answers }, gateway());
  expect(answered.feedback!.answered).toBe(true);
  const twice = await expectDomainError(h.client.answerPublicFeedback({ token, answers }, gateway()));
  expect(twice.reason).toBe('ALREADY_ANSWERED');

  const read = await h.client.getBooking({ id }, staff());
  expect(read.feedback).toMatchObject({ formId: first, formName: 'Standard' });
  expect(read.feedback!.answers.map((a) => [a.label, a.values])).toEqual([
    ['Rate the car', ['Clean']],
    ['What did you like?', ['Driver', 'Music']],
    ['Anything else?', ['Great trip']],
  ]);
  const list = await h.client.listFeedback({ page: { limit: 10 } }, staff([PERMISSION.view_booking]));
  expect(list.responses.map((r) => [r.bookingId, r.customerName, r.passengerName])).toContainEqual([
    id,
    'Acme Corp',
    'Asha Rao',
  ]);
  const refused = await expectDomainError(h.client.listFeedback({}, staff([])));
  expect(refused.code).toBe('PERMISSION_DENIED');

  const own = await master('feedback_form', {
    name: 'Gamma form',
    questions: [{ label: 'Yes?', type: 'INPUT' }],
  });
  const gamma = await master('customer', { name: 'Gamma Pvt', feedback_form_id: own });
  await rateCardFor(gamma);
  const duty = await dutyRunInTheApp(gamma);
  const betaForm = await h.client.getPublicFeedback({ token: await linkFor(duty, 'FEEDBACK') }, gateway());
  expect(betaForm.feedback!.formName).toBe('Gamma form');
});

it('refuses a feedback link before the trip is over', async () => {
  const draft = {
    customerId,
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId,
    reportingDate: '2026-11-26',
    reportingTime: '08:30',
    reportingAddress: 'Aundh, Pune',
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
  };
  const { booking } = await h.client.createBooking({ draftJson: JSON.stringify(draft) }, staff());
  const refused = await expectDomainError(
    h.client.issuePublicLink({ bookingId: booking!.id, purpose: 'FEEDBACK' }, messaging()),
  );
  expect(refused.reason).toBe('TRIP_NOT_OVER');
});
