import Decimal from 'decimal.js';
import {
  amountOf,
  type NoteFormValues,
  noteFigures,
  noteProblems,
  noteTypeMark,
  noteTypeName,
  offeredNoteActions,
  taxLabel,
} from './note-format';

const d = (value: string) => new Decimal(value);
const tax = (kind: string, carHireRate: string, reverseCharge = false) => ({
  placeOfSupplyStateId: 'MH',
  kind,
  carHireRate: d(carHireRate),
  reverseCharge,
  declaration: '',
});

describe('the value before GST as typed', () => {
  it('takes rupees to the paisa, with grouping commas, spaces and a rupee sign', () => {
    expect(amountOf('1000.5')).toEqual({ text: '1000.5', value: d('1000.5') });
    expect(amountOf(' ₹1,23,456.78 ')).toEqual({ text: '123456.78', value: d('123456.78') });
  });

  it('names what is wrong with anything else', () => {
    for (const typed of ['', '   ', '1e3', '-5', '10.555', 'ten', '123456789012']) {
      expect(['problem', typed, 'problem' in amountOf(typed)]).toEqual(['problem', typed, true]);
    }
    expect(amountOf('0.00')).toEqual({ problem: 'Enter a value before GST of more than ₹0.00.' });
  });
});

describe('what a note comes to under its invoice’s GST', () => {
  it('halves the GST into CGST and SGST within a state, as billing does (₹1,000 at 5%: ₹1,050)', () => {
    const figures = noteFigures(tax('INTRA', '5'), d('1000'))!;
    expect(figures.taxes.map((t) => [t.kind, t.rate.toFixed(), t.amount.toFixed(2)])).toEqual([
      ['CGST', '2.5', '25.00'],
      ['SGST', '2.5', '25.00'],
    ]);
    expect([figures.taxableValue.toFixed(2), figures.tax.toFixed(2), figures.total.toFixed(2)]).toEqual([
      '1000.00',
      '50.00',
      '1050.00',
    ]);
  });

  it('charges IGST across states and rounds the total to the rupee', () => {
    const figures = noteFigures(tax('INTER', '12'), d('999.99'))!;
    expect(figures.taxes.map((t) => [t.kind, t.rate.toFixed(), t.amount.toFixed(2)])).toEqual([
      ['IGST', '12', '120.00'],
    ]);
    expect([figures.roundOff.toFixed(2), figures.total.toFixed(2)]).toEqual(['0.01', '1120.00']);
  });

  it('adds no GST where the invoice has none, and collects none under reverse charge', () => {
    expect(noteFigures(tax('NONE', '0'), d('500.40'))?.total.toFixed(2)).toBe('500.00');
    const reverse = noteFigures(tax('INTRA', '5', true), d('1000'))!;
    expect([reverse.tax.toFixed(2), reverse.total.toFixed(2)]).toEqual(['0.00', '1000.00']);
  });
});

describe('a note checked before it is made', () => {
  const values: NoteFormValues = {
    type: 'CREDIT',
    invoiceId: 'inv-1',
    noteDate: '',
    taxableAmount: '1000',
    reason: 'Waiting charged twice',
  };
  const invoice = { invoiceNo: 'RC/0001', invoiceDate: '2026-11-20', outstanding: d('1049') };

  it('passes a credit the invoice still asks for', () => {
    expect(noteProblems(values, { ...invoice, outstanding: d('1050') }, d('1050'))).toEqual({});
  });

  it('refuses a credit of more than the invoice still asks, at the value', () => {
    expect(noteProblems(values, invoice, d('1050'))).toEqual({
      taxableAmount:
        'The credit note comes to ₹1,050.00 with GST, more than the ₹1,049.00 invoice RC/0001 still asks.',
    });
    // A debit note raises what it asks: no limit.
    expect(noteProblems({ ...values, type: 'DEBIT' }, invoice, d('1050'))).toEqual({});
  });

  it('names each missing or wrong field', () => {
    expect(
      noteProblems(
        { type: 'DEBIT', invoiceId: '', noteDate: '2026-11-19', taxableAmount: 'abc', reason: ' ' },
        invoice,
        undefined,
      ),
    ).toEqual({
      invoiceId: 'Choose the invoice the note changes.',
      taxableAmount: 'Enter the value before GST in rupees, to the paisa, e.g. 1000.50',
      reason: 'Say why the debit note is made.',
      noteDate: 'A note is dated on or after its invoice.',
    });
  });
});

it('marks each type, writes each GST component and offers cancelling to who may cancel', () => {
  expect([noteTypeMark('CREDIT').label, noteTypeName('DEBIT'), noteTypeMark('OTHER').color]).toEqual([
    'Credit',
    'Debit note',
    'gray',
  ]);
  expect(taxLabel({ kind: 'CGST', rate: d('2.5'), taxableValue: d('100000') })).toBe(
    'CGST @ 2.5% on ₹1,00,000.00',
  );
  const may = new Set(['cancel_credit_debit_note']);
  expect(offeredNoteActions({ isCancelled: false }, may)).toEqual({ cancel: true });
  expect(offeredNoteActions({ isCancelled: true }, may)).toEqual({ cancel: false });
  expect(offeredNoteActions({ isCancelled: false }, new Set(['view_credit_debit_note']))).toEqual({
    cancel: false,
  });
});
