import { createCustomerStatements } from './customer-statements';
import type { BillingDeps } from './deps';
import { createExportProfiles } from './export-profiles';
import { createGstReturns } from './gst-returns';
import { createInvoiceDocuments } from './invoice-documents';
import { createInvoiceLists } from './invoice-lists';
import { createInvoicing } from './invoicing';
import { createNoteDocuments } from './note-documents';
import { createNotes } from './notes';
import { createPettyCash } from './petty-cash';
import { createPurchaseDuties } from './purchase-duties';
import { createPurchaseInvoices } from './purchase-invoices';
import { createReceiptDocuments } from './receipt-documents';
import { createReceipts } from './receipts';
import { createRecordExports } from './record-exports';
import { createSupplierPayments } from './supplier-payments';
import { createVehicleCosts } from './vehicle-costs';

export function createBillingUseCases(deps: BillingDeps) {
  return {
    lists: createInvoiceLists(deps),
    invoicing: createInvoicing(deps),
    documents: createInvoiceDocuments(deps),
    exportProfiles: createExportProfiles(deps),
    exports: createRecordExports(deps),
    receipts: createReceipts(deps),
    statements: createCustomerStatements(deps),
    notes: createNotes(deps),
    noteDocuments: createNoteDocuments(deps),
    gstReturns: createGstReturns(deps),
    purchaseDuties: createPurchaseDuties(deps),
    supplierPayments: createSupplierPayments(deps),
    purchaseInvoices: createPurchaseInvoices(deps),
    pettyCash: createPettyCash(deps),
    vehicleCosts: createVehicleCosts(deps),
    receiptDocuments: createReceiptDocuments(deps),
  };
}

export type BillingUseCases = ReturnType<typeof createBillingUseCases>;
export type { BillingDeps, TenantCaller } from './deps';
