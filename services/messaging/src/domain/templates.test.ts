import fc from 'fast-check';
import type { BookingFacts } from './booking-texts';
import { compose } from './compose';
import {
  DEFAULT_TEMPLATES,
  DLT_VALUE_LIMIT,
  linkOf,
  NO_BILLING_VALUES,
  renderMessage,
  renderTemplate,
  TEMPLATE_TYPES,
  type TemplateText,
  type TemplateValues,
  templateProblem,
  templateValues,
  unknownVariables,
  withLink,
} from './templates';

const values: TemplateValues = {
  bookingNo: '42',
  reportingTime: '01/04/2026 09:30',
  pickup: 'Terminal 2',
  drop: 'Powai',
  vehicleNo: 'MH01AB1234',
  driverName: 'Ravi Kumar',
  driverPhone: '+919800000009',
  tripOtp: '4821',
  passengerName: 'Meera',
  customerName: 'Acme Travels',
  companyName: 'Konkan Cabs',
  supplierName: '',
  slipLink: '{slipLink}',
  feedbackLink: '{feedbackLink}',
  ...NO_BILLING_VALUES,
};

const sms = (body: string, dlt = false): TemplateText => ({
  body,
  subject: '',
  dltTemplateId: dlt ? '1207161234567890123' : '',
  senderId: dlt ? 'KNKCAB' : '',
});

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
  });

  it('has a default for every type an operator words, each one it may keep as it is', () => {
    for (const type of TEMPLATE_TYPES) {
      expect(unknownVariables(DEFAULT_TEMPLATES[type].body)).toEqual([]);
      expect(templateProblem(type, DEFAULT_TEMPLATES[type])).toBeUndefined();
    }
  });

  it('tells passengers the car, the driver and the trip code on dispatch, signed by the operator', () => {
    const template = DEFAULT_TEMPLATES.CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP.body;
    expect(renderTemplate(template, values)).toBe(
      'Booking #42: your car MH01AB1234 with Ravi Kumar (+919800000009) reports 01/04/2026 09:30 at Terminal 2. Trip OTP 4821: give it to the driver at the start. - Konkan Cabs',
    );
    expect(renderTemplate(template, { ...values, tripOtp: '', pickup: '', companyName: '' })).toBe(
      'Booking #42: your car MH01AB1234 with Ravi Kumar (+919800000009) reports 01/04/2026 09:30.',
    );
  });
});

describe('a passenger’s link in a text', () => {
  it('keeps its variable until the text is sent, is never cut to the DLT limit, and is put in then', () => {
    const template = sms('Sign booking #{bookingNo}: {slipLink} - {companyName} team', true);
    const rendered = renderMessage(template, values);
    expect(rendered.text).toBe('Sign booking #42: {slipLink} - Konkan Cabs team');
    expect(rendered.cut).toEqual([]);
    const url = `https://ops.konkancabs.in/s/${'A'.repeat(22)}`;
    expect(linkOf('DIGITAL_DUTY_SLIP_SMS')).toEqual({ variable: 'slipLink', purpose: 'DIGITAL_DUTY_SLIP' });
    expect(linkOf('CONFIRMATION_SMS')).toBeUndefined();
    expect(withLink(rendered.text, rendered.values, 'slipLink', url)).toMatchObject({
      text: `Sign booking #42: ${url} - Konkan Cabs team`,
      variables: { slipLink: url, bookingNo: '42' },
    });
  });

  it('goes only in its own type of text', () => {
    expect(templateProblem('CONFIRMATION_SMS', sms('Booking {bookingNo}: {slipLink}'))).toEqual({
      field: 'body',
      message: '{slipLink} goes only in the DIGITAL_DUTY_SLIP_SMS text.',
    });
    expect(templateProblem('FEEDBACK_REQUEST_SMS', sms('How was it? {feedbackLink}'))).toBeUndefined();
  });
});

describe('an invoice’s variables in a template', () => {
  const email = (subject: string, body: string): TemplateText => ({
    subject,
    body,
    dltTemplateId: '',
    senderId: '',
  });

  it('go only in the invoice’s email, whose words name nothing of a booking', () => {
    expect(templateProblem('DUTY_SLIP_EMAIL', email('Slip {bookingNo}', 'For invoice {invoiceNo}'))).toEqual({
      field: 'body',
      message: '{invoiceNo} goes only in the INVOICE_EMAIL email.',
    });
    expect(
      templateProblem('INVOICE_EMAIL', email('Invoice {invoiceNo} of {bookingNo}', 'Due {dueDate}')),
    ).toEqual({
      field: 'subject',
      message:
        '{bookingNo} is a booking’s: an invoice’s email fills only {invoiceNo}, {invoiceTotal}, {dueDate}, {customerName}, {companyName}.',
    });
    expect(
      templateProblem(
        'INVOICE_EMAIL',
        email('{companyName}: invoice {invoiceNo}', '{customerName} owes {invoiceTotal}'),
      ),
    ).toBeUndefined();
  });
});

describe('an operator’s template, checked before it is kept', () => {
  it('refuses a variable we do not fill, in the body or the subject', () => {
    expect(templateProblem('CONFIRMATION_SMS', sms('Hi {guest} #{bookingNo}'))).toEqual({
      field: 'body',
      message: expect.stringContaining('{guest} is not a variable'),
    });
    expect(
      templateProblem('CONFIRMATION_EMAIL', { ...sms('Booking {bookingNo}'), subject: 'Re {ticket}' }),
    ).toMatchObject({ field: 'subject' });
  });

  it('wants a subject on an email and none on a text', () => {
    expect(templateProblem('CONFIRMATION_EMAIL', sms('Booking {bookingNo}'))).toMatchObject({
      field: 'subject',
    });
    expect(
      templateProblem('CONFIRMATION_SMS', { ...sms('Booking {bookingNo}'), subject: 'x' }),
    ).toMatchObject({
      field: 'subject',
    });
  });

  it('holds a DLT template to its registration: id, header, brand, no trailing variable, no optional parts', () => {
    const ok = 'Booking {bookingNo} confirmed for {reportingTime}. Regards {companyName} team';
    expect(templateProblem('CONFIRMATION_SMS', sms(ok, true))).toBeUndefined();
    expect(templateProblem('CONFIRMATION_SMS', { ...sms(ok, true), dltTemplateId: '12345' })).toMatchObject({
      field: 'dltTemplateId',
    });
    expect(templateProblem('CONFIRMATION_SMS', { ...sms(ok, true), senderId: 'KNK1' })).toMatchObject({
      field: 'senderId',
    });
    expect(templateProblem('CONFIRMATION_SMS', { ...sms(ok, true), senderId: '' })).toMatchObject({
      field: 'senderId',
    });
    expect(templateProblem('CONFIRMATION_SMS', { ...sms(ok), senderId: 'KNKCAB' })).toMatchObject({
      field: 'dltTemplateId',
    });
    expect(templateProblem('CONFIRMATION_SMS', sms('Booking {bookingNo} confirmed.', true))).toMatchObject({
      field: 'body',
      message: expect.stringContaining('{companyName}'),
    });
    expect(
      templateProblem('CONFIRMATION_SMS', sms('{companyName}: booking {bookingNo}.', true)),
    ).toMatchObject({
      field: 'body',
      message: expect.stringContaining('end it with words'),
    });
    expect(
      templateProblem('CONFIRMATION_SMS', sms('{companyName}: booking {bookingNo}[ at {pickup}] ok', true)),
    ).toMatchObject({
      field: 'body',
      message: expect.stringContaining('[optional]'),
    });
    expect(templateProblem('CONFIRMATION_EMAIL', { ...sms(ok, true), subject: 'Hi' })).toMatchObject({
      field: 'dltTemplateId',
    });
  });

  it('cuts each value of a DLT text to 30 characters, says which, and leaves other texts whole', () => {
    const long = 'Plot 14, Sector 5, Near the big water tank, Navi Mumbai';
    const dlt = renderMessage(sms('{companyName}: car at {pickup} for {bookingNo} now', true), {
      ...values,
      pickup: long,
    });
    expect(dlt.cut).toEqual(['pickup']);
    expect(dlt.values.pickup).toBe('Plot 14, Sector 5, Near the bi');
    expect(dlt.text).toBe('Konkan Cabs: car at Plot 14, Sector 5, Near the bi for 42 now');
    const plain = renderMessage(sms('car at {pickup}'), { ...values, pickup: long });
    expect(plain.cut).toEqual([]);
    expect(plain.text).toBe(`car at ${long}`);
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (value) => {
        const r = renderMessage(sms('{companyName} at {pickup} ok', true), { ...values, pickup: value });
        expect([...r.values.pickup].length).toBeLessThanOrEqual(DLT_VALUE_LIMIT);
      }),
    );
  });

  it('says which variables a template names that the booking leaves empty', () => {
    const r = renderMessage(sms('{bookingNo} {tripOtp} {supplierName}'), { ...values, tripOtp: '' });
    expect(r.empty).toEqual(['tripOtp', 'supplierName']);
  });
});

describe('a booking’s values', () => {
  const booking: BookingFacts = {
    id: '6f1d3c1e-8a4b-4c52-9d0e-1f2a3b4c5d6e',
    bookingNo: '7',
    status: 'BOOKED',
    version: 1,
    customerId: '',
    customerName: 'Acme',
    supplierId: '',
    reportingAt: new Date('2026-03-31T20:00:00Z'),
    pickup: ' Andheri East ',
    drop: '',
    vehicleNo: '',
    driverName: '',
    driverPhone: '',
    allotedDriverId: '',
    tripOtp: '',
    bookedBy: undefined,
    passengers: [{ name: 'Meera', phone: '+919800000002', email: '' }],
  };

  it('reads the reporting time on the operator’s clock, DD/MM/YYYY HH:mm', () => {
    expect(templateValues(booking).reportingTime).toBe('01/04/2026 01:30');
    expect(templateValues(booking, { timeZone: 'UTC' }).reportingTime).toBe('31/03/2026 20:00');
    expect(templateValues(booking).pickup).toBe('Andheri East');
    expect(templateValues(booking).passengerName).toBe('Meera');
  });

  it('confirms without the car while none is allotted', () => {
    expect(renderTemplate(DEFAULT_TEMPLATES.DRIVER_ALLOTMENT_SMS.body, templateValues(booking))).toBe(
      'New duty #00000007: report 01/04/2026 01:30 at Andheri East.',
    );
  });

  it('words each message in the operator’s template with its DLT ids, and attaches the slip to its email', () => {
    const composed = compose(
      booking,
      [
        {
          type: 'CONFIRMATION_SMS',
          channel: 'SMS',
          role: 'PASSENGER',
          name: 'Meera',
          phone: '+919800000002',
          email: '',
        },
        {
          type: 'DUTY_SLIP_EMAIL',
          channel: 'EMAIL',
          role: 'BOOKED_BY',
          name: 'Asha',
          phone: '',
          email: 'a@x.example',
        },
      ],
      {
        templates: {
          CONFIRMATION_SMS: sms('Dear {passengerName}, {bookingNo} is on. {companyName} team', true),
        },
        audience: { customerName: '', supplier: undefined },
        companyName: 'Konkan Cabs',
        timeZone: 'Asia/Kolkata',
      },
    );
    expect(composed[0]).toMatchObject({
      text: 'Dear Meera, 00000007 is on. Konkan Cabs team',
      dltTemplateId: '1207161234567890123',
      senderId: 'KNKCAB',
      attachments: [],
    });
    expect(composed[1]).toMatchObject({
      subject: 'Duty slip for booking #00000007 - Konkan Cabs',
      dltTemplateId: '',
      attachments: [{ kind: 'DUTY_SLIP', bookingId: booking.id, fileName: 'duty-slip-7.pdf' }],
    });
  });
});

describe('a receipt’s and a payment request’s variables in a template', () => {
  const mail = (subject: string, body: string): TemplateText => ({
    subject,
    body,
    dltTemplateId: '',
    senderId: '',
  });
  const text = (body: string): TemplateText => ({ subject: '', body, dltTemplateId: '', senderId: '' });

  it('keep the defaults valid', () => {
    for (const type of ['RECEIPT_EMAIL', 'PAYMENT_REQUEST_EMAIL', 'PAYMENT_REQUEST_SMS'] as const) {
      expect(templateProblem(type, DEFAULT_TEMPLATES[type])).toBeUndefined();
    }
  });

  it('go only in their own messages, which name nothing of a booking', () => {
    expect(templateProblem('CONFIRMATION_SMS', text('Paid {receiptAmount} - {companyName}'))).toEqual({
      field: 'body',
      message: '{receiptAmount} goes only in the RECEIPT_EMAIL email.',
    });
    expect(templateProblem('INVOICE_EMAIL', mail('Pay', 'Pay at {paymentLink}'))).toEqual({
      field: 'body',
      message: '{paymentLink} goes only in the payment request’s email and text.',
    });
    expect(templateProblem('PAYMENT_REQUEST_SMS', text('Booking {bookingNo}: pay {amountDue}'))).toEqual({
      field: 'body',
      message:
        '{bookingNo} is a booking’s: a payment request’s text fills only {amountDue}, {paymentLink}, {customerName}, {companyName}.',
    });
    expect(
      templateProblem(
        'RECEIPT_EMAIL',
        mail('Receipt {receiptNo}', 'Thanks for {receiptAmount} on {receiptDate}'),
      ),
    ).toBeUndefined();
  });
});
