import type { AppRouter } from '@fleet/gateway';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** A receipt as the list and its page show it: its figures and its settlements. */
export type Receipt = Outputs['receipt']['get'];
export type ReceiptSettlement = Receipt['settlements'][number];
/** An approved invoice with what it still asks for, and the TDS its customer deducts by default. */
export type OpenInvoice = Outputs['receipt']['openInvoices']['invoices'][number];
export type ReceiptInput = Inputs['receipt']['create'];
export type SettlementInput = NonNullable<ReceiptInput['settlements']>[number];
export type ReceiptType = ReceiptInput['type'];
export type PaymentMode = ReceiptInput['paymentMode'];
