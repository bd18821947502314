import { router } from '../../trpc';
import { bookingActions } from './actions';
import { allot } from './allot';
import { create } from './create';
import { close, recordSlip } from './duty-slip';
import { get } from './get';
import { incomingRequestsCount } from './incoming-requests-count';
import { list } from './list';
import { needsAttentionCount } from './needs-attention-count';
import { quote } from './quote';

export const bookingRouter = router({
  incomingRequestsCount,
  needsAttentionCount,
  list,
  get,
  create,
  quote,
  allot,
  recordSlip,
  close,
  ...bookingActions,
});
