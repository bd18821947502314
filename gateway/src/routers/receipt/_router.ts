import { router } from '../../trpc';
import {
  applyToInvoices,
  cancel,
  create,
  email,
  get,
  list,
  openInvoices,
  outstanding,
  statement,
  tdsReceivable,
} from './procedures';

/** Receipts (/operations/receipts), what invoices and customers still owe, and customers' statements. */
export const receiptRouter = router({
  list,
  get,
  openInvoices,
  outstanding,
  statement,
  tdsReceivable,
  create,
  applyToInvoices,
  cancel,
  email,
});
