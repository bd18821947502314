import type { AppRouter } from '@fleet/gateway';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** An invoice as the list shows it. */
export type InvoiceRow = Outputs['invoice']['list']['invoices'][number];
/** An invoice's page: the invoice whole, the duties it bills, its history. */
export type InvoiceView = Outputs['invoice']['get'];
export type InvoiceDetail = InvoiceView['invoice'];
export type InvoiceLine = InvoiceDetail['lines'][number];
/** A closed duty as billing knows it (bill-pending, or held by an invoice). */
export type BillableDuty = Outputs['invoice']['duties']['duties'][number];
export type DraftInput = Inputs['invoice']['create'];
export type LineInput = NonNullable<DraftInput['lines']>[number];
export type Grouping = NonNullable<Inputs['invoice']['createFromDuties']['grouping']>;
