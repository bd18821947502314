import { randomUUID } from 'node:crypto';
import { callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import {
  bookingEvent,
  bootMessaging,
  eventually,
  type MessagingHarness,
  publishBookingEvent,
  recordingSms,
  storedRows,
} from './support';

const VIEW = ['view_company_profile'];
const MANAGE = ['view_company_profile', 'manage_company_profile'];

describe('an operator’s message templates (ListTemplates, SaveTemplate, ResetTemplate, PreviewTemplate)', () => {
  let h: MessagingHarness;
  const a = randomUUID();
  const b = randomUUID();
  const bookingId = randomUUID();
  beforeAll(async () => {
    h = await bootMessaging({ sms: recordingSms() });
    await publishBookingEvent(
      h.testBus.bus,
      'created',
      bookingEvent(a, {
        booking: {
          id: bookingId,
          tripStartOtp: '0427',
          vehicleNo: 'MH01AB1234',
        },
      }),
    );
    await eventually(
      () => storedRows(h),
      (rows) => rows.length === 3,
    );
  });
  afterAll(() => h.close());

  const as = (tenantId: string, permissions = MANAGE) => callAs(h.callerFor(tenantId, permissions));
  const confirmation = {
    type: 'CONFIRMATION_SMS',
    body: 'Booking {bookingNo} confirmed for {reportingTime}. Thank you, {companyName} team',
    dltTemplateId: '1207161234567890123',
    senderId: 'KNKCAB',
  };

  it('lists every type but the sign-in code, the defaults flagged, SMS before email', async () => {
    const { templates, variables } = await h.client.listTemplates({}, as(a, VIEW));
    expect(templates.map((t) => `${t.type} ${t.channel} ${t.isDefault}`)).toEqual([
      'CONFIRMATION_SMS SMS true',
      'DRIVER_ALLOTMENT_SMS SMS true',
      'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP SMS true',
      'CANCELLATION_SMS SMS true',
      'FEEDBACK_REQUEST_SMS SMS true',
      'SEND_INFO_TO_SUPPLIER_SMS SMS true',
      'DIGITAL_DUTY_SLIP_SMS SMS true',
      'PETTY_CASH_INFO_SMS SMS true',
      'PAYMENT_REQUEST_SMS SMS true',
      'CONFIRMATION_EMAIL EMAIL true',
      'DUTY_INFO_EMAIL EMAIL true',
      'DUTY_SLIP_EMAIL EMAIL true',
      'INVOICE_EMAIL EMAIL true',
      'PURCHASE_INVOICE_EMAIL EMAIL true',
      'PETTY_CASH_INFO_EMAIL EMAIL true',
      'RECEIPT_EMAIL EMAIL true',
      'PAYMENT_REQUEST_EMAIL EMAIL true',
    ]);
    expect(variables).toContain('tripOtp');
    expect(variables).toContain('companyName');
    expect(variables).toContain('slipLink');
  });

  it('keeps operator A’s template from operator B, who can neither read nor overwrite it', async () => {
    const saved = await h.client.saveTemplate(confirmation, as(a));
    expect(saved.template).toMatchObject({
      isDefault: false,
      version: 1,
      dltTemplateId: '1207161234567890123',
    });
    const ofA = (await h.client.listTemplates({}, as(a, VIEW))).templates.find(
      (t) => t.type === 'CONFIRMATION_SMS',
    );
    expect(ofA).toMatchObject({ isDefault: false, body: confirmation.body, senderId: 'KNKCAB' });
    const ofB = (await h.client.listTemplates({}, as(b, VIEW))).templates.find(
      (t) => t.type === 'CONFIRMATION_SMS',
    );
    expect(ofB).toMatchObject({ isDefault: true, dltTemplateId: '' });
    // B saving "over version 1" finds no template of its own at that version.
    expect(
      (await expectDomainError(h.client.saveTemplate({ ...confirmation, expectedVersion: 1 }, as(b)))).code,
    ).toBe('CONFLICT');
    await h.client.saveTemplate(
      { ...confirmation, body: `${confirmation.body} B`, expectedVersion: 0 },
      as(b),
    );
    const stillA = (await h.client.listTemplates({}, as(a, VIEW))).templates.find(
      (t) => t.type === 'CONFIRMATION_SMS',
    );
    expect(stillA?.body).toBe(confirmation.body);
  });

  it('refuses a save from someone who changed nothing since a newer one, and one from the default over a saved template', async () => {
    const type = 'CANCELLATION_SMS';
    const first = await h.client.saveTemplate({ type, body: 'Booking {bookingNo} cancelled.' }, as(a));
    const second = await h.client.saveTemplate(
      { type, body: 'Booking {bookingNo} is cancelled.', expectedVersion: first.template?.version },
      as(a),
    );
    expect(second.template?.version).toBe(2);
    const stale = await expectDomainError(
      h.client.saveTemplate({ type, body: 'Old edit {bookingNo}', expectedVersion: 1 }, as(a)),
    );
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toContain('Someone changed this template');
    expect(
      (await expectDomainError(h.client.saveTemplate({ type, body: 'x {bookingNo}' }, as(a)))).code,
    ).toBe('CONFLICT');
  });

  it('refuses a template naming an unknown variable or breaking DLT rules, naming the field, and keeps nothing', async () => {
    const unknown = await expectDomainError(
      h.client.saveTemplate(
        { type: 'FEEDBACK_REQUEST_SMS', body: 'Hi {guest}, rate booking {bookingNo}' },
        as(a),
      ),
    );
    expect(unknown.code).toBe('INVALID_ARGUMENT');
    expect(unknown.fieldViolations.map((f) => f.field)).toEqual(['body']);
    for (const [request, field] of [
      [{ ...confirmation, type: 'FEEDBACK_REQUEST_SMS', dltTemplateId: '12ab' }, 'dltTemplateId'],
      [{ ...confirmation, type: 'FEEDBACK_REQUEST_SMS', senderId: 'TOOLONGX' }, 'senderId'],
      [{ ...confirmation, type: 'FEEDBACK_REQUEST_SMS', body: 'Booking {bookingNo} done' }, 'body'],
      [{ type: 'CONFIRMATION_EMAIL', body: 'Booking {bookingNo}', subject: '' }, 'subject'],
      [{ type: 'SIGN_IN_CODE_SMS', body: 'Code' }, 'type'],
    ] as const) {
      const refused = await expectDomainError(h.client.saveTemplate(request, as(a)));
      expect(refused.code).toBe('INVALID_ARGUMENT');
      expect(refused.fieldViolations.map((f) => f.field)).toEqual([field]);
    }
    const feedback = (await h.client.listTemplates({}, as(a, VIEW))).templates.find(
      (t) => t.type === 'FEEDBACK_REQUEST_SMS',
    );
    expect(feedback?.isDefault).toBe(true);
  });

  it('needs manage_company_profile to change and view_company_profile to see', async () => {
    expect((await expectDomainError(h.client.saveTemplate(confirmation, as(a, VIEW)))).code).toBe(
      'PERMISSION_DENIED',
    );
    expect(
      (await expectDomainError(h.client.resetTemplate({ type: 'CONFIRMATION_SMS' }, as(a, VIEW)))).code,
    ).toBe('PERMISSION_DENIED');
    expect((await expectDomainError(h.client.listTemplates({}, as(a, [])))).code).toBe('PERMISSION_DENIED');
    expect(
      (await expectDomainError(h.client.previewTemplate({ ...confirmation, bookingNo: 17n }, as(a, []))))
        .code,
    ).toBe('PERMISSION_DENIED');
  });

  it('previews a template as typed against one of the operator’s bookings, by number or id, and not another’s', async () => {
    const preview = await h.client.previewTemplate(
      {
        type: 'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP',
        body: 'Car {vehicleNo} at {pickup}, OTP {tripOtp}, driver {driverName}. {companyName} team',
        dltTemplateId: '1207161234567890123',
        bookingNo: 17n,
      },
      as(a, VIEW),
    );
    expect(preview.text).toBe('Car MH01AB1234 at Terminal 2, Mumbai airport, OTP 0427, driver . team');
    expect(preview.emptyVariables).toEqual(['driverName', 'companyName']);
    expect(preview.cutVariables).toEqual([]);
    expect(preview.bookingId).toBe(bookingId);
    const byId = await h.client.previewTemplate(
      {
        type: 'CONFIRMATION_EMAIL',
        body: 'Dear {passengerName}',
        subject: 'Booking #{bookingNo}',
        bookingId,
      },
      as(a, VIEW),
    );
    expect([byId.subject, byId.text]).toEqual(['Booking #00000017', 'Dear Meera']);
    expect(
      (await expectDomainError(h.client.previewTemplate({ ...confirmation, bookingId }, as(b, VIEW)))).code,
    ).toBe('NOT_FOUND');
    const bad = await expectDomainError(
      h.client.previewTemplate({ ...confirmation, bookingId: 'nope' }, as(a, VIEW)),
    );
    expect(bad.fieldViolations.map((f) => f.field)).toEqual(['bookingId']);
  });

  it('resets a type to the default, and the next message is worded by the default again', async () => {
    const type = 'DRIVER_ALLOTMENT_SMS';
    await h.client.saveTemplate({ type, body: 'Duty {bookingNo} for you.' }, as(a));
    const reset = await h.client.resetTemplate({ type }, as(a));
    expect(reset.template).toMatchObject({ isDefault: true, version: 0 });
    await publishBookingEvent(
      h.testBus.bus,
      'status_changed',
      bookingEvent(a, {
        action: 'allot',
        fromStatus: 'BOOKED',
        toStatus: 'ALLOTED',
        booking: { id: bookingId, version: 2, driverPhone: '+919800000009', driverName: 'Ravi' },
      }),
    );
    const rows = await eventually(
      () => storedRows(h),
      (r) => r.some((m) => m.type === type),
    );
    expect(rows.find((m) => m.type === type)?.text).toBe(
      'New duty #00000017: report 01/04/2026 09:30 at Terminal 2, Mumbai airport.',
    );
  });
});
