// Invoicing (DOMAIN.md "Invoicing"): the lines an invoice is computed from, the GST it carries, its
// figures, its number and its total in words. Pure: billing computes every invoice with it.
export { rupeesInWords } from './amount-in-words';
export * from './gst-regime';
export * from './invoice-lines';
export * from './invoice-list-page';
export * from './invoice-number';
export * from './invoice-totals';
export * from './invoicing-errors';
export * from './payment-request';
export * from './place-of-supply';
export * from './purchase-invoice';
export * from './purchase-invoice-list-page';
export * from './receipts';
export * from './supplier-payments';
