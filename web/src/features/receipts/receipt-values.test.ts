import Decimal from 'decimal.js';
import { blankReceipt, type ReceiptFormValues, receiptInputOf, receiptProblems } from './receipt-values';
import type { AskingInvoice, Picks } from './settlements';

const invoice: AskingInvoice = {
  invoiceId: '0a1b2c3d-0000-4000-8000-000000000001',
  companyId: 'c1',
  outstanding: new Decimal('10500'),
  defaultTds: new Decimal('200'),
};
const picks: Picks = { [invoice.invoiceId]: { amount: '10300.00', tdsAmount: '200.00', bankCharges: '' } };
const values = (patch: Partial<ReceiptFormValues>): ReceiptFormValues => ({
  ...blankReceipt('2026-11-24', 'cust-1'),
  receivedAmount: '10300',
  ...patch,
});

describe('a payment as received', () => {
  it('starts today, against invoices, by bank transfer, for the customer it came with', () => {
    expect(blankReceipt('2026-11-24', 'cust-1')).toMatchObject({
      type: 'INVOICE',
      customerId: 'cust-1',
      receiptDate: '2026-11-24',
      paymentMode: 'NEFT',
      receivedAmount: '',
    });
  });

  it('sends the settlements against invoices, trimmed text, blanks left out', () => {
    const input = receiptInputOf(
      values({
        receivedAmount: ' 10300 ',
        reference: ' UTR123 ',
        bankName: '  ',
        chequeNo: '99',
        companyId: 'co-2',
      }),
      [invoice],
      picks,
    );
    expect(input).toEqual({
      type: 'INVOICE',
      customerId: 'cust-1',
      // Against invoices the company is theirs.
      companyId: undefined,
      receiptDate: '2026-11-24',
      receivedAmount: '10300',
      paymentMode: 'NEFT',
      // A cheque's number is only a cheque's.
      chequeNo: undefined,
      chequeDate: undefined,
      bankName: undefined,
      reference: 'UTR123',
      notes: undefined,
      settlements: [
        { invoiceId: invoice.invoiceId, amount: '10300.00', tdsAmount: '200.00', bankCharges: undefined },
      ],
    });
  });

  it('sends an advance with its company and no settlements, and a cheque with its number and date', () => {
    const input = receiptInputOf(
      values({
        type: 'ADVANCE',
        companyId: 'co-2',
        paymentMode: 'CHEQUE',
        chequeNo: ' 004512 ',
        chequeDate: '2026-11-20',
      }),
      [invoice],
      picks,
    );
    expect(receiptInputOf(values({ type: 'ON_ACCOUNT' }), [], {}).companyId).toBeUndefined();
    expect(input).toMatchObject({
      type: 'ADVANCE',
      companyId: 'co-2',
      chequeNo: '004512',
      chequeDate: '2026-11-20',
      settlements: [],
    });
  });
});

describe('what is wrong before it is sent', () => {
  it('finds nothing wrong with a whole receipt', () => {
    expect(receiptProblems(values({}), [invoice], picks)).toEqual({});
    expect(receiptProblems(values({ type: 'ON_ACCOUNT' }), [invoice], {})).toEqual({});
  });

  it('asks for the customer, the date, the amount, and a cheque’s number', () => {
    expect(
      receiptProblems(
        values({
          customerId: '',
          receiptDate: '',
          receivedAmount: '',
          paymentMode: 'CHEQUE',
          type: 'ADVANCE',
        }),
        [],
        {},
      ),
    ).toEqual({
      customerId: 'Choose the customer who paid.',
      receiptDate: 'Give the date the money was received.',
      receivedAmount: 'Enter the amount received.',
      chequeNo: 'Give the cheque number.',
    });
    expect(receiptProblems(values({ type: 'ADVANCE', receivedAmount: '1.234' }), [], {})).toEqual({
      receivedAmount: 'Enter the amount received in rupees, to the paisa, e.g. 10300.50',
    });
  });

  it('needs an invoice ticked against invoices, and no more applied than received', () => {
    expect(receiptProblems(values({}), [invoice], {})).toEqual({
      settlements: 'Tick the invoices this payment settles, or receive it as an advance or on account.',
    });
    expect(receiptProblems(values({ receivedAmount: '10000' }), [invoice], picks)).toEqual({
      receivedAmount: 'The invoices take ₹10,300.00, more than the ₹10,000.00 received.',
    });
  });
});
