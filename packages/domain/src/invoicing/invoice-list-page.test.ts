import {
  decodeInvoiceListPage,
  encodeInvoiceListPage,
  type InvoiceListItem,
  InvoiceListPageError,
} from './invoice-list-page';

const item: InvoiceListItem = {
  id: '6c1f0a52-8d0e-4d55-9a43-3f1a3c0e8b11',
  invoiceNo: 'DT/2026-27/0042',
  status: 'APPROVED',
  isDispatched: true,
  isDownloaded: false,
  kind: 'BOOKINGS',
  customerId: '0b6f7a55-0f4b-4a43-b7c3-8a0e1f2d3c44',
  companyId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  buyerName: 'Acme Travels Pvt Ltd',
  buyerGstNo: '27AAACA1234K1Z5',
  invoiceDate: '2026-11-24',
  dueDate: '2026-12-24',
  startDate: '2026-11-01',
  endDate: null,
  taxableValue: '12345678.90',
  tax: '617283.95',
  total: '12962963.00',
  createdAt: '2026-11-24T10:15:30.123Z',
  version: 3,
};

it('carries every field of an invoice exactly, money as its decimal text', () => {
  const [decoded] = decodeInvoiceListPage(encodeInvoiceListPage([item]));
  expect(decoded).toEqual(item);
  expect(typeof decoded?.total).toBe('string');
});

it('reads an empty page', () => {
  expect(decodeInvoiceListPage(encodeInvoiceListPage([]))).toEqual([]);
});

it.each([
  ['not JSON', '[{', /JSON array/],
  ['not an array', '{}', /JSON array/],
  ['money as a number', JSON.stringify([{ ...item, total: 12962963 }]), /invoices\[0\]\.total/],
  ['money with three decimals', JSON.stringify([{ ...item, tax: '1.005' }]), /invoices\[0\]\.tax/],
  ['a status billing does not know', JSON.stringify([{ ...item, status: 'PAID' }]), /invoices\[0\]\.status/],
  ['a date that is not YYYY-MM-DD', JSON.stringify([{ ...item, dueDate: '24/12/2026' }]), /dueDate/],
  ['a missing flag', JSON.stringify([{ ...item, isDispatched: undefined }]), /isDispatched/],
  ['a fractional version', JSON.stringify([item, { ...item, version: 1.5 }]), /invoices\[1\]\.version/],
])('refuses a page with %s, naming where', (_what, text, message) => {
  expect(() => decodeInvoiceListPage(text)).toThrow(InvoiceListPageError);
  expect(() => decodeInvoiceListPage(text)).toThrow(message);
});
