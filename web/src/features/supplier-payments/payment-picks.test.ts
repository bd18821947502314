import Decimal from 'decimal.js';
import { appliedOf, fillInOrder, mayTick, pickProblems, settlementsToSend, toggled } from './payment-picks';

const invoice = (id: string, owing: string, companyId = 'c1') => ({
  purchaseInvoiceId: id,
  companyId,
  owing: new Decimal(owing),
});
const invoices = [
  invoice('a', '4200'),
  invoice('b', '2100.50'),
  invoice('x', '99', 'c2'),
  invoice('c', '700'),
];
const over = { field: 'amount', words: 'paid' };

it('ticks an invoice at what it owes, or at what is left of the amount paid', () => {
  expect(toggled(invoices[0]!, invoices, {}, null)).toEqual({ a: '4200.00' });
  expect(toggled(invoices[1]!, invoices, { a: '4200.00' }, new Decimal(5000))).toEqual({
    a: '4200.00',
    b: '800.00',
  });
  // Nothing left: the whole of what it owes, so that the figures show plainly it is too much.
  expect(toggled(invoices[1]!, invoices, { a: '4200.00' }, new Decimal(4200))).toEqual({
    a: '4200.00',
    b: '2100.50',
  });
  expect(toggled(invoices[0]!, invoices, { a: '1' }, null)).toEqual({});
});

it('fills the oldest invoices of one company first until the money runs out', () => {
  expect(fillInOrder(invoices, new Decimal('6400'))).toEqual({ a: '4200.00', b: '2100.50', c: '99.50' });
  expect(fillInOrder(invoices, new Decimal('100'))).toEqual({ a: '100.00' });
  expect(mayTick(invoices[2]!, invoices, { a: '1' })).toBe(false);
  expect(mayTick(invoices[2]!, invoices, {})).toBe(true);
});

it('names what is wrong by the gateway’s fields, in the order the rows are sent', () => {
  const picks = { a: '4200.01', c: '0', b: 'ten' };
  expect(pickProblems(invoices, picks, null, over)).toEqual({
    'settlements.0.amount': 'That is more than the ₹4,200.00 it still owes.',
    'settlements.1.amount': 'Enter the amount in rupees, to the paisa, e.g. 10300.50',
    'settlements.2.amount': 'Pay something of this invoice, or untick it.',
  });
  expect(pickProblems(invoices, { a: '4000', b: '100' }, new Decimal(4000), over)).toEqual({
    amount: 'The invoices take ₹4,100.00, more than the ₹4,000.00 paid.',
  });
  expect(appliedOf(invoices, { a: '4000', b: '100.25' }).toFixed(2)).toBe('4100.25');
  expect(settlementsToSend(invoices, { c: ' 5 ', a: '1' })).toEqual([
    { purchaseInvoiceId: 'a', amount: '1' },
    { purchaseInvoiceId: 'c', amount: '5' },
  ]);
});
