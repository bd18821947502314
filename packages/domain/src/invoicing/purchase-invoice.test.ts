import Decimal from 'decimal.js';
import fc from 'fast-check';
import {
  checkedSupplierInvoiceNo,
  checkPurchaseDates,
  defaultPurchaseTdsPercentage,
  PurchaseInvoiceError,
  type PurchaseRow,
  purchaseFigures,
  purchaseNumber,
} from './purchase-invoice';
import {
  decodePurchaseInvoiceListPage,
  encodePurchaseInvoiceListPage,
  type PurchaseInvoiceListItem,
  PurchaseInvoiceListPageError,
} from './purchase-invoice-list-page';

const GST_5 = [{ taxId: 'igst', name: 'IGST 5%', percentage: '5' }];
const CGST_SGST = [
  { taxId: 'c', name: 'CGST 2.5%', percentage: '2.5' },
  { taxId: 's', name: 'SGST 2.5%', percentage: '2.5' },
];

function fieldOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof PurchaseInvoiceError) return error.field;
    throw error;
  }
  return '(none)';
}

describe('the figures of a purchase invoice', () => {
  it('two duties and a toll, a discount row, 5% GST and 1% TDS', () => {
    const figures = purchaseFigures({
      rows: [
        { type: 'CAR_HIRE_CHARGES', amount: '2579.50', bookingId: 'a' },
        { type: 'CAR_HIRE_CHARGES', amount: '2000' },
        { type: 'BILLING_ITEM', amount: '120.25', description: 'Toll' },
        { type: 'DISCOUNT_AMOUNT', amount: '100' },
      ],
      taxes: GST_5,
      tdsPercentage: '1',
    });
    // 4699.75 − 100 = 4599.75; 5% = 229.9875 → 229.99; 4829.74 → 4830 (+0.26); TDS 1% = 45.9975 → 46.
    expect(figures).toEqual({
      subTotal: '4699.75',
      discount: '100.00',
      taxable: '4599.75',
      taxes: [{ taxId: 'igst', name: 'IGST 5%', percentage: '5.00', amount: '229.99' }],
      taxTotal: '229.99',
      tdsPercentage: '1.00',
      tds: '46.00',
      roundOff: '0.26',
      total: '4830.00',
      payable: '4784.00',
    });
  });

  it('CGST and SGST each to the paisa; the invoice discount adds to the discount rows; 50 paise round up', () => {
    const figures = purchaseFigures({
      rows: [
        { type: 'CUSTOM', amount: '1010' },
        { type: 'DISCOUNT_AMOUNT', amount: '5' },
      ],
      discount: '5',
      taxes: CGST_SGST,
      tdsPercentage: '2',
    });
    // 1000 taxable; 25 + 25; 1050 exact; TDS 20.
    expect([
      figures.taxable,
      figures.taxTotal,
      figures.total,
      figures.roundOff,
      figures.tds,
      figures.payable,
    ]).toEqual(['1000.00', '50.00', '1050.00', '0.00', '20.00', '1030.00']);
    const half = purchaseFigures({
      rows: [{ type: 'CUSTOM', amount: '100.50' }],
      taxes: [],
      tdsPercentage: '0',
    });
    expect([half.total, half.roundOff]).toEqual(['101.00', '0.50']);
    const down = purchaseFigures({
      rows: [{ type: 'CUSTOM', amount: '100.49' }],
      taxes: [],
      tdsPercentage: '0',
    });
    expect([down.total, down.roundOff]).toEqual(['100.00', '-0.49']);
  });

  it('TDS is rounded once, to the rupee, half up (s.288B)', () => {
    const tds = (amount: string, percent: string) =>
      purchaseFigures({ rows: [{ type: 'CUSTOM', amount }], taxes: [], tdsPercentage: percent }).tds;
    expect(tds('12325', '2')).toBe('247.00'); // 246.50
    expect(tds('12324.99', '2')).toBe('246.00');
    expect(tds('12345.67', '0')).toBe('0.00');
  });

  it.each([
    [{ rows: [] }, 'rows'],
    [{ rows: [{ type: 'CUSTOM', amount: '-1' }] }, 'rows.0.amount'],
    [
      {
        rows: [
          { type: 'CUSTOM', amount: '1' },
          { type: 'CUSTOM', amount: '1.005' },
        ],
      },
      'rows.1.amount',
    ],
    [{ rows: [{ type: 'CUSTOM', amount: 'ten' }] }, 'rows.0.amount'],
    [{ rows: [{ type: 'TDS', amount: '1' }] }, 'rows.0.type'],
    [{ rows: [{ type: 'CUSTOM', amount: '10' }], discount: '10.01' }, 'discount'],
    [{ rows: [{ type: 'CUSTOM', amount: '10' }], tdsPercentage: '101' }, 'tdsPercentage'],
  ])('refuses %j on %s', (input, field) => {
    const rows = input.rows as PurchaseRow[];
    expect(fieldOf(() => purchaseFigures({ taxes: [], tdsPercentage: '0', ...input, rows }))).toBe(field);
  });

  it('always reconciles: payable = Σrows − discount + tax + round-off − TDS, and the total is whole rupees', () => {
    const paise = fc
      .bigInt({ min: 0n, max: 99_999_999_99n })
      .map((p) => new Decimal(p.toString()).div(100).toFixed(2));
    const row = fc.record({
      type: fc.constantFrom('CAR_HIRE_CHARGES', 'BILLING_ITEM', 'CUSTOM', 'DISCOUNT_AMOUNT' as const),
      amount: paise,
    });
    const percent = fc.integer({ min: 0, max: 10000 }).map((h) => new Decimal(h).div(100).toFixed(2));
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 20 }),
        fc.array(percent, { maxLength: 3 }),
        percent,
        (rows, taxPercents, tdsPercent) => {
          const typed = rows as PurchaseRow[];
          const gross = typed
            .filter((r) => r.type !== 'DISCOUNT_AMOUNT')
            .reduce((s, r) => s.plus(r.amount), new Decimal(0));
          const off = typed
            .filter((r) => r.type === 'DISCOUNT_AMOUNT')
            .reduce((s, r) => s.plus(r.amount), new Decimal(0));
          fc.pre(off.lte(gross));
          const f = purchaseFigures({
            rows: typed,
            taxes: taxPercents.map((p, i) => ({ taxId: String(i), name: `T${i}`, percentage: p })),
            tdsPercentage: tdsPercent,
          });
          const rebuilt = gross.minus(f.discount).plus(f.taxTotal).plus(f.roundOff).minus(f.tds);
          expect(rebuilt.toFixed(2)).toBe(f.payable);
          expect(new Decimal(f.total).isInteger()).toBe(true);
          expect(new Decimal(f.roundOff).abs().lte('0.5')).toBe(true);
          expect(new Decimal(f.tds).isInteger()).toBe(true);
          expect(new Decimal(f.payable).gte(0)).toBe(true);
        },
      ),
    );
  });
});

describe('the default TDS of a supplier', () => {
  it.each([
    [{ tdsPercentage: '1.5', tdsLedgerType: '194C_OTHERS' }, '1.50'],
    [{ tdsPercentage: '', tdsLedgerType: '194C_INDIVIDUAL' }, '1.00'],
    [{ tdsPercentage: '', tdsLedgerType: '194C_OTHERS' }, '2.00'],
    [{ tdsPercentage: '', tdsLedgerType: 'NONE' }, '0.00'],
    [{}, '0.00'],
  ])('%j deducts %s%%', (supplier, percent) => {
    expect(defaultPurchaseTdsPercentage(supplier)).toBe(percent);
  });
});

describe("the supplier's number and dates", () => {
  it('numbers ours PUR/yy-yy/0001 by the financial year of the supplier invoice date', () => {
    expect(purchaseNumber('2026-03-31', 7)).toBe('PUR/25-26/0007');
    expect(purchaseNumber('2026-04-01', 1)).toBe('PUR/26-27/0001');
  });

  it('takes a number of up to 40 characters without NUL', () => {
    expect(checkedSupplierInvoiceNo('  SV/118  ')).toBe('SV/118');
    expect(fieldOf(() => checkedSupplierInvoiceNo(''))).toBe('supplierInvoiceNo');
    expect(fieldOf(() => checkedSupplierInvoiceNo('x'.repeat(41)))).toBe('supplierInvoiceNo');
    expect(fieldOf(() => checkedSupplierInvoiceNo('a\0b'))).toBe('supplierInvoiceNo');
  });

  it.each([
    [{ supplierInvoiceDate: '', receivedDate: '2026-11-20' }, 'supplierInvoiceDate'],
    [{ supplierInvoiceDate: '2026-11-20', receivedDate: '' }, 'receivedDate'],
    [{ supplierInvoiceDate: '2026-11-25', receivedDate: '2026-11-25' }, 'supplierInvoiceDate'],
    [{ supplierInvoiceDate: '2026-11-20', receivedDate: '2026-11-25' }, 'receivedDate'],
    [{ supplierInvoiceDate: '2026-11-20', receivedDate: '2026-11-19' }, 'receivedDate'],
    [{ supplierInvoiceDate: '2026-11-20', receivedDate: '2026-11-24' }, '(none)'],
  ])('%j on 2026-11-24 → %s', (dates, field) => {
    expect(fieldOf(() => checkPurchaseDates({ ...dates, today: '2026-11-24' }))).toBe(field);
  });
});

describe('the purchase invoice list page', () => {
  const item: PurchaseInvoiceListItem = {
    id: 'a',
    purchaseNo: 'PUR/26-27/0001',
    status: 'APPROVED',
    companyId: 'c',
    supplierId: 's',
    supplierName: 'Sai Travels',
    supplierInvoiceNo: 'ST/42',
    supplierInvoiceDate: '2026-11-02',
    receivedDate: '2026-11-03',
    taxable: '1000.00',
    taxTotal: '50.00',
    tds: '10.00',
    total: '1050.00',
    payable: '1040.00',
    paid: '0.00',
    createdAt: '2026-11-03T05:00:00.000Z',
    version: 2,
  };

  it('reads back what it wrote', () => {
    expect(decodePurchaseInvoiceListPage(encodePurchaseInvoiceListPage([item]))).toEqual([item]);
  });

  it('refuses a page whose money is a number or whose status is unknown', () => {
    expect(() => decodePurchaseInvoiceListPage(JSON.stringify([{ ...item, total: 1050 }]))).toThrow(
      PurchaseInvoiceListPageError,
    );
    expect(() => decodePurchaseInvoiceListPage(JSON.stringify([{ ...item, status: 'PAID' }]))).toThrow(
      /status/,
    );
  });
});
