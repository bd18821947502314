import type { BillingDeps } from './deps';
import { createInvoiceDocuments } from './invoice-documents';
import { createInvoiceLists } from './invoice-lists';
import { createInvoicing } from './invoicing';

export function createBillingUseCases(deps: BillingDeps) {
  return {
    lists: createInvoiceLists(deps),
    invoicing: createInvoicing(deps),
    documents: createInvoiceDocuments(deps),
  };
}

export type BillingUseCases = ReturnType<typeof createBillingUseCases>;
export type { BillingDeps, TenantCaller } from './deps';
