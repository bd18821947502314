import Decimal from 'decimal.js';
import { groupByCustomer, invoiceCount, toggleAll } from './duty-grouping';

const duty = (
  bookingId: string,
  customerId: string,
  startDate: string,
  carHire: string,
  billingItems = '0',
) => ({
  bookingId,
  customerId,
  customerName: customerId === 'c1' ? 'Harbour Logistics' : 'Konkan Traders',
  startDate,
  carHire: new Decimal(carHire),
  billingItems: new Decimal(billingItems),
});

const duties = [
  duty('d1', 'c1', '2026-04-01', '2579.50', '40'),
  duty('d2', 'c2', '2026-04-01', '1000'),
  duty('d3', 'c1', '2026-04-01', '0.10', '0.20'),
  duty('d4', 'c1', '2026-04-02', '1200'),
];

describe('bill-pending duties by customer', () => {
  it('groups them in the order customers first appear, with exact sums', () => {
    const groups = groupByCustomer(duties);
    expect(
      groups.map((g) => [
        g.customerName,
        g.duties.map((d) => d.bookingId),
        g.carHire.toFixed(2),
        g.billingItems.toFixed(2),
      ]),
    ).toEqual([
      ['Harbour Logistics', ['d1', 'd3', 'd4'], '3779.60', '40.20'],
      ['Konkan Traders', ['d2'], '1000.00', '0.00'],
    ]);
  });

  it('counts the invoices each grouping makes', () => {
    expect(invoiceCount(duties, 'PER_CUSTOMER')).toBe(2);
    expect(invoiceCount(duties, 'PER_CUSTOMER_DAY')).toBe(3);
    expect(invoiceCount(duties, 'PER_DUTY')).toBe(4);
    expect(invoiceCount([], 'PER_CUSTOMER')).toBe(0);
  });

  it('selects a customer’s duties together, and takes them out together when all were chosen', () => {
    const some = toggleAll(new Set(['d1', 'd2']), ['d1', 'd3', 'd4']);
    expect([...some].sort()).toEqual(['d1', 'd2', 'd3', 'd4']);
    const none = toggleAll(some, ['d1', 'd3', 'd4']);
    expect([...none]).toEqual(['d2']);
  });
});
