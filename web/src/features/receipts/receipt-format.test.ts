import Decimal from 'decimal.js';
import { offeredReceiptActions, paymentModeText, receiptTypeText } from './receipt-format';

it('writes a receipt’s type and payment mode in words, an unknown one as it came', () => {
  expect(receiptTypeText('INVOICE')).toBe('Against invoices');
  expect(receiptTypeText('ON_ACCOUNT')).toBe('On account');
  expect(paymentModeText('NEFT')).toBe('NEFT / bank transfer');
  expect(paymentModeText('UPI')).toBe('UPI');
});

it('offers cancelling a live receipt, and applying one that still holds money, by permission', () => {
  const everything = new Set(['cancel_receipt', 'manage_receipt']);
  const offered = (isCancelled: boolean, unapplied: string, permissions = everything) =>
    Object.entries(
      offeredReceiptActions({ isCancelled, unappliedAmount: new Decimal(unapplied) }, permissions),
    )
      .filter(([, yes]) => yes)
      .map(([action]) => action);
  expect(offered(false, '500')).toEqual(['cancel', 'apply']);
  expect(offered(false, '0')).toEqual(['cancel']);
  expect(offered(true, '500')).toEqual([]);
  expect(offered(false, '500', new Set(['manage_receipt']))).toEqual(['apply']);
  expect(offered(false, '500', new Set(['view_receipt']))).toEqual([]);
});
