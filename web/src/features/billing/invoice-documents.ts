/** Where an invoice's printed documents are served (gateway/src/http/documents.ts). */
export type InvoiceDocument = 'invoice' | 'duty-slips' | 'duty-summary';

export const invoicePdfUrl = (id: string, document: InvoiceDocument, download = false) =>
  `/api/invoices/${encodeURIComponent(id)}/${document}.pdf${download ? '?download=1' : ''}`;

/** The download and print pages of spec §2. */
export const invoicePrintPath = (id: string, page: 'invoice' | 'duty-slip' | 'duty-summary') =>
  `/operations/billing/${id}/download${page === 'invoice' ? '' : `/${page}`}`;
