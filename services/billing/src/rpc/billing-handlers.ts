import type { ConnectRouter } from '@connectrpc/connect';
import { encodeInvoiceListPage } from '@fleet/domain';
import { callerOf, pageInfoToProto, pageRequestFromProto, tenantCallerOf } from '@fleet/platform';
import { BillingService, type InvoiceDraft } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import Decimal from 'decimal.js';
import {
  activityToProto,
  dutyToProto,
  exportPartToProto,
  exportProfileToProto,
  invoiceListItemOf,
  invoiceToProto,
  noteToProto,
  openInvoiceToProto,
  outstandingToProto,
  receiptToProto,
  statementToProto,
} from '../mappers';
import { paymentRequestToProto, publicPaymentPageToProto } from '../payment-request-mappers';
import type { BillingUseCases } from '../use-cases';
import type { DraftInput } from '../use-cases/invoicing';

const draftOf = (draft: InvoiceDraft | undefined): DraftInput => ({
  customerId: draft?.customerId ?? '',
  companyId: draft?.companyId,
  companyProfileId: draft?.companyProfileId,
  bookingIds: draft?.bookingIds ?? [],
  invoiceDate: draft?.invoiceDate,
  dueDate: draft?.dueDate,
  lines: (draft?.lines ?? []).map((line) => ({
    type: line.type,
    description: line.description,
    sacCode: line.sacCode,
    quantity: line.quantity,
    rate: line.rate,
    percentage: line.percentage,
    amount: line.amount,
    isTaxable: line.isTaxable,
    taxId: line.taxId,
    billingItemId: line.billingItemId,
  })),
  notes: draft?.notes,
  billingDetailIndex: draft?.billingDetailIndex,
});

/** Thin gRPC handlers: proto in, use case, proto out. */
export function billingRoutes(useCases: BillingUseCases) {
  const {
    lists,
    invoicing,
    documents,
    exportProfiles,
    exports,
    receipts,
    statements,
    notes,
    gstReturns,
    receiptDocuments,
  } = useCases;
  return (router: ConnectRouter) =>
    router.service(BillingService, {
      async listInvoices(req, ctx) {
        const page = await lists.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          search: req.search,
          statuses: req.statuses,
          customerIds: req.customerIds,
          companyIds: req.companyIds,
          dateFrom: req.dateFrom,
          dateTo: req.dateTo,
          dispatched: req.dispatched,
        });
        return {
          invoicesJson: encodeInvoiceListPage(page.items.map(invoiceListItemOf)),
          page: pageInfoToProto(page),
        };
      },
      async getInvoice(req, ctx) {
        const { invoice, duties, activity } = await lists.get(tenantCallerOf(ctx), req.id);
        return {
          invoice: invoiceToProto(invoice),
          duties: duties.map(dutyToProto),
          activity: activity.map(activityToProto),
        };
      },
      async listBillableDuties(req, ctx) {
        const page = await lists.duties(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          customerIds: req.customerIds,
          dateFrom: req.dateFrom,
          dateTo: req.dateTo,
          billingStatus: req.billingStatus,
          search: req.search,
        });
        return { duties: page.items.map(dutyToProto), page: pageInfoToProto(page) };
      },
      async createInvoice(req, ctx) {
        return { invoice: invoiceToProto(await invoicing.create(tenantCallerOf(ctx), draftOf(req.draft))) };
      },
      async createInvoicesFromDuties(req, ctx) {
        const made = await invoicing.createFromDuties(tenantCallerOf(ctx), {
          bookingIds: req.bookingIds,
          grouping: req.grouping,
          invoiceDate: req.invoiceDate,
        });
        return { invoices: made.map(invoiceToProto) };
      },
      async updateInvoice(req, ctx) {
        const invoice = await invoicing.update(
          tenantCallerOf(ctx),
          req.id,
          draftOf(req.draft),
          req.expectedVersion,
        );
        return { invoice: invoiceToProto(invoice) };
      },
      async approveInvoice(req, ctx) {
        return { invoice: invoiceToProto(await invoicing.approve(tenantCallerOf(ctx), req.id)) };
      },
      async discardInvoice(req, ctx) {
        return { invoice: invoiceToProto(await invoicing.discard(tenantCallerOf(ctx), req.id, req.reason)) };
      },
      async cancelInvoice(req, ctx) {
        return { invoice: invoiceToProto(await invoicing.cancel(tenantCallerOf(ctx), req.id, req.reason)) };
      },
      async changeInvoiceCompany(req, ctx) {
        const { retired, reissued } = await invoicing.changeCompany(tenantCallerOf(ctx), {
          id: req.id,
          companyId: req.companyId,
          companyProfileId: req.companyProfileId,
          reason: req.reason,
        });
        return { cancelled: invoiceToProto(retired), reissued: invoiceToProto(reissued) };
      },
      async dispatchInvoice(req, ctx) {
        return { invoice: invoiceToProto(await documents.dispatch(tenantCallerOf(ctx), req.id, req.to)) };
      },
      async renderInvoiceDocument(req, ctx) {
        const { pdf, fileName } = await documents.render(tenantCallerOf(ctx), req.id, req.document);
        return { pdf: new Uint8Array(pdf), fileName };
      },
      async listExportProfiles(req, ctx) {
        const profiles = await exportProfiles.list(tenantCallerOf(ctx), req.kind);
        return { profiles: profiles.map(exportProfileToProto) };
      },
      async saveExportProfile(req, ctx) {
        const profile = await exportProfiles.save(tenantCallerOf(ctx), {
          id: req.id,
          kind: req.kind,
          name: req.name,
          columns: req.columns,
          isDefault: req.isDefault,
        });
        return { profile: exportProfileToProto(profile) };
      },
      async deleteExportProfile(req, ctx) {
        await exportProfiles.delete(tenantCallerOf(ctx), req.id);
        return {};
      },
      async *exportRecords(req, ctx) {
        const parts = exports.export(tenantCallerOf(ctx), {
          kind: req.kind,
          format: req.format,
          profileId: req.profileId,
          columns: req.columns,
          invoiceFilters: req.invoiceFilters,
          dutyFilters: req.dutyFilters,
        });
        for await (const part of parts) yield exportPartToProto(part);
      },
      async listReceipts(req, ctx) {
        const page = await receipts.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          search: req.search,
          customerIds: req.customerIds,
          types: req.types,
          dateFrom: req.dateFrom,
          dateTo: req.dateTo,
          includeCancelled: req.includeCancelled,
          invoiceId: req.invoiceId,
        });
        return { receipts: page.items.map((row) => receiptToProto(row)), page: pageInfoToProto(page) };
      },
      async getReceipt(req, ctx) {
        const { receipt, settlements } = await receipts.get(tenantCallerOf(ctx), req.id);
        return { receipt: receiptToProto(receipt, settlements) };
      },
      async listOpenInvoices(req, ctx) {
        const open = await receipts.openInvoices(tenantCallerOf(ctx), {
          customerId: req.customerId,
          invoiceIds: req.invoiceIds,
        });
        return { invoices: open.invoices.map(openInvoiceToProto), unapplied: open.unapplied };
      },
      async createReceipt(req, ctx) {
        const { receipt, settlements } = await receipts.create(tenantCallerOf(ctx), req);
        return { receipt: receiptToProto(receipt, settlements) };
      },
      async applyReceipt(req, ctx) {
        const { receipt, settlements } = await receipts.apply(tenantCallerOf(ctx), req.id, req.settlements);
        return { receipt: receiptToProto(receipt, settlements) };
      },
      async listOutstanding(req, ctx) {
        const report = await receipts.outstanding(tenantCallerOf(ctx), {
          basis: req.basis,
          customerIds: req.customerIds,
        });
        return {
          customers: report.customers.map(outstandingToProto),
          total: outstandingToProto(report.total),
          asOf: report.asOf,
        };
      },
      async getCustomerStatement(req, ctx) {
        return statementToProto(await statements.statement(tenantCallerOf(ctx), req));
      },
      async renderCustomerStatement(req, ctx) {
        return statements.renderPdf(tenantCallerOf(ctx), req);
      },
      async listNotes(req, ctx) {
        const page = await notes.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          search: req.search,
          types: req.types,
          customerIds: req.customerIds,
          invoiceId: req.invoiceId,
          dateFrom: req.dateFrom,
          dateTo: req.dateTo,
          includeCancelled: req.includeCancelled,
        });
        return { notes: page.items.map(noteToProto), page: pageInfoToProto(page) };
      },
      async getNote(req, ctx) {
        return { note: noteToProto(await notes.get(tenantCallerOf(ctx), req.id)) };
      },
      async createNote(req, ctx) {
        return { note: noteToProto(await notes.create(tenantCallerOf(ctx), req)) };
      },
      async cancelNote(req, ctx) {
        return { note: noteToProto(await notes.cancel(tenantCallerOf(ctx), req.id, req.reason)) };
      },
      async *exportGstr1(req, ctx) {
        const parts = gstReturns.gstr1(tenantCallerOf(ctx), {
          companyId: req.companyId,
          month: req.month,
          format: req.format,
        });
        for await (const part of parts) yield exportPartToProto(part);
      },
      async listTdsReceivable(req, ctx) {
        const report = await receipts.tdsReceivable(tenantCallerOf(ctx), req);
        return {
          dateFrom: report.from,
          dateTo: report.to,
          customers: report.customers.map((c) => ({ ...c, tds: new Decimal(c.tds).toFixed(2) })),
          total: report.total,
        };
      },
      async cancelReceipt(req, ctx) {
        const { receipt, settlements } = await receipts.cancel(tenantCallerOf(ctx), req.id, req.reason);
        return { receipt: receiptToProto(receipt, settlements) };
      },
      async renderReceipt(req, ctx) {
        return receiptDocuments.renderReceipt(tenantCallerOf(ctx), req.id);
      },
      async emailReceipt(req, ctx) {
        return receiptDocuments.emailReceipt(tenantCallerOf(ctx), req.id, req.to);
      },
      async getCustomerContacts(req, ctx) {
        return receiptDocuments.contacts(tenantCallerOf(ctx), req.customerId);
      },
      async requestPayment(req, ctx) {
        const request = await receiptDocuments.requestPayment(tenantCallerOf(ctx), req);
        return { request: paymentRequestToProto(request) };
      },
      async getPublicPaymentRequest(req, ctx) {
        return {
          request: publicPaymentPageToProto(await receiptDocuments.publicPage(callerOf(ctx), req.token)),
        };
      },
      async renderPublicInvoice(req, ctx) {
        return receiptDocuments.publicInvoicePdf(callerOf(ctx), req);
      },
    });
}
