import Decimal from 'decimal.js';
import type { PurchaseDuty } from './purchase-invoice-types';
import { blankPurchase, draftOf, preview, purchaseProblems, valuesOf } from './purchase-invoice-values';

const duty = (bookingId: string, amount: string, tolls: string[] = []): PurchaseDuty => ({
  bookingId,
  bookingNo: 1,
  startDate: '2026-11-03',
  customerName: 'Harbour',
  vehicleNo: 'KA01',
  driverName: 'Manju',
  purchaseAmount: new Decimal(amount),
  purchaseSlipStatus: 'ACCEPTED',
  purchaseInvoiceId: null,
  purchaseInvoiceNo: null,
  billingItems: tolls.map((t) => ({ name: 'Toll', amount: new Decimal(t) })),
  chargeLines: [],
  blockedReason: null,
});

const supplier = { taxes: [{ taxId: 't', name: 'IGST 5%', percentage: '5' }], defaultTdsPercentage: '2.00' };

describe('the purchase invoice preview', () => {
  it('adds the ticked duties, their billing items when asked, and the rows, as billing will', () => {
    const values = {
      ...blankPurchase('2026-11-24'),
      picks: [
        { bookingId: 'a', includeBillingItems: true, amount: '' },
        { bookingId: 'b', includeBillingItems: false, amount: '' },
      ],
      rows: [{ key: '1', type: 'DISCOUNT_AMOUNT' as const, description: '', amount: '100' }],
    };
    const shown = preview(values, [duty('a', '2579.50', ['120.25']), duty('b', '2000', ['50'])], supplier);
    expect(
      shown && 'figures' in shown ? [shown.figures.taxable, shown.figures.tds, shown.figures.payable] : shown,
    ).toEqual(['4599.75', '92.00', '4738.00']);
  });

  it('names the row of the person that is wrong, not its place among the duties', () => {
    const values = {
      ...blankPurchase('2026-11-24'),
      picks: [{ bookingId: 'a', includeBillingItems: false, amount: '' }],
      rows: [
        { key: '1', type: 'CUSTOM' as const, description: '', amount: '10' },
        { key: '2', type: 'CUSTOM' as const, description: '', amount: '1.005' },
      ],
    };
    expect(preview(values, [duty('a', '100')], supplier)).toEqual({
      problem: expect.any(String),
      field: 'rows.1.amount',
    });
  });
});

describe('the purchase invoice form', () => {
  it('asks for the supplier, its number and dates, received on or after the invoice date, not in the future', () => {
    const values = {
      ...blankPurchase('2026-11-24'),
      supplierInvoiceDate: '2026-11-25',
      receivedDate: '2026-11-20',
    };
    expect(Object.keys(purchaseProblems(values, '2026-11-24')).sort()).toEqual([
      'duties',
      'receivedDate',
      'supplierId',
      'supplierInvoiceDate',
      'supplierInvoiceNo',
    ]);
    const early = { ...values, supplierInvoiceDate: '2026-11-21' };
    expect(purchaseProblems(early, '2026-11-24').receivedDate).toMatch(/on or after/);
  });

  it("sends the supplier's default TDS as absent, and an override as typed", () => {
    const values = { ...blankPurchase('2026-11-24'), supplierId: 's', supplierInvoiceNo: ' SV/1 ' };
    expect(draftOf(values)).toMatchObject({ supplierInvoiceNo: 'SV/1', tdsPercentage: undefined });
    expect(draftOf({ ...values, tdsPercentage: '0' }).tdsPercentage).toBe('0');
  });
});

describe('a draft opened for editing', () => {
  it('gives back its duties (with what was typed for them), its own rows and its own discount', () => {
    const row = (type: string, amount: string, bookingId: string | null = null) => ({
      type,
      bookingId,
      description: '',
      amount: new Decimal(amount),
    });
    const invoice = {
      supplierId: 's',
      companyId: 'c',
      supplierInvoiceNo: 'SV/1',
      supplierInvoiceDate: '2026-11-20',
      receivedDate: '2026-11-21',
      discount: new Decimal('150'),
      tdsPercentage: '2.00',
      notes: 'n',
      rows: [
        row('CAR_HIRE_CHARGES', '2579.50', 'a'),
        row('BILLING_ITEM', '120.25', 'a'),
        row('CAR_HIRE_CHARGES', '1750.00', 'b'),
        row('CUSTOM', '300'),
        row('DISCOUNT_AMOUNT', '100'),
      ],
      duties: [duty('a', '2579.50', ['120.25']), duty('b', '0')],
    };
    const values = valuesOf(invoice);
    expect(values.picks).toEqual([
      { bookingId: 'a', includeBillingItems: true, amount: '' },
      { bookingId: 'b', includeBillingItems: false, amount: '1750.00' },
    ]);
    expect(values.rows.map((r) => [r.type, r.amount])).toEqual([
      ['CUSTOM', '300.00'],
      ['DISCOUNT_AMOUNT', '100.00'],
    ]);
    expect([values.discount, values.tdsPercentage]).toEqual(['50.00', '2.00']);
  });
});
