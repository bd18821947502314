import {
  billingItemAmountProblem,
  dutyBillingItemsSchema,
  dutyBillingItemsTotal,
} from './duty-billing-items';

describe('a billing item’s amount', () => {
  it.each(['0', '250', '250.5', '250.50', ' 99.99 ', '1000000', '1000000.00'])('takes %j', (amount) => {
    expect(billingItemAmountProblem(amount)).toBeUndefined();
  });

  it.each([
    ['', 'Enter the amount spent.'],
    ['-5', 'Enter the amount in rupees, e.g. 250 or 250.50 (at most 2 decimals).'],
    ['12.345', 'Enter the amount in rupees, e.g. 250 or 250.50 (at most 2 decimals).'],
    ['1e3', 'Enter the amount in rupees, e.g. 250 or 250.50 (at most 2 decimals).'],
    ['₹250', 'Enter the amount in rupees, e.g. 250 or 250.50 (at most 2 decimals).'],
    ['1000000.01', 'A billing item is at most ₹10,00,000.'],
  ])('refuses %j: %s', (amount, problem) => {
    expect(billingItemAmountProblem(amount)).toBe(problem);
  });
});

describe('the items’ total', () => {
  it('adds in exact decimals, where floating point would not', () => {
    expect(dutyBillingItemsTotal(['0.1', '0.2'])).toBe('0.30');
    expect(dutyBillingItemsTotal(['250', '120.50', '999999.99'])).toBe('1000370.49');
  });

  it('is 0.00 for no items', () => {
    expect(dutyBillingItemsTotal([])).toBe('0.00');
  });
});

describe('the list as the gateway takes it', () => {
  const item = { billingItemId: '6f1c2b9e-4a7d-4e3b-9c1a-2b3c4d5e6f70', amount: '250' };

  it('names the row and field at fault', () => {
    const parsed = dutyBillingItemsSchema.safeParse([item, item, { ...item, amount: '12.345' }]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['2.amount']);
  });

  it('takes at most 20 rows', () => {
    expect(dutyBillingItemsSchema.safeParse(Array.from({ length: 21 }, () => item)).success).toBe(false);
    expect(dutyBillingItemsSchema.safeParse(Array.from({ length: 20 }, () => item)).success).toBe(true);
  });
});
