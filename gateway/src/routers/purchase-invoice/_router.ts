import { router } from '../../trpc';
import { approve, billableDuties, cancel, create, email, get, list, update } from './procedures';

/** Suppliers' invoices (/operations/purchases/invoices). */
export const purchaseInvoiceRouter = router({
  list,
  get,
  billableDuties,
  create,
  update,
  approve,
  cancel,
  email,
});
