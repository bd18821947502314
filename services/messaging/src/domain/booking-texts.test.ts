import { type BookingChange, type BookingFacts, textsFor } from './booking-texts';

const booking: BookingFacts = {
  id: '6f1d3c1e-8a4b-4c52-9d0e-1f2a3b4c5d6e',
  bookingNo: '42',
  reportingAt: new Date('2026-04-01T04:00:00Z'),
  pickup: 'Terminal 2, Mumbai airport',
  vehicleNo: 'MH01AB1234',
  driverName: 'Ravi Kumar',
  driverPhone: '+919800000009',
  tripOtp: '',
  bookedBy: { name: 'Asha (travel desk)', phone: '+919800000001' },
  passengers: [
    { name: 'Meera', phone: '+919800000002' },
    { name: 'Vikram', phone: '+919800000003' },
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

const summary = (c: BookingChange) => textsFor(c).map((t) => `${t.type} ${t.role} ${t.phone}`);

describe('which texts a booking change sends, to whom', () => {
  it('confirms a booking taken as BOOKED to each passenger and the booker', () => {
    expect(summary(change({ event: 'created', action: 'created', toStatus: 'BOOKED' }))).toEqual([
      'CONFIRMATION_SMS PASSENGER +919800000002',
      'CONFIRMATION_SMS PASSENGER +919800000003',
      'CONFIRMATION_SMS BOOKED_BY +919800000001',
    ]);
  });

  it('confirms an unconfirmed booking when it is confirmed, and not while it waits', () => {
    expect(summary(change({ event: 'created', action: 'created', toStatus: 'UNCONFIRMED' }))).toEqual([]);
    expect(
      summary(change({ action: 'confirm', fromStatus: 'UNCONFIRMED', toStatus: 'BOOKED' })),
    ).toHaveLength(3);
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
    expect(textsFor(reallotted)).toEqual([
      { type: 'DRIVER_ALLOTMENT_SMS', role: 'DRIVER', name: 'Suresh', phone: '+919800000010' },
    ]);
  });

  it('sends no allotment text when only a vehicle was allotted (no driver number)', () => {
    const vehicleOnly = change({ toStatus: 'ALLOTED', booking: { ...booking, driverPhone: '' } });
    expect(textsFor(vehicleOnly)).toEqual([]);
    expect(textsFor(change({ action: 'allotVehicleOnly', toStatus: 'DRIVER_NEEDED' }))).toEqual([]);
  });

  it('sends the driver’s details to the passengers, not the booker, on dispatch', () => {
    expect(summary(change({ action: 'dispatch', fromStatus: 'ALLOTED', toStatus: 'DISPATCHED' }))).toEqual([
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP PASSENGER +919800000002',
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP PASSENGER +919800000003',
    ]);
  });

  it('tells the passengers of a cancellation', () => {
    expect(summary(change({ action: 'cancel', fromStatus: 'ALLOTED', toStatus: 'CANCELLED' }))).toEqual([
      'CANCELLATION_SMS PASSENGER +919800000002',
      'CANCELLATION_SMS PASSENGER +919800000003',
    ]);
  });

  it('texts a number once per type when the booker travels too, and skips contacts without a number', () => {
    const travelling: BookingFacts = {
      ...booking,
      bookedBy: { name: 'Asha', phone: '+919800000002' },
      passengers: [
        { name: 'Asha', phone: ' +919800000002 ' },
        { name: 'No phone', phone: '' },
      ],
    };
    expect(textsFor(change({ event: 'created', toStatus: 'BOOKED', booking: travelling }))).toEqual([
      { type: 'CONFIRMATION_SMS', role: 'PASSENGER', name: 'Asha', phone: '+919800000002' },
    ]);
  });

  it('sends nothing for the driver’s own steps or closing', () => {
    for (const toStatus of ['DRIVER_ACCEPTED', 'DRIVER_GARAGE_START', 'DRIVER_DUTY_START', 'CLOSED']) {
      expect(textsFor(change({ toStatus }))).toEqual([]);
    }
  });
});
