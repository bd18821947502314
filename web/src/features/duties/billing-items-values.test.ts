import { PERMISSION } from '@fleet/domain';
import Decimal from 'decimal.js';
import {
  type BillingItemRow,
  billingItemsEditable,
  itemsInput,
  rowProblems,
  rowsOf,
  rowsTotal,
} from './billing-items-values';

const TOLL = '6f1c2b9e-4a7d-4e3b-9c1a-2b3c4d5e6f70';
const row = (amount: string, billingItemId = TOLL): BillingItemRow => ({
  key: amount,
  billingItemId,
  amount,
  receiptFileId: '',
  note: '',
});

describe('the billing items’ total', () => {
  it('adds in decimals, to the paisa', () => {
    expect(rowsTotal([row('0.1'), row('0.2')]).toFixed(2)).toBe('0.30');
    expect(rowsTotal([row('250'), row('120.50'), row('1500')]).toFixed(2)).toBe('1870.50');
  });

  it('counts a row still being typed as nothing', () => {
    expect(rowsTotal([row('250'), row('12.3'), row('12.345'), row('')]).toFixed(2)).toBe('262.30');
  });
});

describe('the rows’ problems', () => {
  it('name the field as the server does', () => {
    expect(rowProblems([row('250'), row('', ''), row('1000000.01')])).toEqual({
      'items.1.billingItemId': 'Choose the billing item.',
      'items.1.amount': 'Enter the amount spent.',
      'items.2.amount': 'A billing item is at most ₹10,00,000.',
    });
    expect(rowProblems([row('250'), row('99.99')])).toEqual({});
  });
});

it('starts from the duty’s items and sends what the person typed', () => {
  const rows = rowsOf([
    { id: 'a', billingItemId: TOLL, amount: new Decimal('250.5'), receiptFileId: null, note: 'Khed plaza' },
  ]);
  expect(rows).toEqual([
    { key: 'a', billingItemId: TOLL, amount: '250.50', receiptFileId: '', note: 'Khed plaza' },
  ]);
  expect(itemsInput([{ ...rows[0]!, amount: ' 300 ', note: ' ' }])).toEqual([
    { billingItemId: TOLL, amount: '300', receiptFileId: null, note: undefined },
  ]);
});

it('is editable by whoever records slips, until invoiced, and never on a duty that did not run', () => {
  const slips = new Set<string>([PERMISSION.generate_duty_slip]);
  expect(billingItemsEditable({ status: 'CLOSED', isBilled: false }, slips)).toBe(true);
  expect(billingItemsEditable({ status: 'CLOSED', isBilled: true }, slips)).toBe(false);
  expect(billingItemsEditable({ status: 'CANCELLED', isBilled: false }, slips)).toBe(false);
  expect(billingItemsEditable({ status: 'ALLOTED', isBilled: false }, new Set())).toBe(false);
});
