import { router } from '../trpc';
import { auditRouter } from './audit/_router';
import { authRouter } from './auth/_router';
import { bookingRouter } from './booking/_router';
import { chatRouter } from './chat/_router';
import { driverRouter } from './driver/_router';
import { employeeRouter } from './employee/_router';
import { exportProfileRouter } from './export-profile/_router';
import { feedbackRouter } from './feedback/_router';
import { invoiceRouter } from './invoice/_router';
import { masqueradeRouter } from './masquerade/_router';
import { mastersRouter } from './masters/master-router';
import { messageRouter } from './message/_router';
import { messageTemplateRouter } from './message-template/_router';
import { noteRouter } from './note/_router';
import { paymentRequestRouter } from './payment-request/_router';
import { permissionRouter } from './permission/_router';
import { permissionProfileRouter } from './permission-profile/_router';
import { publicFeedbackRouter } from './public-feedback/_router';
import { publicPaymentRequestRouter } from './public-payment-request/_router';
import { publicSlipRouter } from './public-slip/_router';
import { receiptRouter } from './receipt/_router';
import { trackingRouter } from './tracking/_router';
import { userRouter } from './user/_router';

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  permission: permissionRouter,
  masquerade: masqueradeRouter,
  audit: auditRouter,
  employee: employeeRouter,
  permissionProfile: permissionProfileRouter,
  booking: bookingRouter,
  message: messageRouter,
  messageTemplate: messageTemplateRouter,
  masters: mastersRouter(),
  chat: chatRouter,
  tracking: trackingRouter,
  driver: driverRouter,
  publicSlip: publicSlipRouter,
  publicFeedback: publicFeedbackRouter,
  feedback: feedbackRouter,
  invoice: invoiceRouter,
  receipt: receiptRouter,
  note: noteRouter,
  exportProfile: exportProfileRouter,
  paymentRequest: paymentRequestRouter,
  publicPaymentRequest: publicPaymentRequestRouter,
});

export type AppRouter = typeof appRouter;
