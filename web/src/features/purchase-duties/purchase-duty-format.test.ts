import Decimal from 'decimal.js';
import { marginOf, reviewable, slipMark } from './purchase-duty-format';
import type { PurchaseDuty } from './purchase-duty-types';

const duty = (over: Partial<PurchaseDuty>): PurchaseDuty => ({
  bookingId: 'b1',
  bookingNo: 101,
  status: 'CLOSED',
  supplierId: 's',
  supplierName: 'Deccan Travels',
  customerId: 'c',
  customerName: 'Harbour',
  startDate: '2026-11-03',
  vehicleNo: 'MH14XY4321',
  driverName: 'Sunil',
  purchaseAmount: new Decimal('1905'),
  salesAmount: new Decimal('2579.50'),
  slipStatus: 'NO_ACTION',
  slipReason: null,
  slipReviewedByUserId: null,
  slipReviewedAt: null,
  purchaseInvoiceId: null,
  purchaseNo: null,
  supplierInvoiceNo: null,
  ...over,
});

it('marks each review, and shows a status it does not know as it came', () => {
  expect(slipMark('ACCEPTED')).toEqual({ label: 'Accepted', color: 'teal' });
  expect(slipMark('NO_ACTION').label).toBe('To review');
  expect(slipMark('LOST')).toEqual({ label: 'LOST', color: 'gray' });
});

it('says a billed duty never reviewed is not reviewed, its review as it is otherwise', () => {
  expect(slipMark('NO_ACTION', true).label).toBe('Not reviewed');
  expect(slipMark('ACCEPTED', true).label).toBe('Accepted');
});

it('keeps the margin to the paisa, and none until both sides are priced', () => {
  expect(marginOf(duty({}))?.toFixed(2)).toBe('674.50');
  expect(
    marginOf(duty({ salesAmount: new Decimal('1000'), purchaseAmount: new Decimal('1200.10') }))?.toFixed(2),
  ).toBe('-200.10');
  expect(marginOf(duty({ purchaseAmount: null }))).toBeNull();
});

it('reviews only closed duties no purchase invoice bills, and says why the others are held', () => {
  const picked = [
    duty({ bookingId: 'a', bookingNo: 1 }),
    duty({ bookingId: 'b', bookingNo: 2, purchaseInvoiceId: 'p', purchaseNo: 'PUR/26-27/0001' }),
    duty({ bookingId: 'c', bookingNo: 3, status: 'DISPATCHED' }),
  ];
  expect(reviewable(picked)).toEqual({
    ids: ['a'],
    held: ['Duty 00000002 is on purchase invoice PUR/26-27/0001', 'Duty 00000003 is not closed'],
  });
});
