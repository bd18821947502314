import { randomUUID } from 'node:crypto';
import { callAs, rows } from '@fleet/platform';
import { SupplierChangedSchema } from '@fleet/proto/fleet/masters/v1/events_pb';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
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

describe('staff sending a booking’s confirmation or details by hand (SendBookingMessage)', () => {
  let h: MessagingHarness;
  const sms = recordingSms();
  const tenantId = randomUUID();
  const other = randomUUID();
  const bookingId = randomUUID();
  const supplierId = randomUUID();
  beforeAll(async () => {
    h = await bootMessaging({ sms });
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
            email: 'ops@sharma.example',
          },
        },
      },
      tenantId,
    );
    // Taken UNCONFIRMED: nothing goes out by itself.
    await publishBookingEvent(
      h.testBus.bus,
      'created',
      bookingEvent(tenantId, {
        toStatus: 'UNCONFIRMED',
        booking: {
          id: bookingId,
          status: 'UNCONFIRMED',
          supplierId,
          driverName: 'Ravi',
          driverPhone: '+919800000009',
          vehicleNo: 'MH01AB1234',
          tripStartOtp: '0427',
          bookedBy: { name: 'Asha', phone: '+919800000001', email: 'asha@acme.example' },
        },
      }),
    );
    const known = async () =>
      (await h.client
        .previewTemplate(
          { type: 'CONFIRMATION_SMS', body: '{bookingNo}', bookingId },
          callAs(h.callerFor(tenantId, ['view_company_profile'])),
        )
        .catch(() => undefined)) !== undefined;
    await eventually(known, (ok) => ok);
    await eventually(
      () =>
        h.database.db.readAsSystem((tx) =>
          rows(tx, sql`select 1 from messaging.suppliers where id = ${supplierId}`),
        ),
      (found) => found.length === 1,
    );
  });
  afterAll(() => h.close());

  const staff = (permissions: string[], tenant = tenantId) => callAs(h.callerFor(tenant, permissions));

  it('confirms by text to the passengers and booker once, however often the same click arrives, recording who asked', async () => {
    const requestId = randomUUID();
    const request = { bookingId, requestId, what: 'CONFIRMATION', channels: ['SMS'] };
    const caller = h.callerFor(tenantId, ['send_booking_confirmation_sms']);
    const [first, again] = await Promise.all([
      h.client.sendBookingMessage(request, callAs(caller)),
      h.client.sendBookingMessage(request, callAs(caller)),
    ]);
    const third = await h.client.sendBookingMessage(request, callAs(caller));
    expect(first.messages.map((m) => `${m.type} ${m.recipientPhone}`).sort()).toEqual([
      'CONFIRMATION_SMS +919800000001',
      'CONFIRMATION_SMS +919800000002',
      'CONFIRMATION_SMS +919800000003',
    ]);
    expect(again.messages.map((m) => m.id).sort()).toEqual(first.messages.map((m) => m.id).sort());
    expect(third.messages.map((m) => m.id).sort()).toEqual(first.messages.map((m) => m.id).sort());
    expect(first.messages.every((m) => m.requestedBy === caller.userId)).toBe(true);
    await eventually(
      () => storedRows(h),
      (rows) => rows.length === 3 && rows.every((r) => r.status === 'SENT'),
    );
    expect(sms.sent).toHaveLength(3);
  });

  it('sends the allotment details to the driver, the passengers (with the trip code) and the supplier', async () => {
    const sent = await h.client.sendBookingMessage(
      { bookingId, requestId: randomUUID(), what: 'INFO', recipients: ['DRIVER', 'PASSENGERS', 'SUPPLIER'] },
      staff(['send_duty_info']),
    );
    expect(sent.messages.map((m) => `${m.type} ${m.recipientRole} ${m.recipientPhone}`).sort()).toEqual([
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP PASSENGER +919800000002',
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP PASSENGER +919800000003',
      'DRIVER_ALLOTMENT_SMS DRIVER +919800000009',
      'SEND_INFO_TO_SUPPLIER_SMS SUPPLIER +919800000020',
    ]);
    expect(sent.messages.find((m) => m.recipientRole === 'PASSENGER')?.text).toContain('Trip OTP 0427');
  });

  it('emails the allotment details, with the car and driver, to whoever asked for has an address', async () => {
    const sent = await h.client.sendBookingMessage(
      {
        bookingId,
        requestId: randomUUID(),
        what: 'INFO',
        recipients: ['DRIVER', 'PASSENGERS', 'SUPPLIER'],
        channels: ['EMAIL'],
      },
      staff(['send_duty_info']),
    );
    // The driver master keeps no address, nor do these passengers: the supplier alone is emailed.
    expect(sent.messages.map((m) => `${m.type} ${m.recipientRole} ${m.recipientEmail}`)).toEqual([
      'DUTY_INFO_EMAIL SUPPLIER ops@sharma.example',
    ]);
    expect(sent.messages[0]?.text).toContain('Vehicle: MH01AB1234');
    expect(sent.messages[0]?.text).toContain('Driver: Ravi (+919800000009)');
  });

  it('emails the confirmation to whoever has an address', async () => {
    const sent = await h.client.sendBookingMessage(
      { bookingId, requestId: randomUUID(), what: 'CONFIRMATION', channels: ['EMAIL'] },
      staff(['send_booking_confirmation_email']),
    );
    expect(sent.messages.map((m) => `${m.type} ${m.channel} ${m.recipientEmail} ${m.subject}`)).toEqual([
      'CONFIRMATION_EMAIL EMAIL asha@acme.example Booking #00000017 confirmed',
    ]);
  });

  it('refuses without the permission for what is sent, and sends nothing', async () => {
    const before = (await storedRows(h)).length;
    const refusals = [
      [{ what: 'CONFIRMATION', channels: ['SMS'] }, ['send_booking_confirmation_email', 'send_duty_info']],
      [{ what: 'CONFIRMATION', channels: ['SMS', 'EMAIL'] }, ['send_booking_confirmation_sms']],
      [{ what: 'INFO', recipients: ['DRIVER'] }, ['send_booking_confirmation_sms']],
    ] as const;
    for (const [what, permissions] of refusals) {
      const refused = await expectDomainError(
        h.client.sendBookingMessage(
          {
            bookingId,
            requestId: randomUUID(),
            ...what,
            channels: [...('channels' in what ? what.channels : [])],
            recipients: [...('recipients' in what ? what.recipients : [])],
          },
          staff([...permissions]),
        ),
      );
      expect(refused.code).toBe('PERMISSION_DENIED');
    }
    expect((await storedRows(h)).length).toBe(before);
  });

  it('names the bad field, and finds no booking of another operator', async () => {
    const all = ['send_booking_confirmation_sms', 'send_booking_confirmation_email', 'send_duty_info'];
    const cases = [
      [{ bookingId: 'x', requestId: randomUUID(), what: 'CONFIRMATION', channels: ['SMS'] }, 'bookingId'],
      [{ bookingId, requestId: 'again', what: 'CONFIRMATION', channels: ['SMS'] }, 'requestId'],
      [{ bookingId, requestId: randomUUID(), what: 'SHOUT', channels: ['SMS'] }, 'what'],
      [{ bookingId, requestId: randomUUID(), what: 'CONFIRMATION', channels: ['FAX'] }, 'channels.0'],
      [{ bookingId, requestId: randomUUID(), what: 'INFO', recipients: [] }, 'recipients'],
    ] as const;
    for (const [request, field] of cases) {
      const refused = await expectDomainError(
        h.client.sendBookingMessage(
          {
            ...request,
            channels: 'channels' in request ? [...request.channels] : [],
            recipients: 'recipients' in request ? [...request.recipients] : [],
          },
          staff(all),
        ),
      );
      expect(refused.code).toBe('INVALID_ARGUMENT');
      expect(refused.fieldViolations.map((f) => f.field)).toEqual([field]);
    }
    const elsewhere = await expectDomainError(
      h.client.sendBookingMessage(
        { bookingId, requestId: randomUUID(), what: 'CONFIRMATION', channels: ['SMS'] },
        staff(all, other),
      ),
    );
    expect(elsewhere.code).toBe('NOT_FOUND');
  });

  it('finds no booking deleted as entered by mistake, and sends it nothing', async () => {
    const mistaken = randomUUID();
    const booking = {
      id: mistaken,
      status: 'UNCONFIRMED',
      bookedBy: { name: 'Asha', phone: '+919800000001', email: '' },
    };
    await publishBookingEvent(
      h.testBus.bus,
      'created',
      bookingEvent(tenantId, { toStatus: 'UNCONFIRMED', booking }),
    );
    const send = () =>
      h.client.sendBookingMessage(
        { bookingId: mistaken, requestId: randomUUID(), what: 'CONFIRMATION', channels: ['SMS'] },
        staff(['send_booking_confirmation_sms']),
      );
    await eventually(
      () =>
        send().then(
          () => true,
          () => false,
        ),
      (sent) => sent,
    );
    await publishBookingEvent(h.testBus.bus, 'deleted', bookingEvent(tenantId, { booking }));
    await eventually(
      () =>
        send().then(
          () => 'sent',
          (error: unknown) => String(error),
        ),
      (outcome) => outcome.includes('not_found'),
    );
  });
});
