import { router } from '../../trpc';
import { applyToInvoices, cancel, create, get, list, openInvoices, outstanding } from './procedures';

/** Supplier payments (/operations/purchases/payments) and what suppliers are owed (/operations/purchases/payables). */
export const supplierPaymentRouter = router({
  list,
  get,
  openInvoices,
  outstanding,
  create,
  applyToInvoices,
  cancel,
});
