import type { AppRouter } from '@fleet/gateway';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** A supplier's invoice as its page shows it: rows, duties, figures and history. */
export type PurchaseInvoice = Outputs['purchaseInvoice']['get'];
export type PurchaseInvoiceListItem = Outputs['purchaseInvoice']['list']['purchaseInvoices'][number];
export type BillablePurchaseDuties = Outputs['purchaseInvoice']['billableDuties'];
export type PurchaseDuty = BillablePurchaseDuties['duties'][number];
export type PurchaseDraftInput = Inputs['purchaseInvoice']['create'];
export type PurchaseRowInput = NonNullable<PurchaseDraftInput['rows']>[number];
