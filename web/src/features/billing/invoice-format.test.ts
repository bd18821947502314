import { companyToBillFrom, invoiceMarks, offeredInvoiceActions } from './invoice-format';

it('shows an invoice’s status, then Dispatched and Downloaded when they apply', () => {
  const labels = (invoice: Parameters<typeof invoiceMarks>[0]) => invoiceMarks(invoice).map((m) => m.label);
  expect(labels({ status: 'DRAFT', isDispatched: false, isDownloaded: false })).toEqual(['Draft']);
  expect(labels({ status: 'APPROVED', isDispatched: true, isDownloaded: true })).toEqual([
    'Approved',
    'Dispatched',
    'Downloaded',
  ]);
  expect(labels({ status: 'CANCELLED', isDispatched: true, isDownloaded: false })).toEqual([
    'Cancelled',
    'Dispatched',
  ]);
  expect(labels({ status: 'DISCARDED', isDispatched: false, isDownloaded: false })).toEqual(['Discarded']);
});

it('offers each action on the invoices its permission and state allow', () => {
  const everything = new Set([
    'approve_invoice',
    'edit_invoice',
    'manage_invoice',
    'cancel_invoice',
    'email_invoice',
    'download_print_invoice',
  ]);
  const offered = (status: 'DRAFT' | 'APPROVED' | 'CANCELLED' | 'DISCARDED', permissions = everything) =>
    Object.entries(offeredInvoiceActions({ status }, permissions))
      .filter(([, yes]) => yes)
      .map(([action]) => action);
  expect(offered('DRAFT')).toEqual(['approve', 'edit', 'discard', 'move', 'download']);
  expect(offered('APPROVED')).toEqual(['cancel', 'move', 'email', 'download']);
  expect(offered('CANCELLED')).toEqual(['download']);
  expect(offered('DISCARDED')).toEqual(['download']);
  expect(offered('DRAFT', new Set(['edit_invoice']))).toEqual(['edit']);
  expect(offered('APPROVED', new Set(['approve_invoice', 'manage_invoice']))).toEqual(['move']);
});

it('bills from the company chosen, else the customer’s own billed-from company, else leaves it to the primary', () => {
  const goa = '0b6c1b9e-52f3-4d2c-9f51-2f1b7c7c0a11';
  const pune = '5d7f1c2a-8e34-4b6a-a1f0-3c9e2b8d4f22';
  expect(companyToBillFrom({ chosen: '', customer: { billed_from_company_id: goa } })).toBe(goa);
  expect(companyToBillFrom({ chosen: pune, customer: { billed_from_company_id: goa } })).toBe(pune);
  expect(companyToBillFrom({ chosen: '', customer: { billed_from_company_id: null } })).toBe('');
  expect(companyToBillFrom({ chosen: '', customer: undefined })).toBe('');
});
