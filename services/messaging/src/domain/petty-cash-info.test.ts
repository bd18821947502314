import { pettyCashMessages, type SentPettyCash } from './petty-cash-info';
import { templateProblem } from './templates';

const entry: SentPettyCash = {
  voucherNo: 'PC/26-27/0012',
  entryDate: '2026-11-24',
  kind: 'SPENT',
  amount: '180.00',
  category: 'TOLL_PARKING',
  notes: '',
  bookingNo: '',
  personName: 'Asha Rao',
  personPhone: '+919800000001',
  personEmail: '',
  driverId: '',
  held: '320.00',
  companyName: 'Konkan Cabs',
};

describe('a petty cash entry in words', () => {
  it('texts only the channels asked for that the person can be reached on', () => {
    const made = pettyCashMessages(entry, ['SMS', 'EMAIL']);
    expect(made.map((m) => [m.type, m.role, m.phone])).toEqual([
      ['PETTY_CASH_INFO_SMS', 'USER', '+919800000001'],
    ]);
    expect(made[0]?.text).toBe(
      'Dear Asha Rao, petty cash PC/26-27/0012 of 24/11/2026: ₹180.00 spent for toll & parking. You now hold ₹320.00 of the office cash. - Konkan Cabs',
    );
    expect(pettyCashMessages(entry, ['EMAIL'])).toEqual([]);
  });

  it('keeps its variables to its own templates, and keeps booking variables out of them', () => {
    const sms = (body: string) => ({ body, subject: '', dltTemplateId: '', senderId: '' });
    expect(
      templateProblem('PETTY_CASH_INFO_SMS', sms('{pettyCashAmount} {pettyCashKind} - {companyName}')),
    ).toBe(undefined);
    expect(templateProblem('CONFIRMATION_SMS', sms('Booking {bookingNo}: {pettyCashHeld}'))?.message).toBe(
      '{pettyCashHeld} goes only in the petty cash text and email.',
    );
    expect(templateProblem('PETTY_CASH_INFO_SMS', sms('{pettyCashAmount} for {bookingNo}'))?.field).toBe(
      'body',
    );
  });
});
