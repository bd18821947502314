import { router } from '../../trpc';
import {
  approve,
  cancel,
  changeCompany,
  create,
  createFromDuties,
  discard,
  dispatch,
  duties,
  get,
  list,
  update,
} from './procedures';

/** Sales invoices (/operations/billing, /operations/billingV2). */
export const invoiceRouter = router({
  list,
  get,
  duties,
  create,
  createFromDuties,
  update,
  approve,
  discard,
  cancel,
  changeCompany,
  dispatch,
});
