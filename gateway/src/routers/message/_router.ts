import { router } from '../../trpc';
import { list } from './list';
import {
  sendBookingConfirmationEmail,
  sendBookingConfirmationSms,
  sendBookingInfo,
} from './send-booking-message';

export const messageRouter = router({
  list,
  sendBookingConfirmationSms,
  sendBookingConfirmationEmail,
  sendBookingInfo,
});
