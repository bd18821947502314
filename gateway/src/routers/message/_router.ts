import { router } from '../../trpc';
import { get } from './get';
import { list } from './list';
import { resend } from './resend';
import {
  sendBookingConfirmationEmail,
  sendBookingConfirmationSms,
  sendBookingInfo,
} from './send-booking-message';

export const messageRouter = router({
  list,
  get,
  resend,
  sendBookingConfirmationSms,
  sendBookingConfirmationEmail,
  sendBookingInfo,
});
