import Decimal from 'decimal.js';
import { blankRow, rowProblems, rowsFromInvoice, rowsToLines } from './invoice-rows';
import type { InvoiceLine } from './invoice-types';

const line = (patch: Partial<InvoiceLine>): InvoiceLine => ({
  id: 'l1',
  type: 'CUSTOM',
  description: '',
  sacCode: '',
  quantity: null,
  rate: null,
  percentage: null,
  amount: new Decimal(0),
  isTaxable: false,
  taxRate: null,
  taxableValue: null,
  bookingId: null,
  bookingNo: null,
  billingItemId: null,
  charges: [],
  ...patch,
});

describe('invoice rows as the editor holds them', () => {
  it('sends only the fields a row’s type has, trimmed, blanks left out', () => {
    const custom = {
      ...blankRow('CUSTOM'),
      description: ' Airport parking ',
      quantity: '2',
      rate: '150.50',
      percentage: '10',
      sacCode: '996601',
      taxId: 'tax-12',
    };
    const discount = { ...blankRow('DISCOUNT_PERCENTAGE'), percentage: '5', rate: '99', isTaxable: true };
    const untaxed = {
      ...blankRow('BILLING_ITEM'),
      description: 'Toll',
      amount: '320',
      isTaxable: false,
      taxId: 't',
    };
    expect(rowsToLines([custom, discount, untaxed])).toEqual([
      {
        type: 'CUSTOM',
        description: 'Airport parking',
        sacCode: '996601',
        quantity: '2',
        rate: '150.50',
        percentage: undefined,
        amount: undefined,
        isTaxable: true,
        taxId: 'tax-12',
        billingItemId: undefined,
      },
      {
        type: 'DISCOUNT_PERCENTAGE',
        description: undefined,
        sacCode: undefined,
        quantity: undefined,
        rate: undefined,
        percentage: '5',
        amount: undefined,
        isTaxable: undefined,
        taxId: undefined,
        billingItemId: undefined,
      },
      {
        type: 'BILLING_ITEM',
        description: 'Toll',
        sacCode: undefined,
        quantity: undefined,
        rate: undefined,
        percentage: undefined,
        amount: '320',
        isTaxable: false,
        taxId: undefined,
        billingItemId: undefined,
      },
    ]);
  });

  it('names each missing or malformed value at its field, as the server does', () => {
    const rows = [
      { ...blankRow('CUSTOM'), quantity: '1', rate: '12,50' },
      { ...blankRow('SURCHARGE_PERCENTAGE') },
      { ...blankRow('BILLING_ITEM'), description: 'Toll', amount: '40', sacCode: '99660' },
    ];
    expect(rowProblems(rows)).toEqual({
      'lines.0.description': 'Say what the row is for.',
      'lines.0.rate': 'Enter the rate as a number, e.g. 1250.50',
      'lines.1.percentage': 'Enter the percentage.',
      'lines.2.sacCode': 'A SAC code has 4, 6 or 8 digits',
    });
    expect(rowProblems([{ ...blankRow('DISCOUNT_AMOUNT'), amount: '100' }])).toEqual({});
  });

  it('starts the editor with the staff’s rows only, matching a row’s own GST rate back to its tax', () => {
    const rows = rowsFromInvoice(
      [
        line({ type: 'BOOKING', bookingId: 'b1', amount: new Decimal('2579.50') }),
        line({
          type: 'BILLING_ITEM',
          bookingId: 'b1',
          description: 'Toll (duty 12)',
          amount: new Decimal(40),
        }),
        line({
          type: 'CUSTOM',
          description: 'Guide',
          quantity: new Decimal(2),
          rate: new Decimal('500'),
          amount: new Decimal(1000),
          isTaxable: true,
          taxRate: new Decimal(18),
        }),
        line({
          type: 'CUSTOM',
          description: 'Water',
          quantity: new Decimal(1),
          rate: new Decimal(30),
          isTaxable: true,
          taxRate: new Decimal(5),
        }),
        line({ type: 'DISCOUNT_PERCENTAGE', percentage: new Decimal('2.5'), amount: new Decimal(25) }),
        line({
          type: 'BILLING_ITEM',
          description: 'Permit',
          amount: new Decimal(600),
          billingItemId: 'bi-1',
        }),
      ],
      new Decimal(5),
      [
        { id: 'gst-5', percentage: '5' },
        { id: 'gst-18', percentage: '18.00' },
      ],
    );
    expect(rows.map(({ key: _key, ...row }) => row)).toEqual([
      {
        type: 'CUSTOM',
        description: 'Guide',
        sacCode: '',
        quantity: '2',
        rate: '500',
        percentage: '',
        amount: '',
        isTaxable: true,
        taxId: 'gst-18',
        billingItemId: '',
      },
      {
        type: 'CUSTOM',
        description: 'Water',
        sacCode: '',
        quantity: '1',
        rate: '30',
        percentage: '',
        amount: '',
        isTaxable: true,
        // The car hire rate: no tax of its own.
        taxId: '',
        billingItemId: '',
      },
      {
        type: 'DISCOUNT_PERCENTAGE',
        description: '',
        sacCode: '',
        quantity: '',
        rate: '',
        percentage: '2.5',
        amount: '',
        isTaxable: false,
        taxId: '',
        billingItemId: '',
      },
      {
        type: 'BILLING_ITEM',
        description: 'Permit',
        sacCode: '',
        quantity: '',
        rate: '',
        percentage: '',
        amount: '600.00',
        isTaxable: false,
        taxId: '',
        billingItemId: 'bi-1',
      },
    ]);
    // What the editor starts with goes back as it came.
    expect(rowsToLines(rows).map((l) => [l.type, l.taxId, l.rate ?? l.amount ?? l.percentage])).toEqual([
      ['CUSTOM', 'gst-18', '500'],
      ['CUSTOM', undefined, '30'],
      ['DISCOUNT_PERCENTAGE', undefined, '2.5'],
      ['BILLING_ITEM', undefined, '600.00'],
    ]);
  });
});
