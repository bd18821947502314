// Texts carrying a link to a passenger's page: a closed duty's digital slip sends its passengers the
// DIGITAL_DUTY_SLIP_SMS, and the feedback request carries its form's link; each link is asked from a
// real bookings service when the text is sent, on PUBLIC_BASE_URL's short path, and opens its page,
// while the log keeps the text with the variable, never the link. A link bookings refuses fails the
// text for good.
import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { callAs, rows, SYSTEM_PERMISSION, serviceCaller } from '@fleet/platform';
import { connectorTo } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { insertMessages } from '../src/storage/messages-store';
import {
  type BookingsHarness,
  bookingMasters,
  bootBookings,
  bootMessaging,
  eventually,
  type MessagingHarness,
  recordingSms,
  takeBooking,
} from './support';

const tenantId = randomUUID();
const PASSENGER = '+919800000202';
let bookings: BookingsHarness;
let h: MessagingHarness;
const sms = recordingSms();
const gateway = () => callAs(serviceCaller('gateway', { permissions: [SYSTEM_PERMISSION.servePublicPages] }));

beforeAll(async () => {
  bookings = await bootBookings();
  h = await bootMessaging({
    sms,
    connect: connectorTo(bookings),
    testBus: bookings.testBus,
    publicBaseUrl: 'https://ops.konkancabs.in/',
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await bookings?.close();
});

/** A duty whose slip staff record as it came from the driver app, closed. */
async function closedDigitalDuty() {
  const masters = await bookingMasters(bookings, tenantId);
  const record = async (kind: string, values: Record<string, unknown>) => {
    const { record } = await bookings.masters.client.createRecord(
      { kind, valuesJson: JSON.stringify(values) },
      callAs(bookings.masters.callerFor(tenantId)),
    );
    return record!.id;
  };
  const driver = await record('driver', { name: 'Ravi Kumar', phone: '+919811100009' });
  const vehicle = await record('vehicle', {
    vehicle_no: 'MH12AB9001',
    vehicle_model: 'Dzire',
    vehicle_group_id: masters.vehicleGroupId,
    vehicle_fuel_type: 'DIESEL',
    driver_id: driver,
  });
  await record('rate_card', {
    name: 'Acme',
    party: 'CUSTOMER',
    customer_id: masters.customerId,
    duty_type_id: masters.dutyTypeId,
    vehicle_group_id: masters.vehicleGroupId,
    contract_start: '2026-04-01',
    contract_end: '2027-03-31',
    normal_rate: '2000',
  });
  const id = await takeBooking(bookings, tenantId, masters, [{ name: 'Meera', phone: PASSENGER }]);
  const staff = callAs(bookings.callerFor(tenantId));
  await bookings.client.allotDuty({ id, kind: 'OWN', vehicleId: vehicle, overrideReason: 'Test' }, staff);
  const at = (local: string) => timestampFromDate(new Date(`${local}+05:30`));
  await bookings.client.recordDutySlip(
    {
      id,
      variant: 'SALES',
      medium: 'DIGITAL_DUTY_SLIP',
      points: [
        { point: 'GARAGE_START', at: at('2026-12-01T08:00'), km: '100', location: '', fileId: '' },
        { point: 'DUTY_START', at: at('2026-12-01T08:30'), km: '110', location: '', fileId: '' },
        { point: 'DUTY_END', at: at('2026-12-01T16:30'), km: '170', location: '', fileId: '' },
        { point: 'GARAGE_END', at: at('2026-12-01T17:00'), km: '180', location: '', fileId: '' },
      ],
    },
    staff,
  );
  await bookings.client.closeDuty({ id }, staff);
  return id;
}

const LINK = /https:\/\/ops\.konkancabs\.in\/([sf])\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/;

it('texts the passengers a link to approve the slip, and to give feedback, each made when sent', async () => {
  const id = await closedDigitalDuty();
  const sent = await eventually(
    async () => sms.sent.filter((m) => m.to === PASSENGER),
    (texts) =>
      texts.some((t) => t.purpose === 'DIGITAL_DUTY_SLIP_SMS') &&
      texts.some((t) => t.purpose === 'FEEDBACK_REQUEST_SMS'),
  );
  const slipText = sent.find((t) => t.purpose === 'DIGITAL_DUTY_SLIP_SMS')!;
  const slipLink = LINK.exec(slipText.text);
  expect(slipLink?.[1]).toBe('s');
  expect(slipText.variables).toMatchObject({ slipLink: slipLink![0] });
  expect(slipText.text).toContain('Please check and sign it');

  const feedbackText = sent.find((t) => t.purpose === 'FEEDBACK_REQUEST_SMS')!;
  const feedbackLink = LINK.exec(feedbackText.text);
  expect(feedbackLink?.[1]).toBe('f');

  const { slip } = await bookings.client.getPublicSlip({ token: slipLink![2]! }, gateway());
  expect([slip!.passengerName, slip!.approval!.state]).toEqual(['Meera', 'PENDING']);
  const { feedback } = await bookings.client.getPublicFeedback({ token: feedbackLink![2]! }, gateway());
  expect(feedback!.answered).toBe(false);

  const logged = await h.database.db.readAsSystem((tx) =>
    rows<{ type: string; text: string; variables: Record<string, string> }>(
      tx,
      sql`select type, text, variables from messaging.messages where booking_id = ${id} and channel = 'SMS'`,
    ),
  );
  const slipRow = logged.find((r) => r.type === 'DIGITAL_DUTY_SLIP_SMS')!;
  expect(slipRow.text).toContain('{slipLink}');
  expect(slipRow.variables.slipLink).toBe('{slipLink}');
  for (const row of logged) {
    expect(row.text).not.toContain(slipLink![2]);
    expect(row.text).not.toContain(feedbackLink![2]);
  }
});

it('fails a text for good when bookings will not link its page', async () => {
  const [row] = await h.database.db.withTenant(tenantId, (tx) =>
    insertMessages(tx, [
      {
        tenantId,
        eventId: randomUUID(),
        type: 'DIGITAL_DUTY_SLIP_SMS',
        channel: 'SMS',
        role: 'PASSENGER',
        name: 'Meera',
        phone: '+919800000203',
        email: '',
        subject: '',
        attachments: [],
        bookingId: randomUUID(),
        bookingNo: '99',
        text: 'Sign your slip: {slipLink}',
        variables: { slipLink: '{slipLink}' },
      },
    ]),
  );
  const [failed] = await eventually(
    () =>
      h.database.db.readAsSystem((tx) =>
        rows<{ status: string; error: string; attempts: number; next: Date | null }>(
          tx,
          sql`select status, error, attempts, next_attempt_at as next from messaging.messages where id = ${row!.id}`,
        ),
      ),
    (found) => found[0]?.status === 'FAILED',
  );
  expect(failed).toMatchObject({ attempts: 1, next: null });
  expect(failed!.error).toMatch(/^its link could not be made/);
  expect(sms.sent.some((m) => m.to === '+919800000203')).toBe(false);
});
