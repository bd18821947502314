import fc from 'fast-check';
import {
  type Audience,
  type BookingChange,
  type BookingFacts,
  DEFAULT_AUDIENCE,
  onDemandMessages,
  textsFor,
} from './booking-texts';

const booking: BookingFacts = {
  id: '6f1d3c1e-8a4b-4c52-9d0e-1f2a3b4c5d6e',
  bookingNo: '42',
  status: 'BOOKED',
  version: 1,
  customerId: '1f1d3c1e-8a4b-4c52-9d0e-1f2a3b4c5d6e',
  customerName: 'Acme Travels',
  supplierId: '',
  reportingAt: new Date('2026-04-01T04:00:00Z'),
  pickup: 'Terminal 2, Mumbai airport',
  drop: 'Powai',
  vehicleNo: 'MH01AB1234',
  driverName: 'Ravi Kumar',
  driverPhone: '+919800000009',
  allotedDriverId: '',
  tripOtp: '4821',
  bookedBy: { name: 'Asha (travel desk)', phone: '+919800000001', email: 'asha@acme.example' },
  passengers: [
    { name: 'Meera', phone: '+919800000002', email: 'meera@example.com' },
    { name: 'Vikram', phone: '+919800000003', email: '' },
  ],
};

const change = (overrides: Partial<BookingChange>): BookingChange => ({
  event: 'status_changed',
  action: '',
  fromStatus: '',
  toStatus: '',
  booking,
  ...overrides,
});

const summary = (c: BookingChange, audience?: Audience) =>
  textsFor(c, audience).map((t) => `${t.type} ${t.role} ${t.channel === 'SMS' ? t.phone : t.email}`);

const confirmed = change({ event: 'created', action: 'created', toStatus: 'BOOKED' });
const supplierAudience: Audience = {
  ...DEFAULT_AUDIENCE,
  supplier: { name: 'Sharma Cabs', phone: '+919800000020', email: 'ops@sharma.example' },
};

describe('which messages a booking change sends, to whom', () => {
  it('confirms a booking taken as BOOKED to each passenger and the booker, by text and by email', () => {
    expect(summary(confirmed)).toEqual([
      'CONFIRMATION_SMS PASSENGER +919800000002',
      'CONFIRMATION_SMS PASSENGER +919800000003',
      'CONFIRMATION_SMS BOOKED_BY +919800000001',
      'CONFIRMATION_EMAIL PASSENGER meera@example.com',
      'CONFIRMATION_EMAIL BOOKED_BY asha@acme.example',
    ]);
  });

  it('confirms an unconfirmed booking when it is confirmed, and not while it waits', () => {
    expect(summary(change({ event: 'created', action: 'created', toStatus: 'UNCONFIRMED' }))).toEqual([]);
    expect(
      summary(change({ action: 'confirm', fromStatus: 'UNCONFIRMED', toStatus: 'BOOKED' })),
    ).toHaveLength(5);
  });

  it('does not confirm again when an allotment is cleared back to BOOKED, nor on an edit', () => {
    expect(summary(change({ action: 'clearAllotment', fromStatus: 'ALLOTED', toStatus: 'BOOKED' }))).toEqual(
      [],
    );
    expect(
      summary(change({ event: 'updated', action: 'updated', fromStatus: 'BOOKED', toStatus: 'BOOKED' })),
    ).toEqual([]);
  });

  it('tells the allotted driver, and the new one on a re-allotment', () => {
    expect(summary(change({ action: 'allot', fromStatus: 'BOOKED', toStatus: 'ALLOTED' }))).toEqual([
      'DRIVER_ALLOTMENT_SMS DRIVER +919800000009',
    ]);
    const reallotted = change({
      action: 'allot',
      fromStatus: 'ALLOTED',
      toStatus: 'ALLOTED',
      booking: { ...booking, driverName: 'Suresh', driverPhone: '+919800000010' },
    });
    expect(summary(reallotted)).toEqual(['DRIVER_ALLOTMENT_SMS DRIVER +919800000010']);
  });

  it('tells a company supplier the duty beside its driver, and a DCO (its own driver) once', () => {
    const toSupplier = change({ toStatus: 'ALLOTED', booking: { ...booking, supplierId: 'sup' } });
    expect(summary(toSupplier, supplierAudience)).toEqual([
      'DRIVER_ALLOTMENT_SMS DRIVER +919800000009',
      'SEND_INFO_TO_SUPPLIER_SMS SUPPLIER +919800000020',
    ]);
    const dco = change({
      toStatus: 'ALLOTED',
      booking: { ...booking, supplierId: 'sup', driverName: 'Sharma Cabs', driverPhone: '+919800000020' },
    });
    expect(summary(dco, supplierAudience)).toEqual(['SEND_INFO_TO_SUPPLIER_SMS SUPPLIER +919800000020']);
    // An own driver's duty says nothing to a supplier the booking does not name.
    expect(summary(change({ toStatus: 'ALLOTED' }), supplierAudience)).toEqual([
      'DRIVER_ALLOTMENT_SMS DRIVER +919800000009',
    ]);
  });

  it('sends no allotment text when only a vehicle was allotted (no driver number)', () => {
    expect(textsFor(change({ toStatus: 'ALLOTED', booking: { ...booking, driverPhone: '' } }))).toEqual([]);
    expect(textsFor(change({ action: 'allotVehicleOnly', toStatus: 'DRIVER_NEEDED' }))).toEqual([]);
  });

  it('sends the driver’s details and trip code to the passengers, not the booker, on dispatch', () => {
    expect(summary(change({ action: 'dispatch', fromStatus: 'ALLOTED', toStatus: 'DISPATCHED' }))).toEqual([
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP PASSENGER +919800000002',
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP PASSENGER +919800000003',
    ]);
  });

  it('tells the passengers and the booker of a cancellation', () => {
    expect(summary(change({ action: 'cancel', fromStatus: 'ALLOTED', toStatus: 'CANCELLED' }))).toEqual([
      'CANCELLATION_SMS PASSENGER +919800000002',
      'CANCELLATION_SMS PASSENGER +919800000003',
      'CANCELLATION_SMS BOOKED_BY +919800000001',
    ]);
  });

  it('asks the passengers for feedback and emails the duty slip to the booker and the customer when the duty closes', () => {
    const audience = { ...DEFAULT_AUDIENCE, customerEmail: 'accounts@acme.example', customerName: 'Acme' };
    for (const action of ['completeDuty', 'closeByOps']) {
      expect(
        summary(change({ action, fromStatus: 'DRIVER_DUTY_END', toStatus: 'CLOSED' }), audience),
      ).toEqual([
        'FEEDBACK_REQUEST_SMS PASSENGER +919800000002',
        'FEEDBACK_REQUEST_SMS PASSENGER +919800000003',
        'DUTY_SLIP_EMAIL BOOKED_BY asha@acme.example',
        'DUTY_SLIP_EMAIL CUSTOMER accounts@acme.example',
      ]);
    }
  });

  it('texts a number (and emails an address) once per type when the booker travels too, and skips contacts without one', () => {
    const travelling: BookingFacts = {
      ...booking,
      bookedBy: { name: 'Asha', phone: '+919800000002', email: 'ASHA@example.com' },
      passengers: [
        { name: 'Asha', phone: ' +919800000002 ', email: 'asha@example.com' },
        { name: 'No phone', phone: '', email: '' },
      ],
    };
    expect(summary(change({ event: 'created', toStatus: 'BOOKED', booking: travelling }))).toEqual([
      'CONFIRMATION_SMS PASSENGER +919800000002',
      'CONFIRMATION_EMAIL PASSENGER asha@example.com',
    ]);
  });

  it('sends nothing for the driver’s own steps', () => {
    for (const toStatus of [
      'DRIVER_ACCEPTED',
      'DRIVER_GARAGE_START',
      'DRIVER_DUTY_START',
      'DRIVER_DUTY_END',
    ]) {
      expect(textsFor(change({ toStatus }))).toEqual([]);
    }
  });
});

describe('the operator’s and the customer’s flags', () => {
  it('keeps passenger texts to the operator’s SMS flag and passenger emails to its email flag', () => {
    expect(summary(confirmed, { ...DEFAULT_AUDIENCE, autoSendPassengerSms: false })).toEqual([
      'CONFIRMATION_SMS BOOKED_BY +919800000001',
      'CONFIRMATION_EMAIL PASSENGER meera@example.com',
      'CONFIRMATION_EMAIL BOOKED_BY asha@acme.example',
    ]);
    expect(summary(confirmed, { ...DEFAULT_AUDIENCE, autoSendPassengerEmail: false })).toEqual([
      'CONFIRMATION_SMS PASSENGER +919800000002',
      'CONFIRMATION_SMS PASSENGER +919800000003',
      'CONFIRMATION_SMS BOOKED_BY +919800000001',
      'CONFIRMATION_EMAIL BOOKED_BY asha@acme.example',
    ]);
  });

  it('keeps every passenger message to the customer’s passenger flag, and the booker’s to its booker flag', () => {
    expect(summary(confirmed, { ...DEFAULT_AUDIENCE, sendPassengerMessages: false })).toEqual([
      'CONFIRMATION_SMS BOOKED_BY +919800000001',
      'CONFIRMATION_EMAIL BOOKED_BY asha@acme.example',
    ]);
    expect(summary(confirmed, { ...DEFAULT_AUDIENCE, sendBookerMessages: false })).toEqual([
      'CONFIRMATION_SMS PASSENGER +919800000002',
      'CONFIRMATION_SMS PASSENGER +919800000003',
      'CONFIRMATION_EMAIL PASSENGER meera@example.com',
    ]);
  });

  const anyAudience = fc.record({
    autoSendPassengerSms: fc.boolean(),
    autoSendPassengerEmail: fc.boolean(),
    sendPassengerMessages: fc.boolean(),
    sendBookerMessages: fc.boolean(),
    customerEmail: fc.constantFrom('', 'accounts@acme.example'),
    customerName: fc.constant('Acme'),
    supplier: fc.option(
      fc.record({ name: fc.constant('S'), phone: fc.constant('+919800000020'), email: fc.constant('') }),
      {
        nil: undefined,
      },
    ),
  });
  const anyChange = fc.record({
    event: fc.constantFrom('created' as const, 'status_changed' as const, 'updated' as const),
    action: fc.constantFrom('created', 'allot', 'dispatch', 'cancel', 'completeDuty', 'confirm'),
    fromStatus: fc.constantFrom('', 'UNCONFIRMED', 'BOOKED', 'ALLOTED', 'DRIVER_DUTY_END'),
    toStatus: fc.constantFrom('BOOKED', 'ALLOTED', 'DISPATCHED', 'CANCELLED', 'CLOSED', 'DRIVER_DUTY_START'),
    booking: fc.constantFrom(booking, { ...booking, supplierId: 'sup' }),
  });

  it('never suppresses the driver’s or the supplier’s text, and never texts passengers or bookers against a flag', () => {
    fc.assert(
      fc.property(anyChange, anyAudience, (c, audience) => {
        const all = textsFor(c, {
          ...DEFAULT_AUDIENCE,
          supplier: audience.supplier,
          customerEmail: audience.customerEmail,
        });
        const flagged = textsFor(c, audience);
        const key = (m: { type: string; role: string; phone: string; email: string }) =>
          `${m.type} ${m.role} ${m.phone} ${m.email}`;
        const unflagged = (m: { role: string }) => m.role === 'DRIVER' || m.role === 'SUPPLIER';
        // Flags only take messages away, and never the driver's or the supplier's.
        expect(flagged.filter(unflagged).map(key)).toEqual(all.filter(unflagged).map(key));
        for (const m of flagged) {
          if (m.role === 'PASSENGER') {
            expect(audience.sendPassengerMessages).toBe(true);
            expect(
              m.channel === 'SMS' ? audience.autoSendPassengerSms : audience.autoSendPassengerEmail,
            ).toBe(true);
          }
          if (m.role === 'BOOKED_BY' || m.role === 'CUSTOMER') expect(audience.sendBookerMessages).toBe(true);
        }
      }),
    );
  });

  it('sends each type to a number or an address at most once, whoever holds it', () => {
    const phone = fc.constantFrom('+919800000001', '+919800000002', ' +919800000002', '');
    const mail = fc.constantFrom('a@x.example', 'A@x.example', '');
    const personArb = fc.record({ name: fc.constant('P'), phone, email: mail });
    fc.assert(
      fc.property(
        anyChange,
        fc.array(personArb, { maxLength: 5 }),
        fc.option(personArb, { nil: undefined }),
        (c, passengers, bookedBy) => {
          const sent = textsFor({ ...c, booking: { ...c.booking, passengers, bookedBy } });
          const keys = sent.map((m) => `${m.type} ${m.channel === 'SMS' ? m.phone : m.email.toLowerCase()}`);
          expect(new Set(keys).size).toBe(keys.length);
          expect(sent.every((m) => (m.channel === 'SMS' ? m.phone !== '' : m.email !== ''))).toBe(true);
        },
      ),
    );
  });
});

describe('what staff send by hand', () => {
  it('confirms by the channels asked, to passengers and booker, whatever the flags', () => {
    const sms = onDemandMessages(booking, { what: 'CONFIRMATION', channels: ['SMS'] }, DEFAULT_AUDIENCE);
    expect(sms.map((m) => `${m.type} ${m.phone}`)).toEqual([
      'CONFIRMATION_SMS +919800000002',
      'CONFIRMATION_SMS +919800000003',
      'CONFIRMATION_SMS +919800000001',
    ]);
    const email = onDemandMessages(booking, { what: 'CONFIRMATION', channels: ['EMAIL'] }, DEFAULT_AUDIENCE);
    expect(email.map((m) => `${m.type} ${m.email}`)).toEqual([
      'CONFIRMATION_EMAIL meera@example.com',
      'CONFIRMATION_EMAIL asha@acme.example',
    ]);
  });

  it('sends the allotment details to the driver, the passengers and the supplier asked for', () => {
    const sent = onDemandMessages(
      { ...booking, supplierId: 'sup' },
      { what: 'INFO', to: ['DRIVER', 'PASSENGERS', 'SUPPLIER'], channels: ['SMS'] },
      supplierAudience,
    );
    expect(sent.map((m) => `${m.type} ${m.role} ${m.phone}`)).toEqual([
      'DRIVER_ALLOTMENT_SMS DRIVER +919800000009',
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP PASSENGER +919800000002',
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP PASSENGER +919800000003',
      'SEND_INFO_TO_SUPPLIER_SMS SUPPLIER +919800000020',
    ]);
    expect(
      onDemandMessages(
        booking,
        { what: 'INFO', to: ['SUPPLIER'], channels: ['SMS', 'EMAIL'] },
        supplierAudience,
      ),
    ).toEqual([]);
  });

  it('emails the allotment details to the passengers and the supplier with an address, never the driver', () => {
    const sent = onDemandMessages(
      { ...booking, supplierId: 'sup' },
      { what: 'INFO', to: ['DRIVER', 'PASSENGERS', 'SUPPLIER'], channels: ['EMAIL'] },
      supplierAudience,
    );
    expect(sent.map((m) => `${m.type} ${m.role} ${m.email}`)).toEqual([
      'DUTY_INFO_EMAIL PASSENGER meera@example.com',
      'DUTY_INFO_EMAIL SUPPLIER ops@sharma.example',
    ]);
  });
});
