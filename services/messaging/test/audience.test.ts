import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { callAs, rows } from '@fleet/platform';
import { TenantCreatedSchema, UserUpdatedSchema } from '@fleet/proto/fleet/identity/v1/events_pb';
import { CustomerChangedSchema, SupplierChangedSchema } from '@fleet/proto/fleet/masters/v1/events_pb';
import { type SQL, sql } from 'drizzle-orm';
import {
  bookingEvent,
  bootMessaging,
  eventually,
  type MessagingHarness,
  publishBookingEvent,
  publishEvent,
  recordingSms,
  storedRows,
} from './support';

const at = (iso: string) => timestampFromDate(new Date(iso));
const summary = (
  rows: { type: string; recipientRole: string; recipientPhone: string; recipientEmail: string }[],
) => rows.map((r) => `${r.type} ${r.recipientRole} ${r.recipientPhone || r.recipientEmail}`).sort();

describe('who gets which message, from identity’s and masters’ events, over a real JetStream and PostgreSQL', () => {
  let h: MessagingHarness;
  const sms = recordingSms();
  beforeAll(async () => {
    h = await bootMessaging({ sms });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    sms.sent.length = 0;
    await h.database.db.asSystem((tx) => tx.execute(sql`delete from messaging.messages`));
  });

  const ownerFlags = (tenantId: string, flags: { sms: boolean; email: boolean }, updatedAt: string) =>
    publishEvent(
      h.testBus.bus,
      'fleet.identity.user.updated',
      UserUpdatedSchema,
      {
        user: {
          id: randomUUID(),
          tenantId,
          isOwner: true,
          name: 'Owner',
          phone: '+919811111111',
          autoSendPassengerSms: flags.sms,
          autoSendPassengerEmail: flags.email,
          updatedAt: at(updatedAt),
        },
      },
      tenantId,
    );

  /** Waits until the read model holds what `check` looks for. */
  const readModel = (query: SQL) => h.database.db.readAsSystem(async (tx) => (await rows(tx, query)).length);

  it('texts passengers only while the operator’s SMS flag is on, and an older account event never turns it back', async () => {
    const tenantId = randomUUID();
    await publishEvent(
      h.testBus.bus,
      'fleet.identity.tenant.created',
      TenantCreatedSchema,
      {
        tenant: { id: tenantId, name: 'Konkan Cabs', timeZone: 'Asia/Kolkata' },
        owner: {
          id: randomUUID(),
          tenantId,
          isOwner: true,
          autoSendPassengerSms: false,
          updatedAt: at('2026-01-01T00:00:00Z'),
        },
      },
      tenantId,
    );
    await eventually(
      () =>
        readModel(
          sql`select 1 from messaging.operators where tenant_id = ${tenantId} and auto_send_passenger_sms = false`,
        ),
      (n) => n === 1,
    );
    await publishBookingEvent(h.testBus.bus, 'created', bookingEvent(tenantId));
    const offRows = await eventually(
      () => storedRows(h),
      (r) => r.length === 1,
    );
    expect(summary(offRows)).toEqual(['CONFIRMATION_SMS BOOKED_BY +919800000001']);
    expect(offRows[0]?.text).toContain('- Konkan Cabs');

    await ownerFlags(tenantId, { sms: true, email: false }, '2026-02-01T00:00:00Z');
    await ownerFlags(tenantId, { sms: false, email: false }, '2026-01-15T00:00:00Z');
    await eventually(
      () =>
        readModel(
          sql`select 1 from messaging.operators where tenant_id = ${tenantId} and auto_send_passenger_sms`,
        ),
      (n) => n === 1,
    );
    // Both account events handled: the older one changed nothing.
    await eventually(
      () =>
        readModel(
          sql`select 1 from messaging.handled_events where consumer = 'messaging.operator-owner-updated'`,
        ),
      (n) => n >= 2,
    );
    await publishBookingEvent(h.testBus.bus, 'created', bookingEvent(tenantId));
    const onRows = await eventually(
      () => storedRows(h),
      (r) => r.length === 4,
    );
    expect(summary(onRows.slice(1))).toEqual([
      'CONFIRMATION_SMS BOOKED_BY +919800000001',
      'CONFIRMATION_SMS PASSENGER +919800000002',
      'CONFIRMATION_SMS PASSENGER +919800000003',
    ]);
  });

  it('keeps a customer’s passengers and booker out when masters says so, and texts the driver regardless', async () => {
    const tenantId = randomUUID();
    const customerId = randomUUID();
    await publishEvent(
      h.testBus.bus,
      'fleet.masters.customer.updated',
      CustomerChangedSchema,
      {
        tenantId,
        customer: {
          connection: {
            id: customerId,
            name: 'Acme',
            sendPassengerMessages: false,
            sendBookerMessages: false,
            updatedAt: at('2026-01-01T00:00:00Z'),
          },
        },
      },
      tenantId,
    );
    await eventually(
      () => readModel(sql`select 1 from messaging.customers where id = ${customerId}`),
      (n) => n === 1,
    );
    const booking = { customerId, driverPhone: '+919800000009', vehicleNo: 'MH01AB1234', driverName: 'Ravi' };
    const created = bookingEvent(tenantId, { booking });
    const events = [
      await publishBookingEvent(h.testBus.bus, 'created', created),
      await publishBookingEvent(
        h.testBus.bus,
        'status_changed',
        bookingEvent(tenantId, {
          action: 'allot',
          fromStatus: 'BOOKED',
          toStatus: 'ALLOTED',
          booking: { ...booking, id: created.booking?.id, version: 2, status: 'ALLOTED' },
        }),
      ),
    ];
    const ids = events.map((e) => e.id);
    await eventually(
      () =>
        readModel(
          sql`select 1 from messaging.handled_events where consumer = 'messaging.booking-texts'
              and event_id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid[])`,
        ),
      (n) => n === 2,
    );
    const rows = await storedRows(h);
    expect(summary(rows)).toEqual(['DRIVER_ALLOTMENT_SMS DRIVER +919800000009']);
  });

  it('tells a supplier its allotted duty at the number masters holds', async () => {
    const tenantId = randomUUID();
    const supplierId = randomUUID();
    await publishEvent(
      h.testBus.bus,
      'fleet.masters.supplier.created',
      SupplierChangedSchema,
      {
        tenantId,
        supplier: {
          connection: {
            id: supplierId,
            name: 'Sharma Cabs',
            phone: '+919800000020',
            updatedAt: at('2026-01-01T00:00:00Z'),
          },
          supplierType: 'COMPANY',
        },
      },
      tenantId,
    );
    await eventually(
      () => readModel(sql`select 1 from messaging.suppliers where id = ${supplierId}`),
      (n) => n === 1,
    );
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      bookingEvent(tenantId, {
        action: 'allot',
        fromStatus: 'BOOKED',
        toStatus: 'ALLOTED',
        booking: {
          status: 'ALLOTED',
          supplierId,
          driverPhone: '+919800000009',
          driverName: 'Ravi',
          vehicleNo: 'MH01AB1234',
        },
      }),
    );
    const rows = await eventually(
      () => storedRows(h),
      (r) => r.length === 2,
    );
    expect(summary(rows)).toEqual([
      'DRIVER_ALLOTMENT_SMS DRIVER +919800000009',
      'SEND_INFO_TO_SUPPLIER_SMS SUPPLIER +919800000020',
    ]);
    expect(rows.find((r) => r.recipientRole === 'SUPPLIER')?.text).toBe(
      'Duty #00000017 allotted to you: report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234, driver Ravi (+919800000009).',
    );
  });

  it('emails the duty slip to the booker and the customer when the duty closes, and asks passengers for feedback', async () => {
    const tenantId = randomUUID();
    const customerId = randomUUID();
    await publishEvent(
      h.testBus.bus,
      'fleet.masters.customer.created',
      CustomerChangedSchema,
      {
        tenantId,
        customer: {
          connection: {
            id: customerId,
            name: 'Acme',
            email: 'accounts@acme.example',
            sendPassengerMessages: true,
            sendBookerMessages: true,
            updatedAt: at('2026-01-01T00:00:00Z'),
          },
        },
      },
      tenantId,
    );
    await eventually(
      () => readModel(sql`select 1 from messaging.customers where id = ${customerId}`),
      (n) => n === 1,
    );
    const closed = bookingEvent(tenantId, {
      action: 'completeDuty',
      fromStatus: 'DRIVER_DUTY_END',
      toStatus: 'CLOSED',
      booking: {
        status: 'CLOSED',
        customerId,
        bookedBy: { name: 'Asha', phone: '+919800000001', email: 'asha@acme.example' },
      },
    });
    await publishBookingEvent(h.testBus.bus, 'status_changed', closed);
    const rows = await eventually(
      () => storedRows(h),
      (r) => r.length === 4,
    );
    expect(summary(rows)).toEqual([
      'DUTY_SLIP_EMAIL BOOKED_BY asha@acme.example',
      'DUTY_SLIP_EMAIL CUSTOMER accounts@acme.example',
      'FEEDBACK_REQUEST_SMS PASSENGER +919800000002',
      'FEEDBACK_REQUEST_SMS PASSENGER +919800000003',
    ]);
    const slip = rows.find((r) => r.recipientRole === 'CUSTOMER');
    expect(slip).toMatchObject({ channel: 'EMAIL', subject: 'Duty slip for booking #00000017' });
    expect(slip?.attachments).toEqual([
      { kind: 'DUTY_SLIP', bookingId: closed.booking?.id, fileName: 'duty-slip-17.pdf' },
    ]);
  });

  it('words texts in the operator’s own template and sends them under its DLT registration', async () => {
    const tenantId = randomUUID();
    await publishEvent(
      h.testBus.bus,
      'fleet.identity.tenant.created',
      TenantCreatedSchema,
      { tenant: { id: tenantId, name: 'Konkan Cabs', timeZone: 'Asia/Kolkata' } },
      tenantId,
    );
    await eventually(
      () => readModel(sql`select 1 from messaging.operators where tenant_id = ${tenantId}`),
      (n) => n === 1,
    );
    await h.client.saveTemplate(
      {
        type: 'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP',
        body: 'Dear {passengerName}, car {vehicleNo} for booking {bookingNo}. OTP {tripOtp}. {companyName} team',
        dltTemplateId: '1207161234567890123',
        senderId: 'knkcab',
      },
      callAs(h.callerFor(tenantId, ['view_company_profile', 'manage_company_profile'])),
    );
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      bookingEvent(tenantId, {
        action: 'dispatch',
        fromStatus: 'ALLOTED',
        toStatus: 'DISPATCHED',
        booking: { status: 'DISPATCHED', vehicleNo: 'MH01AB1234', tripStartOtp: '0427', withoutBooker: true },
      }),
    );
    const rows = await eventually(
      () => storedRows(h),
      (r) => r.length === 2 && r.every((m) => m.status === 'SENT'),
    );
    expect(rows.map((r) => [r.recipientPhone, r.text, r.dltTemplateId, r.senderId])).toEqual([
      [
        '+919800000002',
        'Dear Meera, car MH01AB1234 for booking 00000017. OTP 0427. Konkan Cabs team',
        '1207161234567890123',
        'KNKCAB',
      ],
      [
        '+919800000003',
        'Dear Vikram, car MH01AB1234 for booking 00000017. OTP 0427. Konkan Cabs team',
        '1207161234567890123',
        'KNKCAB',
      ],
    ]);
    // Only this test's texts: an earlier test's may still be going out beside them.
    expect(sms.sent.filter((m) => m.text.endsWith('Konkan Cabs team')).map((m) => m.dlt)).toEqual([
      { templateId: '1207161234567890123', senderId: 'KNKCAB' },
      { templateId: '1207161234567890123', senderId: 'KNKCAB' },
    ]);
  });
});
