import { ReceiptError } from './receipts';
import { checkSupplierPayment, supplierPaymentNumber } from './supplier-payments';

const owing = new Map([
  ['a', 420_000n],
  ['b', 105_000n],
]);

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof ReceiptError) return error.field;
    throw error;
  }
  throw new Error('It was accepted');
};

it('numbers a payment in the series of its financial year', () => {
  expect(supplierPaymentNumber('2026-11-24', 1)).toBe('PAY/26-27/0001');
  expect(supplierPaymentNumber('2027-03-31', 12)).toBe('PAY/26-27/0012');
  expect(supplierPaymentNumber('2027-04-01', 3)).toBe('PAY/27-28/0003');
});

it('pays invoices up to what each still owes, holding the rest as an advance', () => {
  expect(
    checkSupplierPayment(
      {
        type: 'INVOICE',
        amount: 500_000n,
        settlements: [
          { invoiceId: 'a', amount: 420_000n },
          { invoiceId: 'b', amount: 50_000n },
        ],
      },
      owing,
    ),
  ).toEqual({ amount: 500_000n, applied: 470_000n, unapplied: 30_000n });
  expect(checkSupplierPayment({ type: 'ADVANCE', amount: 100n, settlements: [] }, owing)).toEqual({
    amount: 100n,
    applied: 0n,
    unapplied: 100n,
  });
});

it('refuses, naming the field, what cannot be paid', () => {
  const pay = (settlements: { invoiceId: string; amount: bigint }[], amount = 1_000_000n, already = 0n) =>
    refusal(() => checkSupplierPayment({ type: 'INVOICE', amount, settlements }, owing, already));
  expect(pay([{ invoiceId: 'a', amount: 420_001n }])).toBe('settlements.0.amount');
  expect(pay([{ invoiceId: 'b', amount: 0n }])).toBe('settlements.0.amount');
  expect(pay([{ invoiceId: 'z', amount: 1n }])).toBe('settlements.0.purchaseInvoiceId');
  expect(
    pay([
      { invoiceId: 'b', amount: 1n },
      { invoiceId: 'b', amount: 1n },
    ]),
  ).toBe('settlements.1.purchaseInvoiceId');
  expect(pay([])).toBe('settlements');
  expect(pay([{ invoiceId: 'a', amount: 2n }], 3n, 2n)).toBe('amount');
});
