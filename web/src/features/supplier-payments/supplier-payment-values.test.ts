import Decimal from 'decimal.js';
import type { OwingInvoice } from './supplier-payment-types';
import { blankPayment, paymentInputOf, paymentProblems } from './supplier-payment-values';

const invoice = (id: string, owing: string): OwingInvoice => ({
  purchaseInvoiceId: id,
  purchaseNo: `PUR/26-27/${id}`,
  supplierInvoiceNo: `S-${id}`,
  supplierId: 's1',
  supplierName: 'Sahyadri Travels',
  companyId: 'c1',
  status: 'APPROVED',
  supplierInvoiceDate: '2026-11-01',
  dueDate: null,
  payable: new Decimal(owing),
  paid: new Decimal(0),
  owing: new Decimal(owing),
});
const invoices = [invoice('a', '1000'), invoice('b', '500')];

it('asks for the supplier, the amount, a cheque’s number and the invoices it pays', () => {
  const blank = blankPayment('2026-11-24');
  expect(paymentProblems({ ...blank, paymentMode: 'CHEQUE' }, invoices, {})).toEqual({
    supplierId: 'Choose the supplier.',
    amount: 'Give the amount paid.',
    chequeNo: 'Give the cheque number.',
    settlements: 'Tick the invoices this payment pays.',
  });
  const filled = { ...blank, supplierId: 's1', amount: '1200' };
  expect(paymentProblems(filled, invoices, { a: '1000', b: '300' })).toEqual({
    amount: 'The invoices take ₹1,300.00, more than the ₹1,200.00 paid.',
  });
  expect(paymentProblems({ ...filled, type: 'ADVANCE' }, invoices, {})).toEqual({});
  expect(paymentProblems({ ...filled, amount: '12.345' }, invoices, { a: '1' }).amount).toMatch(
    /to the paisa/,
  );
});

it('sends an advance on a duty without invoices, and a payment with its invoices in the table’s order', () => {
  const advance = blankPayment('2026-11-24', { supplierId: 's1', bookingId: 'd1' });
  expect(advance.type).toBe('ADVANCE');
  expect(paymentInputOf({ ...advance, amount: '500', chequeNo: 'x' }, invoices, { a: '1' })).toEqual({
    type: 'ADVANCE',
    supplierId: 's1',
    paymentDate: '2026-11-24',
    amount: '500.00',
    paymentMode: 'NEFT',
    bookingId: 'd1',
    settlements: [],
  });
  const pay = { ...blankPayment('2026-11-24', { supplierId: 's1' }), amount: '1500', reference: ' UTR1 ' };
  expect(paymentInputOf(pay, invoices, { b: '500', a: '1000' })).toMatchObject({
    type: 'INVOICE',
    reference: 'UTR1',
    settlements: [
      { purchaseInvoiceId: 'a', amount: '1000' },
      { purchaseInvoiceId: 'b', amount: '500' },
    ],
  });
});
