import Decimal from 'decimal.js';
import { rupeesInWords } from './amount-in-words';

const words = (amount: Decimal.Value) => rupeesInWords(new Decimal(amount));

describe('rupees in words', () => {
  it('writes rupees and paise as Indian invoices do', () => {
    expect(words('2579.50')).toBe('Rupees Two Thousand Five Hundred Seventy Nine and Fifty Paise Only');
    expect(words('10500')).toBe('Rupees Ten Thousand Five Hundred Only');
    expect(words('2708')).toBe('Rupees Two Thousand Seven Hundred Eight Only');
    expect(words('0.05')).toBe('Five Paise Only');
    expect(words('0')).toBe('Rupees Zero Only');
    expect(words('1.01')).toBe('Rupees One and One Paise Only');
    expect(words('90.99')).toBe('Rupees Ninety and Ninety Nine Paise Only');
  });

  it('groups in thousands, lakhs and crores', () => {
    expect(words('1234567')).toBe('Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven Only');
    expect(words('100000')).toBe('Rupees One Lakh Only');
    expect(words('10000000')).toBe('Rupees One Crore Only');
    expect(words('999999999.99')).toBe(
      'Rupees Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
    );
    expect(words('1234500000000')).toBe(
      'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Crore Only',
    );
    expect(words('110011')).toBe('Rupees One Lakh Ten Thousand Eleven Only');
  });

  it('refuses a negative amount or a fraction of a paisa', () => {
    expect(() => words('-1')).toThrow(RangeError);
    expect(() => words('1.005')).toThrow('whole paise');
  });
});
