import { router } from '../../trpc';
import { applyToInvoices, cancel, create, get, list, openInvoices, outstanding } from './procedures';

/** Receipts (/operations/receipts) and what invoices still ask for. */
export const receiptRouter = router({
  list,
  get,
  openInvoices,
  outstanding,
  create,
  applyToInvoices,
  cancel,
});
