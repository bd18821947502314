import { router } from '../trpc';
import { auditRouter } from './audit/_router';
import { authRouter } from './auth/_router';
import { bookingRouter } from './booking/_router';
import { chatRouter } from './chat/_router';
import { driverRouter } from './driver/_router';
import { driverUserRouter } from './driver-user/_router';
import { employeeRouter } from './employee/_router';
import { exportProfileRouter } from './export-profile/_router';
import { feedbackRouter } from './feedback/_router';
import { fuelLogRouter } from './fuel-log/_router';
import { invoiceRouter } from './invoice/_router';
import { masqueradeRouter } from './masquerade/_router';
import { mastersRouter } from './masters/master-router';
import { messageRouter } from './message/_router';
import { messageTemplateRouter } from './message-template/_router';
import { noteRouter } from './note/_router';
import { paymentRequestRouter } from './payment-request/_router';
import { permissionRouter } from './permission/_router';
import { permissionProfileRouter } from './permission-profile/_router';
import { pettyCashRouter } from './petty-cash/_router';
import { publicFeedbackRouter } from './public-feedback/_router';
import { publicPaymentRequestRouter } from './public-payment-request/_router';
import { publicSlipRouter } from './public-slip/_router';
import { purchaseDutyRouter } from './purchase-duty/_router';
import { purchaseInvoiceRouter } from './purchase-invoice/_router';
import { receiptRouter } from './receipt/_router';
import { supplierPaymentRouter } from './supplier-payment/_router';
import { trackingRouter } from './tracking/_router';
import { userRouter } from './user/_router';
import { vehicleExpenseRouter } from './vehicle-expense/_router';

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
  driverUser: driverUserRouter,
  publicSlip: publicSlipRouter,
  publicFeedback: publicFeedbackRouter,
  feedback: feedbackRouter,
  invoice: invoiceRouter,
  receipt: receiptRouter,
  note: noteRouter,
  exportProfile: exportProfileRouter,
  purchaseDuty: purchaseDutyRouter,
  supplierPayment: supplierPaymentRouter,
  purchaseInvoice: purchaseInvoiceRouter,
  pettyCash: pettyCashRouter,
  fuelLog: fuelLogRouter,
  vehicleExpense: vehicleExpenseRouter,
  paymentRequest: paymentRequestRouter,
  publicPaymentRequest: publicPaymentRequestRouter,
});

export type AppRouter = typeof appRouter;
