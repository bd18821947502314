// The seller's letterhead as every document of an invoice prints it: its name, address, state, GSTIN and
// how to reach it, from the invoice's document (the seller as it was when the invoice was made).
import type { Letterhead } from '@fleet/platform/pdf';
import type { Invoice } from '@fleet/proto/fleet/billing/v1/invoice_pb';

export function invoiceLetterhead(invoice: Invoice): Letterhead {
  const seller = invoice.seller;
  return {
    name: seller?.name ?? '',
    lines: [
      seller?.address ?? '',
      seller?.stateName ? `${seller.stateName} (state code ${seller.gstStateCode})` : '',
      seller?.gstNo ? `GSTIN ${seller.gstNo}` : '',
      [seller?.phone, seller?.email].filter(Boolean).join(' · '),
    ].filter(Boolean),
  };
}

/** How an invoice's state is marked at the top of its documents. */
export const STATUS_TAGS: Record<string, string> = {
  DRAFT: 'Draft',
  APPROVED: 'Original for recipient',
  CANCELLED: 'Cancelled',
  DISCARDED: 'Discarded',
};
