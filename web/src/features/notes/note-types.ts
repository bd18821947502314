import type { AppRouter } from '@fleet/gateway';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** A credit or debit note, as its list and its page show it. */
export type Note = Outputs['note']['get'];
export type NoteType = Inputs['note']['create']['type'];
export type NoteInput = Inputs['note']['create'];
/** What an invoice still asks (receipt.openInvoices). */
export type OpenInvoice = Outputs['receipt']['openInvoices']['invoices'][number];
/** The invoice a note changes, as its page reads it (invoice.get). */
export type NoteInvoice = Outputs['invoice']['get']['invoice'];
