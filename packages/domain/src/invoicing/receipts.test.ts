import fc from 'fast-check';
import {
  checkReceipt,
  defaultTdsPaise,
  outstandingPaise,
  paiseOf,
  ReceiptError,
  receiptNumber,
  rupees,
  type SettlementPaise,
} from './receipts';

const settlement = (invoiceId: string, amount: bigint, tds = 0n, bankCharges = 0n): SettlementPaise => ({
  invoiceId,
  amount,
  tds,
  bankCharges,
});

describe('the worked example of DOMAIN.md', () => {
  it('₹10,000 + 5% GST = ₹10,500; TDS 2% of 10,000 = ₹200; ₹10,300 received settles it', () => {
    const tds = defaultTdsPaise(10_000_00n, '2');
    expect(rupees(tds)).toBe('200.00');
    const figures = checkReceipt(
      { type: 'INVOICE', received: 10_300_00n, settlements: [settlement('a', 10_300_00n, tds)] },
      new Map([['a', 10_500_00n]]),
    );
    expect(figures).toEqual({
      received: 10_300_00n,
      applied: 10_300_00n,
      unapplied: 0n,
      tds: 200_00n,
      bankCharges: 0n,
    });
    expect(outstandingPaise(10_500_00n, [settlement('a', 10_300_00n, tds)])).toBe(0n);
  });

  it('bank charges settle the invoice as money does (the operator bears them)', () => {
    const paid = [settlement('a', 10_285_00n, 200_00n, 15_00n)];
    expect(outstandingPaise(10_500_00n, paid)).toBe(0n);
  });

  it('credit notes lower and debit notes raise what is outstanding', () => {
    expect(outstandingPaise(10_500_00n, [], { creditPaise: 500_00n, debitPaise: 120_50n })).toBe(10_120_50n);
  });
});

describe('default TDS', () => {
  it.each([
    ['1', 12_345_67n, '123.00'],
    ['2', 12_345_67n, '247.00'],
    ['2', 12_325_00n, '247.00'], // 246.50 rounds up to the rupee
    ['2', 12_324_99n, '246.00'],
    ['0', 12_345_67n, '0.00'],
    ['', 12_345_67n, '0.00'],
  ])('%s%% of ₹%s before GST is ₹%s', (percent, taxable, tds) => {
    expect(rupees(defaultTdsPaise(taxable, percent))).toBe(tds);
  });
});

describe('a receipt checked against what each invoice asks', () => {
  const open = new Map([
    ['a', 1_000_00n],
    ['b', 500_00n],
  ]);
  const refused = (receipt: Parameters<typeof checkReceipt>[0], field: string) => {
    try {
      checkReceipt(receipt, open);
    } catch (error) {
      expect(error).toBeInstanceOf(ReceiptError);
      expect((error as ReceiptError).field).toBe(field);
      return;
    }
    throw new Error('the receipt was taken');
  };

  it('keeps what is not applied for the customer', () => {
    expect(
      checkReceipt({ type: 'INVOICE', received: 1_200_00n, settlements: [settlement('a', 1_000_00n)] }, open),
    ).toMatchObject({
      applied: 1_000_00n,
      unapplied: 200_00n,
    });
    expect(checkReceipt({ type: 'ON_ACCOUNT', received: 700_00n, settlements: [] }, open).unapplied).toBe(
      700_00n,
    );
  });

  it('refuses settling beyond an invoice’s outstanding, money, TDS and charges together', () => {
    refused(
      { type: 'INVOICE', received: 1_000_00n, settlements: [settlement('b', 490_00n, 10_00n, 1n)] },
      'settlements.0.amount',
    );
  });
  it('refuses applying more than was received', () => {
    refused(
      { type: 'INVOICE', received: 100_00n, settlements: [settlement('a', 100_00n), settlement('b', 1n)] },
      'receivedAmount',
    );
  });
  it('refuses an invoice twice, an unknown invoice, an empty settlement, and a receipt against no invoice', () => {
    refused(
      { type: 'INVOICE', received: 10_00n, settlements: [settlement('a', 1n), settlement('a', 1n)] },
      'settlements.1.invoiceId',
    );
    refused(
      { type: 'INVOICE', received: 10_00n, settlements: [settlement('z', 1n)] },
      'settlements.0.invoiceId',
    );
    refused(
      { type: 'INVOICE', received: 10_00n, settlements: [settlement('a', 0n)] },
      'settlements.0.amount',
    );
    refused({ type: 'INVOICE', received: 10_00n, settlements: [] }, 'settlements');
  });

  it('never leaves an invoice below zero nor applies more than received, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 600_000n }), fc.bigInt({ min: 0n, max: 5_000n })), {
          maxLength: 2,
        }),
        (received, shares) => {
          const settlements = shares.map(([amount, tds], i) => settlement(i === 0 ? 'a' : 'b', amount, tds));
          let figures: ReturnType<typeof checkReceipt>;
          try {
            figures = checkReceipt({ type: 'INVOICE', received, settlements }, open);
          } catch (error) {
            return error instanceof ReceiptError;
          }
          return (
            figures.applied + figures.unapplied === received &&
            figures.unapplied >= 0n &&
            settlements.every((s) => outstandingPaise(open.get(s.invoiceId)!, [s]) >= 0n)
          );
        },
      ),
    );
  });
});

it('reads typed money to the paisa and names what is wrong', () => {
  expect(paiseOf(' 1050.5 ', 'x')).toBe(1_050_50n);
  expect(paiseOf('', 'x')).toBe(0n);
  expect(() => paiseOf('10.001', 'tds')).toThrow(/two decimals/);
  expect(() => paiseOf('-1', 'tds')).toThrow(/negative/);
  expect(() => paiseOf('ten', 'tds')).toThrow(/rupees/);
});

it('numbers receipts in the financial year of their date', () => {
  expect(receiptNumber('2026-11-24', 7)).toBe('RCT/26-27/0007');
  expect(receiptNumber('2027-03-31', 12345)).toBe('RCT/26-27/12345');
  expect(receiptNumber('2027-04-01', 1)).toBe('RCT/27-28/0001');
});
