import { router } from '../../trpc';
import { bookingActions } from './actions';
import { adjustCharges, adjustDriverAllowances, adjustSupplierAllowances } from './adjust-allowances';
import { allot } from './allot';
import { copy, extend, setLabels, setSupporters, update } from './change';
import { changes } from './changes';
import { choices } from './choices';
import { consentEarlyStart } from './consent-early-start';
import { create } from './create';
import { deleteBooking } from './delete';
import { approveSlip, close, recordSlip } from './duty-slip';
import { get } from './get';
import { incomingRequestsCount } from './incoming-requests-count';
import { list, tabCounts } from './list';
import { needsAttentionCount } from './needs-attention-count';
import { quote } from './quote';
import { setBillingItems } from './set-billing-items';
import { removeInsurance, setInsurance } from './set-insurance';
import { unlockTripStart } from './unlock-trip-start';

export const bookingRouter = router({
  changes,
  incomingRequestsCount,
  needsAttentionCount,
  list,
  tabCounts,
  get,
  create,
  delete: deleteBooking,
  update,
  copy,
  extend,
  quote,
  choices,
  allot,
  recordSlip,
  close,
  approveSlip,
  adjustCharges,
  adjustDriverAllowances,
  adjustSupplierAllowances,
  setLabels,
  setSupporters,
  setBillingItems,
  setInsurance,
  removeInsurance,
  unlockTripStart,
  consentEarlyStart,
  ...bookingActions,
});
