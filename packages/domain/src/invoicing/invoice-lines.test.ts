import Decimal from 'decimal.js';
import { invoiceLineSchema, invoiceLinesSchema } from './invoice-lines';

const BOOKING_ID = '0b6c1c52-3f0e-4d6e-9a57-0d7f3b2a1c11';

const bookingWire = {
  type: 'BOOKING',
  bookingId: BOOKING_ID,
  description: 'Innova, 8 h / 80 km',
  charges: [
    { code: 'BASE', label: 'Package', quantity: '1', unit: 'duty', rate: '2000', amount: '2000.00' },
    { code: 'EXTRA_KM', label: 'Extra km', quantity: '28', unit: 'km', rate: '14', amount: '392' },
    {
      code: 'EXTRA_HOURS',
      label: 'Extra hours',
      quantity: '0.11666666666666666667',
      unit: 'hour',
      rate: '150',
      amount: '17.50',
    },
  ],
  total: '2409.50',
};

const issues = (input: unknown) => {
  const result = invoiceLinesSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('invoice lines as billing takes them', () => {
  it('reads amounts from decimal text into Decimals, with defaults for what may be absent', () => {
    const lines = invoiceLinesSchema.parse([
      bookingWire,
      { type: 'CUSTOM', description: 'Decoration', quantity: '2', rate: '0.10', taxable: true },
      { type: 'BILLING_ITEM', name: 'Toll', amount: new Decimal('0.20'), taxable: false, sac: '996742' },
      { type: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE', percent: '12.5' },
    ]);
    expect(lines[0]).toMatchObject({ type: 'BOOKING', total: new Decimal('2409.5') });
    expect(lines[1]).toEqual({
      type: 'CUSTOM',
      description: 'Decoration',
      sac: '',
      quantity: new Decimal(2),
      rate: new Decimal('0.1'),
      taxable: true,
      taxRate: null,
    });
    expect(lines[2]).toMatchObject({ amount: new Decimal('0.2'), sac: '996742' });
    expect(lines[3]).toEqual({
      type: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE',
      description: '',
      percent: new Decimal('12.5'),
    });
  });

  it('refuses numbers, negatives, fractions of a paisa, percentages over 100, NUL and bad SACs', () => {
    expect(
      issues([
        { type: 'BILLING_ITEM', name: 'Toll', amount: 10.5, taxable: false },
        { type: 'BILLING_ITEM', name: 'Parking', amount: '-1', taxable: false },
        { type: 'DISCOUNT_AMOUNT', amount: '1.005' },
        { type: 'DISCOUNT_PERCENTAGE', percent: '100.01' },
        { type: 'CUSTOM', description: 'A\u0000', quantity: '1', rate: '1', taxable: true, sac: '99' },
        { type: 'BILLING_ITEM', name: 'Toll', amount: '1000000000', taxable: false },
      ]),
    ).toEqual([
      '0.amount: Enter the amount as a number of 0 or more, e.g. 1250.50',
      '1.amount: Enter the amount as a number of 0 or more, e.g. 1250.50',
      '2.amount: The discount has at most 2 decimal places',
      '3.percent: The discount percentage is at most 100',
      '4.description: Remove the NUL character (U+0000); it cannot be stored.',
      '4.sac: A SAC or HSN code has 4, 6 or 8 digits',
      '5.amount: The amount is at most 999999999.99',
    ]);
  });

  it('refuses a booking whose total is not the sum of its charges, and TAX lines (they are computed)', () => {
    expect(issues([{ ...bookingWire, total: '2409.51' }])).toEqual([
      "0.total: The booking's total 2409.51 is not the sum of its charges, 2409.50",
    ]);
    expect(invoiceLineSchema.safeParse({ type: 'TAX', amount: '10' }).success).toBe(false);
  });

  it('needs something to invoice besides discounts', () => {
    expect(issues([{ type: 'DISCOUNT_AMOUNT', amount: '10' }])).toEqual([
      ': Add a booking, a row or a billing item to invoice',
    ]);
    expect(issues([])).toHaveLength(1);
  });
});
