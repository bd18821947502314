import { PERMISSION } from '@fleet/domain';
import Decimal from 'decimal.js';
import { insuranceEditable, insuranceFacts, insuranceFormOf, insuranceInput } from './trip-insurance-values';

const held = {
  policyNumber: 'TRV/2026/004211',
  insurer: 'ICICI Lombard',
  premium: new Decimal('1803'),
  sumInsured: new Decimal('500000'),
  note: 'Family of four',
};

describe('a duty’s insurance as its page shows it', () => {
  it('gives the money through the rupee formatter, and leaves out what was not given', () => {
    expect(insuranceFacts(held)).toEqual([
      ['Policy number', 'TRV/2026/004211'],
      ['Insurer', 'ICICI Lombard'],
      ['Premium', '₹1,803.00'],
      ['Sum insured', '₹5,00,000.00'],
      ['Note', 'Family of four'],
    ]);
    expect(insuranceFacts({ ...held, sumInsured: null, note: '' })).toEqual([
      ['Policy number', 'TRV/2026/004211'],
      ['Insurer', 'ICICI Lombard'],
      ['Premium', '₹1,803.00'],
    ]);
  });
});

describe('the insurance form', () => {
  it('starts from the insurance held, or blank', () => {
    expect(insuranceFormOf(held)).toEqual({
      policyNumber: 'TRV/2026/004211',
      insurer: 'ICICI Lombard',
      premium: '1803.00',
      sumInsured: '500000.00',
      note: 'Family of four',
    });
    expect(insuranceFormOf(null)).toEqual({
      policyNumber: '',
      insurer: '',
      premium: '',
      sumInsured: '',
      note: '',
    });
  });

  it('sends the text trimmed, leaving out what was not given', () => {
    expect(
      insuranceInput({
        policyNumber: ' P-1 ',
        insurer: ' Tata AIG ',
        premium: ' 950.5 ',
        sumInsured: ' ',
        note: '',
      }),
    ).toEqual({ policyNumber: 'P-1', insurer: 'Tata AIG', premium: '950.5' });
  });

  it('is offered to whoever may manage booking insurance, until the duty is invoiced', () => {
    const may = new Set<string>([PERMISSION.view_booking, PERMISSION.manage_booking_insurance]);
    expect(insuranceEditable({ isBilled: false }, may)).toBe(true);
    expect(insuranceEditable({ isBilled: true }, may)).toBe(false);
    expect(insuranceEditable({ isBilled: false }, new Set<string>([PERMISSION.manage_booking]))).toBe(false);
  });
});
