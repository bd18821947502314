import Decimal from 'decimal.js';
import {
  type AskingInvoice,
  companyOfPicks,
  fillInOrder,
  hasSettlementProblem,
  mayTick,
  moneyOf,
  type Picks,
  pickedRow,
  settlementProblems,
  settlementsToSend,
  summarise,
  tickedOf,
  toggled,
} from './settlements';

// ₹10,000 + 5% GST = ₹10,500, the customer deducting 2% TDS of ₹10,000 = ₹200; and half of that.
const first: AskingInvoice = {
  invoiceId: 'a',
  companyId: 'c1',
  outstanding: new Decimal('10500'),
  defaultTds: new Decimal('200'),
};
const second: AskingInvoice = {
  invoiceId: 'b',
  companyId: 'c1',
  outstanding: new Decimal('5250'),
  defaultTds: new Decimal('100'),
};
const elsewhere: AskingInvoice = {
  invoiceId: 'x',
  companyId: 'c2',
  outstanding: new Decimal('1000'),
  defaultTds: new Decimal('0'),
};
const invoices = [first, second, elsewhere];
const OVER = { field: 'receivedAmount', words: 'received' };

describe('money as typed', () => {
  it('reads rupees to the paisa, blank as nothing, and refuses the rest', () => {
    expect(moneyOf(' 10300.5 ')?.toFixed(2)).toBe('10300.50');
    expect(moneyOf('')?.isZero()).toBe(true);
    expect(moneyOf('10.001')).toBeNull();
    expect(moneyOf('-5')).toBeNull();
    expect(moneyOf('1,000')).toBeNull();
    expect(moneyOf('ten')).toBeNull();
  });
});

describe('ticking an invoice', () => {
  it('pre-fills its default TDS and, as the amount, its outstanding less the TDS', () => {
    expect(pickedRow(first)).toEqual({ amount: '10300.00', tdsAmount: '200.00', bankCharges: '' });
  });

  it('never deducts more TDS than the invoice asks for', () => {
    const small = { ...first, outstanding: new Decimal('150.50') };
    expect(pickedRow(small)).toEqual({ amount: '0.00', tdsAmount: '150.50', bankCharges: '' });
  });

  it('takes no more than what is left of the money received, and the whole rest when nothing is', () => {
    expect(pickedRow(second, new Decimal('2700'))).toMatchObject({ amount: '2700.00', tdsAmount: '100.00' });
    expect(pickedRow(second, new Decimal('9000'))).toMatchObject({ amount: '5150.00' });
    expect(pickedRow(second, new Decimal('0'))).toMatchObject({ amount: '5150.00' });
    expect(pickedRow(second, null)).toMatchObject({ amount: '5150.00' });
  });

  it('fills the invoices in the order ticked from the amount received, and unticks', () => {
    const received = new Decimal('13000');
    let picks: Picks = {};
    picks = toggled(first, invoices, picks, received);
    picks = toggled(second, invoices, picks, received);
    expect(picks).toEqual({
      a: { amount: '10300.00', tdsAmount: '200.00', bankCharges: '' },
      b: { amount: '2700.00', tdsAmount: '100.00', bankCharges: '' },
    });
    expect(Object.keys(toggled(first, invoices, picks, received))).toEqual(['b']);
  });

  it('fills the oldest invoices first until the money runs out, within one billing company', () => {
    expect(fillInOrder([first, elsewhere, second], new Decimal('13000'))).toEqual({
      a: { amount: '10300.00', tdsAmount: '200.00', bankCharges: '' },
      b: { amount: '2700.00', tdsAmount: '100.00', bankCharges: '' },
    });
    expect(Object.keys(fillInOrder([first, second], new Decimal('5000')))).toEqual(['a']);
    expect(fillInOrder([elsewhere, first], new Decimal('50000'))).toMatchObject({
      x: { amount: '1000.00' },
    });
  });

  it('keeps a receipt to the invoices of one billing company', () => {
    const picks = toggled(first, invoices, {}, null);
    expect(companyOfPicks(invoices, picks)).toBe('c1');
    expect(mayTick(second, invoices, picks)).toBe(true);
    expect(mayTick(elsewhere, invoices, picks)).toBe(false);
    expect(mayTick(elsewhere, invoices, {})).toBe(true);
  });
});

describe('the figures, live', () => {
  it('settles each invoice by money, TDS and bank charges together, and applies only the money', () => {
    const picks: Picks = {
      b: { amount: '2685', tdsAmount: '100', bankCharges: '15' },
      a: { amount: '10300', tdsAmount: '200', bankCharges: '' },
    };
    const summary = summarise(invoices, picks, new Decimal('13000'));
    expect(summary.rows.get('a')).toEqual({ settles: new Decimal('10500'), after: new Decimal('0') });
    expect(summary.rows.get('b')?.after?.toFixed(2)).toBe('2450.00');
    expect(summary.applied.toFixed(2)).toBe('12985.00');
    expect(summary.tds.toFixed(2)).toBe('300.00');
    expect(summary.bankCharges.toFixed(2)).toBe('15.00');
    expect(summary.unapplied?.toFixed(2)).toBe('15.00');
    expect(summarise(invoices, picks, null).unapplied).toBeNull();
  });

  it('adds in decimals, never in floating point', () => {
    const picks: Picks = {
      a: { amount: '0.10', tdsAmount: '0.20', bankCharges: '' },
      b: { amount: '0.20', tdsAmount: '', bankCharges: '' },
    };
    const summary = summarise(invoices, picks, new Decimal('0.30'));
    expect(summary.applied.toFixed()).toBe('0.3');
    expect(summary.unapplied?.isZero()).toBe(true);
    expect(summary.rows.get('a')?.settles?.toFixed()).toBe('0.3');
  });

  it('has no figures for a row while one of its inputs is not an amount', () => {
    const summary = summarise(invoices, { a: { amount: '10,300', tdsAmount: '200', bankCharges: '' } }, null);
    expect(summary.rows.get('a')).toEqual({ settles: null, after: null });
    expect(summary.applied.isZero()).toBe(true);
  });
});

describe('what is sent and what is wrong', () => {
  it('sends the ticked invoices in the table’s order, trimmed, blanks left out', () => {
    const picks: Picks = {
      b: { amount: ' 2700 ', tdsAmount: '100.00', bankCharges: '' },
      a: { amount: '10300.00', tdsAmount: '', bankCharges: '15' },
    };
    expect(tickedOf(invoices, picks).map((i) => i.invoiceId)).toEqual(['a', 'b']);
    expect(settlementsToSend(invoices, picks)).toEqual([
      { invoiceId: 'a', amount: '10300.00', tdsAmount: undefined, bankCharges: '15' },
      { invoiceId: 'b', amount: '2700', tdsAmount: '100.00', bankCharges: undefined },
    ]);
  });

  it('names each problem by the field the gateway gives it', () => {
    const picks: Picks = {
      a: { amount: '10400', tdsAmount: '200', bankCharges: '' },
      b: { amount: '', tdsAmount: '', bankCharges: '' },
      x: { amount: '1.005', tdsAmount: 'abc', bankCharges: '' },
    };
    expect(settlementProblems(invoices, picks, new Decimal('20000'), OVER)).toEqual({
      'settlements.0.amount':
        'That settles ₹10,600.00, more than the ₹10,500.00 outstanding (money, TDS and bank charges together).',
      'settlements.1.amount': 'Settle something of this invoice, or untick it.',
      'settlements.2.amount': 'Enter the amount in rupees, to the paisa, e.g. 10300.50',
      'settlements.2.tdsAmount': 'Enter the TDS in rupees, to the paisa, e.g. 10300.50',
    });
  });

  it('says so when the invoices take more money than there is', () => {
    const picks: Picks = { a: { amount: '10300', tdsAmount: '200', bankCharges: '' } };
    expect(settlementProblems(invoices, picks, new Decimal('10000'), OVER)).toEqual({
      receivedAmount: 'The invoices take ₹10,300.00, more than the ₹10,000.00 received.',
    });
    expect(settlementProblems(invoices, picks, new Decimal('10300'), OVER)).toEqual({});
    expect(settlementProblems(invoices, picks, null, OVER)).toEqual({});
  });

  it('tells the table’s problems from the rest', () => {
    expect(hasSettlementProblem({ 'settlements.0.amount': 'x' })).toBe(true);
    expect(hasSettlementProblem({ settlements: 'x' })).toBe(true);
    expect(hasSettlementProblem({ receivedAmount: 'x', settlementsNote: 'y' })).toBe(false);
  });
});
