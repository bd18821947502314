// RecordDeliveryReports over messaging's gRPC routes: only the gateway, as the system, may record what a
// provider reported; a report matches a SENT message by provider, request id and number, moves it once,
// never undoes DELIVERED, and tells the operator by an event. Bad input is refused naming the field.
import { randomUUID } from 'node:crypto';
import { allPermissionIds } from '@fleet/domain';
import { callAs, rows, SYSTEM_PERMISSION, serviceCaller } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { insertMessages, recordSent } from '../src/storage/messages-store';
import { bootMessaging, type MessagingHarness, recordingSms } from './support';

let h: MessagingHarness;
beforeAll(async () => {
  h = await bootMessaging({ sms: recordingSms() });
  await h.module.delivery.stop();
});
afterAll(() => h?.close());

const gateway = () =>
  callAs(serviceCaller('gateway', { permissions: [SYSTEM_PERMISSION.recordDeliveryReports] }));

/** A text MSG91 took, under request id `requestId`. */
async function sentText(tenantId: string, phone: string, requestId: string) {
  await h.database.db.withTenant(tenantId, async (tx) => {
    const [row] = await insertMessages(tx, [
      {
        tenantId,
        eventId: randomUUID(),
        type: 'CONFIRMATION_SMS',
        role: 'PASSENGER',
        name: 'Meera',
        phone,
        bookingId: randomUUID(),
        bookingNo: '17',
        text: 'Booking #00000017 is confirmed.',
        variables: {},
      },
    ]);
    if (!row) throw new Error('not written');
    await recordSent(tx, row.id, { provider: 'msg91', providerMessageId: requestId });
  });
}

const stateOf = (phone: string) =>
  h.database.db.readAsSystem((tx) =>
    rows<{ deliveryStatus: string | null; deliveryError: string | null }>(
      tx,
      sql`select delivery_status as "deliveryStatus", delivery_error as "deliveryError"
          from messaging.messages where recipient_phone = ${phone}`,
    ),
  );

const events = () =>
  h.database.db.readAsSystem((tx) =>
    rows<{ subject: string }>(
      tx,
      sql`select subject from messaging.outbox where subject = 'fleet.messaging.message.delivery_reported'`,
    ),
  );

const report = (requestId: string, phone: string, status = 'DELIVERED', error = '') => ({
  providerMessageId: requestId,
  recipientPhone: phone,
  status,
  error,
});

it('refuses staff, however many permissions they hold, and services other than the gateway', async () => {
  const tenantId = randomUUID();
  await sentText(tenantId, '+919800000501', 'req501');
  const input = { provider: 'msg91', reports: [report('req501', '+919800000501')] };
  for (const caller of [
    callAs(h.callerFor(tenantId, [...allPermissionIds(), SYSTEM_PERMISSION.recordDeliveryReports])),
    callAs(serviceCaller('bookings', { permissions: [SYSTEM_PERMISSION.recordDeliveryReports] })),
    callAs(serviceCaller('gateway', { permissions: [SYSTEM_PERMISSION.sendSignInCode] })),
  ]) {
    expect((await expectDomainError(h.client.recordDeliveryReports(input, caller))).code).toBe(
      'PERMISSION_DENIED',
    );
  }
  expect(await stateOf('+919800000501')).toEqual([{ deliveryStatus: null, deliveryError: null }]);
});

it('records a report once, takes a later delivery over a failure, never undoes DELIVERED, and tells the operator', async () => {
  const tenantId = randomUUID();
  await sentText(tenantId, '+919800000502', 'req502');
  const before = (await events()).length;
  const failed = report('req502', '+919800000502', 'UNDELIVERED', 'Absent subscriber');
  expect(
    (await h.client.recordDeliveryReports({ provider: 'msg91', reports: [failed] }, gateway())).changed,
  ).toBe(1);
  expect(await stateOf('+919800000502')).toEqual([
    { deliveryStatus: 'UNDELIVERED', deliveryError: 'Absent subscriber' },
  ]);
  expect(
    (await h.client.recordDeliveryReports({ provider: 'msg91', reports: [failed] }, gateway())).changed,
  ).toBe(0);
  const delivered = report('req502', '+919800000502');
  expect(
    (await h.client.recordDeliveryReports({ provider: 'msg91', reports: [delivered] }, gateway())).changed,
  ).toBe(1);
  expect(
    (await h.client.recordDeliveryReports({ provider: 'msg91', reports: [failed] }, gateway())).changed,
  ).toBe(0);
  expect(await stateOf('+919800000502')).toEqual([{ deliveryStatus: 'DELIVERED', deliveryError: null }]);
  expect((await events()).length - before).toBe(2);
  // Another number under the same request id, or another provider's id, matches nothing.
  const stray = [report('req502', '+919800000599'), report('other', '+919800000502')];
  expect(
    (await h.client.recordDeliveryReports({ provider: 'msg91', reports: stray }, gateway())).changed,
  ).toBe(0);
});

it('refuses malformed reports naming the field, and records none of the call', async () => {
  const tenantId = randomUUID();
  await sentText(tenantId, '+919800000503', 'req503');
  const cases: [unknown[], string, string][] = [
    [[report('req503', '+919800000503'), report('req503', '9800000503')], 'msg91', 'reports.1.phone'],
    [[report('req503', '+919800000503', 'READ')], 'msg91', 'reports.0.status'],
    [[report('', '+919800000503')], 'msg91', 'reports.0.providerMessageId'],
    [[report('req503', '+919800000503')], 'twilio', 'provider'],
    [[], 'msg91', 'reports'],
  ];
  for (const [reports, provider, field] of cases) {
    const error = await expectDomainError(
      h.client.recordDeliveryReports(
        { provider, reports: reports as ReturnType<typeof report>[] },
        gateway(),
      ),
    );
    expect([error.code, error.fieldViolations.map((v) => v.field)]).toEqual(['INVALID_ARGUMENT', [field]]);
  }
  expect(await stateOf('+919800000503')).toEqual([{ deliveryStatus: null, deliveryError: null }]);
});
