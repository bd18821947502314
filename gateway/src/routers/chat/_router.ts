import { router } from '../../trpc';
import { forBooking } from './for-booking';
import { resolve } from './resolve';
import { send } from './send';

export const chatRouter = router({ forBooking, send, resolve });
