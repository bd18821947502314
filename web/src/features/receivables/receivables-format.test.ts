import Decimal from 'decimal.js';
import {
  ageingSum,
  balanceText,
  documentName,
  entryPath,
  netOwed,
  signedRupees,
  statementPath,
  statementPdfUrl,
} from './receivables-format';

const d = (value: string) => new Decimal(value);

describe('balances the ledger’s way', () => {
  it('writes what the customer owes as Dr and what it holds as Cr, grouped the Indian way', () => {
    expect(balanceText(d('123456.5'))).toBe('₹1,23,456.50 Dr');
    expect(balanceText(d('-1050'))).toBe('₹1,050.00 Cr');
    expect(balanceText(d('10000000'))).toBe('₹1,00,00,000.00 Dr');
    expect(balanceText(d('-0.01'))).toBe('₹0.01 Cr');
  });

  it('writes a nil balance as neither, minus zero too', () => {
    expect(balanceText(d('0'))).toBe('₹0.00');
    expect(balanceText(d('-0'))).toBe('₹0.00');
  });

  it('puts the minus of an amount below nil before the rupee sign', () => {
    expect(signedRupees(d('-2500.5'))).toBe('− ₹2,500.50');
    expect(signedRupees(d('2500.5'))).toBe('₹2,500.50');
    expect(signedRupees(d('-0'))).toBe('₹0.00');
  });
});

describe('what a customer owes, aged', () => {
  const row = {
    outstanding: d('21000.10'),
    notDue: d('10500'),
    days1To30: d('0.10'),
    days31To60: d('5000'),
    days61To90: d('0'),
    over90: d('5500'),
    unapplied: d('1500.10'),
  };

  it('ages the outstanding into buckets that add up to it, to the paisa', () => {
    expect(ageingSum(row).toFixed(2)).toBe('21000.10');
    expect(ageingSum(row).equals(row.outstanding)).toBe(true);
  });

  it('sets what the customer holds unapplied against what it owes', () => {
    expect(netOwed(row.outstanding, row.unapplied).toFixed(2)).toBe('19500.00');
    expect(netOwed(d('0'), d('2000')).toFixed(2)).toBe('-2000.00');
    // Exact in paise where a JavaScript number is not: 0.1 + 0.2.
    expect(netOwed(d('0.3'), d('0.1')).minus(d('0.2')).isZero()).toBe(true);
  });
});

describe('a statement’s documents and its PDF', () => {
  it('links invoices to their page and notes to theirs, and no receipt', () => {
    expect(entryPath({ kind: 'INVOICE', id: 'i1' })).toBe('/operations/billing/i1');
    expect(entryPath({ kind: 'CREDIT_NOTE', id: 'n1' })).toBe('/operations/notes/n1');
    expect(entryPath({ kind: 'DEBIT_NOTE', id: 'n2' })).toBe('/operations/notes/n2');
    expect(entryPath({ kind: 'RECEIPT', id: 'r1' })).toBe('/operations/receipts/r1');
    expect(entryPath({ kind: 'INVOICE', id: '' })).toBeUndefined();
  });

  it('names each document, and shows a kind it does not know as it came', () => {
    expect(['INVOICE', 'DEBIT_NOTE', 'CREDIT_NOTE', 'RECEIPT', 'JOURNAL'].map(documentName)).toEqual([
      'Invoice',
      'Debit note',
      'Credit note',
      'Receipt',
      'JOURNAL',
    ]);
  });

  it('asks the service for the PDF of the period on screen, to open or to download', () => {
    const period = { from: '2026-04-01', to: '2026-11-24' };
    expect(statementPdfUrl('c/1', period)).toBe(
      '/api/customers/c%2F1/statement.pdf?from=2026-04-01&to=2026-11-24',
    );
    expect(statementPdfUrl('c1', period, true)).toBe(
      '/api/customers/c1/statement.pdf?from=2026-04-01&to=2026-11-24&download=1',
    );
    expect(statementPath('c1')).toBe('/operations/receivables/c1/statement');
  });
});
