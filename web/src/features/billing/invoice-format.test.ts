import { invoiceMarks, offeredInvoiceActions } from './invoice-format';

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
