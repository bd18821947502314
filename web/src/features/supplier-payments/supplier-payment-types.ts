import type { AppRouter } from '@fleet/gateway';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** A payment to a supplier as the list and its page show it: its figures and its settlements. */
export type SupplierPayment = Outputs['supplierPayment']['get'];
export type SupplierSettlement = SupplierPayment['settlements'][number];
/** A purchase invoice with what it still owes. */
export type OwingInvoice = Outputs['supplierPayment']['openInvoices']['invoices'][number];
export type SupplierOutstanding = Outputs['supplierPayment']['outstanding']['suppliers'][number];
export type SupplierPaymentInput = Inputs['supplierPayment']['create'];
export type SupplierSettlementInput = NonNullable<SupplierPaymentInput['settlements']>[number];
export type SupplierPaymentType = SupplierPaymentInput['type'];
export type PaymentMode = SupplierPaymentInput['paymentMode'];
