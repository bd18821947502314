import type { BookingFacts } from './booking-texts';
import {
  DEFAULT_TEMPLATES,
  renderTemplate,
  type TemplateValues,
  templateValues,
  unknownVariables,
} from './templates';

const values: TemplateValues = {
  bookingNo: '42',
  reportingTime: '01/04/2026 09:30',
  pickup: 'Terminal 2',
  vehicleNo: 'MH01AB1234',
  driverName: 'Ravi Kumar',
  driverPhone: '+919800000009',
  tripOtp: '4821',
};

describe('filling a template', () => {
  it('puts each named variable in its place', () => {
    expect(renderTemplate('#{bookingNo} at {reportingTime}, {driverName} {driverPhone}', values)).toBe(
      '#42 at 01/04/2026 09:30, Ravi Kumar +919800000009',
    );
  });

  it('drops an optional part whose variable is empty, and keeps it when filled', () => {
    const template = 'Car {vehicleNo}.[ Trip OTP {tripOtp}.]';
    expect(renderTemplate(template, values)).toBe('Car MH01AB1234. Trip OTP 4821.');
    expect(renderTemplate(template, { ...values, tripOtp: '' })).toBe('Car MH01AB1234.');
  });

  it('leaves a name that is not a variable as written, and names it', () => {
    expect(renderTemplate('Hi {guest}, #{bookingNo}', values)).toBe('Hi {guest}, #42');
    expect(unknownVariables('Hi {guest}, #{bookingNo} {otp}')).toEqual(['guest', 'otp']);
    for (const template of Object.values(DEFAULT_TEMPLATES)) expect(unknownVariables(template)).toEqual([]);
  });

  it('tells passengers the car, the driver and the trip code on dispatch, and no code when there is none', () => {
    const template = DEFAULT_TEMPLATES.CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP;
    expect(renderTemplate(template, values)).toBe(
      'Booking #42: your car MH01AB1234 with Ravi Kumar (+919800000009) reports 01/04/2026 09:30 at Terminal 2. Trip OTP 4821: give it to the driver at the start.',
    );
    expect(renderTemplate(template, { ...values, tripOtp: '', pickup: '' })).toBe(
      'Booking #42: your car MH01AB1234 with Ravi Kumar (+919800000009) reports 01/04/2026 09:30.',
    );
  });
});

describe('a booking’s values', () => {
  const booking: BookingFacts = {
    id: '6f1d3c1e-8a4b-4c52-9d0e-1f2a3b4c5d6e',
    bookingNo: '7',
    reportingAt: new Date('2026-03-31T20:00:00Z'),
    pickup: ' Andheri East ',
    vehicleNo: '',
    driverName: '',
    driverPhone: '',
    tripOtp: '',
    bookedBy: undefined,
    passengers: [],
  };

  it('reads the reporting time on the operator’s clock, DD/MM/YYYY HH:mm', () => {
    expect(templateValues(booking).reportingTime).toBe('01/04/2026 01:30');
    expect(templateValues(booking, 'UTC').reportingTime).toBe('31/03/2026 20:00');
    expect(templateValues(booking).pickup).toBe('Andheri East');
  });

  it('confirms without the car while none is allotted', () => {
    expect(renderTemplate(DEFAULT_TEMPLATES.DRIVER_ALLOTMENT_SMS, templateValues(booking))).toBe(
      'New duty #7: report 01/04/2026 01:30 at Andheri East.',
    );
  });
});
