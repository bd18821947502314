import { MESSAGE_LOG_TYPES_BY_CHANNEL, MESSAGE_TEMPLATE_TYPES, resendPermissionFor } from './message-log';

describe('billing’s customer messages in the log', () => {
  it('are listed on their channel’s screen and worded by the operator', () => {
    expect(MESSAGE_LOG_TYPES_BY_CHANNEL.EMAIL).toEqual(
      expect.arrayContaining(['RECEIPT_EMAIL', 'PAYMENT_REQUEST_EMAIL']),
    );
    expect(MESSAGE_LOG_TYPES_BY_CHANNEL.SMS).toContain('PAYMENT_REQUEST_SMS');
    expect(MESSAGE_TEMPLATE_TYPES).toEqual(
      expect.arrayContaining(['RECEIPT_EMAIL', 'PAYMENT_REQUEST_EMAIL', 'PAYMENT_REQUEST_SMS']),
    );
  });

  it('are sent again by whoever may send them', () => {
    expect(resendPermissionFor('RECEIPT_EMAIL')).toBe('email_receipt');
    expect(resendPermissionFor('PAYMENT_REQUEST_EMAIL')).toBe('email_invoice');
    expect(resendPermissionFor('PAYMENT_REQUEST_SMS')).toBe('email_invoice');
    expect(resendPermissionFor('DUTY_SLIP_EMAIL')).toBe('send_duty_info');
  });
});
