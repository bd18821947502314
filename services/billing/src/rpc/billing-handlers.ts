import type { ConnectRouter } from '@connectrpc/connect';
import { encodeInvoiceListPage, encodePurchaseInvoiceListPage } from '@fleet/domain';
import { callerOf, pageInfoToProto, pageRequestFromProto, tenantCallerOf } from '@fleet/platform';
import { BillingService, type InvoiceDraft } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import type { PettyCashEntryInput } from '@fleet/proto/fleet/billing/v1/petty_cash_pb';
import type { PurchaseInvoiceDraft } from '@fleet/proto/fleet/billing/v1/purchase_invoice_pb';
import type {
  FuelLogInput as FuelLogInputMessage,
  VehicleExpenseInput as VehicleExpenseInputMessage,
} from '@fleet/proto/fleet/billing/v1/vehicle_costs_pb';
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
  purchaseDutyToProto,
  receiptToProto,
  statementToProto,
} from '../mappers';
import { paymentRequestToProto, publicPaymentPageToProto } from '../payment-request-mappers';
import { holdingToProto, pettyCashToProto } from '../petty-cash-mappers';
import {
  purchaseInvoiceDutyToProto,
  purchaseInvoiceToProto,
  purchaseListItemOf,
} from '../purchase-invoice-mappers';
import {
  owingInvoiceToProto,
  supplierOutstandingToProto,
  supplierPaymentToProto,
} from '../supplier-payment-mappers';
import type { BillingUseCases } from '../use-cases';
import type { DraftInput } from '../use-cases/invoicing';
import type { PettyCashInput } from '../use-cases/petty-cash';
import type { PurchaseDraftInput, WholePurchaseInvoice } from '../use-cases/purchase-invoices';
import type { FuelLogInput, VehicleExpenseInput } from '../use-cases/vehicle-costs';
import { expenseToProto, fuelLogToProto } from '../vehicle-costs-mappers';

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

const purchaseDraftOf = (draft: PurchaseInvoiceDraft | undefined): PurchaseDraftInput => ({
  supplierId: draft?.supplierId ?? '',
  companyId: draft?.companyId,
  supplierInvoiceNo: draft?.supplierInvoiceNo,
  supplierInvoiceDate: draft?.supplierInvoiceDate,
  receivedDate: draft?.receivedDate,
  duties: (draft?.duties ?? []).map((d) => ({
    bookingId: d.bookingId,
    includeBillingItems: d.includeBillingItems,
    amount: d.amount,
  })),
  rows: (draft?.rows ?? []).map((r) => ({
    type: r.type,
    bookingId: r.bookingId,
    description: r.description,
    amount: r.amount,
  })),
  discount: draft?.discount,
  tdsPercentage: draft?.tdsPercentage,
  notes: draft?.notes,
});

const purchaseOut = (made: WholePurchaseInvoice) => ({
  purchaseInvoice: purchaseInvoiceToProto(made.invoice, made),
});

const fillOf = (fill: FuelLogInputMessage | undefined): FuelLogInput => ({
  fillDate: fill?.fillDate,
  fillTime: fill?.fillTime,
  vehicleId: fill?.vehicleId ?? '',
  driverId: fill?.driverId,
  quantity: fill?.quantity ?? '',
  amount: fill?.amount ?? '',
  odometerKm: fill?.odometerKm ?? 0,
  fuelStationId: fill?.fuelStationId,
  stationName: fill?.stationName,
  isFullTank: fill?.isFullTank ?? false,
  paymentMode: fill?.paymentMode ?? '',
  billNo: fill?.billNo,
  notes: fill?.notes,
});

const expenseOf = (expense: VehicleExpenseInputMessage | undefined): VehicleExpenseInput => ({
  expenseDate: expense?.expenseDate,
  vehicleId: expense?.vehicleId ?? '',
  category: expense?.category ?? '',
  amount: expense?.amount ?? '',
  gstAmount: expense?.gstAmount,
  odometerKm: expense?.odometerKm,
  vendor: expense?.vendor,
  billNo: expense?.billNo,
  paymentMode: expense?.paymentMode ?? '',
  notes: expense?.notes,
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
    purchaseDuties,
    supplierPayments,
    purchaseInvoices,
    receiptDocuments,
    noteDocuments,
  } = useCases;
  const { fuel, expenses } = useCases.vehicleCosts;
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
          purchaseInvoiceFilters: req.purchaseInvoiceFilters,
          receiptFilters: req.receiptFilters,
          noteFilters: req.noteFilters,
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
      async listPurchaseDuties(req, ctx) {
        const page = await purchaseDuties.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          supplierIds: req.supplierIds,
          dateFrom: req.dateFrom,
          dateTo: req.dateTo,
          slipStatuses: req.slipStatuses,
          billing: req.billing,
          search: req.search,
        });
        return { duties: page.items.map((row) => purchaseDutyToProto(row)), page: pageInfoToProto(page) };
      },
      async getPurchaseDuty(req, ctx) {
        const duty = await purchaseDuties.get(tenantCallerOf(ctx), req.bookingId);
        return { duty: purchaseDutyToProto(duty, duty.purchaseCharges) };
      },
      async reviewPurchaseSlips(req, ctx) {
        const duties = await purchaseDuties.reviewSlips(tenantCallerOf(ctx), req);
        return { duties: duties.map((row) => purchaseDutyToProto(row)) };
      },
      async listSupplierPayments(req, ctx) {
        const page = await supplierPayments.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          search: req.search,
          supplierIds: req.supplierIds,
          types: req.types,
          dateFrom: req.dateFrom,
          dateTo: req.dateTo,
          includeCancelled: req.includeCancelled,
          invoiceId: req.purchaseInvoiceId,
        });
        return {
          payments: page.items.map((row) => supplierPaymentToProto(row)),
          page: pageInfoToProto(page),
        };
      },
      async getSupplierPayment(req, ctx) {
        const { payment, settlements } = await supplierPayments.get(tenantCallerOf(ctx), req.id);
        return { payment: supplierPaymentToProto(payment, settlements) };
      },
      async listOwingPurchaseInvoices(req, ctx) {
        const open = await supplierPayments.openInvoices(tenantCallerOf(ctx), {
          supplierId: req.supplierId,
          invoiceIds: req.purchaseInvoiceIds,
        });
        return {
          invoices: open.invoices.map(owingInvoiceToProto),
          advances: new Decimal(open.advances).toFixed(2),
        };
      },
      async createSupplierPayment(req, ctx) {
        const { payment, settlements } = await supplierPayments.create(tenantCallerOf(ctx), {
          ...req,
          settlements: req.settlements.map((s) => ({ invoiceId: s.purchaseInvoiceId, amount: s.amount })),
        });
        return { payment: supplierPaymentToProto(payment, settlements) };
      },
      async applySupplierPayment(req, ctx) {
        const { payment, settlements } = await supplierPayments.apply(
          tenantCallerOf(ctx),
          req.id,
          req.settlements.map((s) => ({ invoiceId: s.purchaseInvoiceId, amount: s.amount })),
        );
        return { payment: supplierPaymentToProto(payment, settlements) };
      },
      async cancelSupplierPayment(req, ctx) {
        const { payment, settlements } = await supplierPayments.cancel(
          tenantCallerOf(ctx),
          req.id,
          req.reason,
        );
        return { payment: supplierPaymentToProto(payment, settlements) };
      },
      async listSupplierOutstanding(req, ctx) {
        const report = await supplierPayments.outstanding(tenantCallerOf(ctx), {
          basis: req.basis,
          supplierIds: req.supplierIds,
        });
        return {
          suppliers: report.suppliers.map(supplierOutstandingToProto),
          total: supplierOutstandingToProto(report.total),
          asOf: report.asOf,
        };
      },
      async listPurchaseInvoices(req, ctx) {
        const page = await purchaseInvoices.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          search: req.search,
          supplierIds: req.supplierIds,
          statuses: req.statuses,
          dateFrom: req.dateFrom,
          dateTo: req.dateTo,
          includeCancelled: req.includeCancelled,
        });
        return {
          invoicesJson: encodePurchaseInvoiceListPage(page.items.map(purchaseListItemOf)),
          page: pageInfoToProto(page),
        };
      },
      async getPurchaseInvoice(req, ctx) {
        return purchaseOut(await purchaseInvoices.get(tenantCallerOf(ctx), req.id));
      },
      async listBillablePurchaseDuties(req, ctx) {
        const found = await purchaseInvoices.billableDuties(tenantCallerOf(ctx), req);
        return {
          duties: found.duties.map((d) => purchaseInvoiceDutyToProto(d.duty, d.blockedReason)),
          invoicesUnaccepted: found.invoicesUnaccepted,
          defaultTdsPercentage: found.defaultTdsPercentage,
          taxes: found.taxes.map((t) => ({ ...t, amount: '' })),
        };
      },
      async createPurchaseInvoice(req, ctx) {
        return purchaseOut(await purchaseInvoices.create(tenantCallerOf(ctx), purchaseDraftOf(req.draft)));
      },
      async updatePurchaseInvoice(req, ctx) {
        return purchaseOut(
          await purchaseInvoices.update(
            tenantCallerOf(ctx),
            req.id,
            purchaseDraftOf(req.draft),
            req.expectedVersion,
          ),
        );
      },
      async approvePurchaseInvoice(req, ctx) {
        return purchaseOut(await purchaseInvoices.approve(tenantCallerOf(ctx), req.id));
      },
      async cancelPurchaseInvoice(req, ctx) {
        return purchaseOut(await purchaseInvoices.cancel(tenantCallerOf(ctx), req.id, req.reason));
      },
      async emailPurchaseInvoice(req, ctx) {
        return purchaseOut(await purchaseInvoices.email(tenantCallerOf(ctx), req.id, req.to));
      },
      async renderPurchaseInvoice(req, ctx) {
        const { pdf, fileName } = await purchaseInvoices.render(tenantCallerOf(ctx), req.id);
        return { pdf: new Uint8Array(pdf), fileName };
      },
      async listPettyCash(req, ctx) {
        const page = await useCases.pettyCash.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          search: req.search,
          kinds: req.kinds,
          categories: req.categories,
          personKey: req.personKey,
          companyIds: req.companyIds,
          dateFrom: req.dateFrom,
          dateTo: req.dateTo,
          includeVoided: req.includeVoided,
        });
        return { entries: page.items.map(pettyCashToProto), page: pageInfoToProto(page) };
      },
      async getPettyCash(req, ctx) {
        const { entry, held } = await useCases.pettyCash.get(tenantCallerOf(ctx), req.id);
        return { entry: pettyCashToProto(entry), held };
      },
      async getPettyCashSummary(_req, ctx) {
        const summary = await useCases.pettyCash.summary(tenantCallerOf(ctx));
        return { ...summary, holders: summary.holders.map(holdingToProto) };
      },
      async recordPettyCash(req, ctx) {
        return {
          entry: pettyCashToProto(
            await useCases.pettyCash.record(tenantCallerOf(ctx), pettyCashInputOf(req.entry)),
          ),
        };
      },
      async updatePettyCash(req, ctx) {
        const entry = await useCases.pettyCash.update(
          tenantCallerOf(ctx),
          req.id,
          pettyCashInputOf(req.entry),
          req.expectedVersion,
        );
        return { entry: pettyCashToProto(entry) };
      },
      async voidPettyCash(req, ctx) {
        return {
          entry: pettyCashToProto(await useCases.pettyCash.void(tenantCallerOf(ctx), req.id, req.reason)),
        };
      },
      async sendPettyCashInfo(req, ctx) {
        const entry = await useCases.pettyCash.send(tenantCallerOf(ctx), req.id, {
          sms: req.sms,
          email: req.email,
        });
        return { entry: pettyCashToProto(entry) };
      },
      async listFuelLogs(req, ctx) {
        const page = await fuel.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          vehicleIds: req.vehicleIds,
          fuelStationIds: req.fuelStationIds,
          dateFrom: req.dateFrom,
          dateTo: req.dateTo,
          fullTankOnly: req.fullTankOnly,
        });
        return {
          fuelLogs: page.items.map(fuelLogToProto),
          page: pageInfoToProto(page),
          totals: page.totals
            ? { fills: BigInt(page.totals.fills), amount: page.totals.amount.toFixed(2) }
            : undefined,
        };
      },
      async getFuelLog(req, ctx) {
        return { fuelLog: fuelLogToProto(await fuel.get(tenantCallerOf(ctx), req.id)) };
      },
      async recordFuelLog(req, ctx) {
        return { fuelLog: fuelLogToProto(await fuel.record(tenantCallerOf(ctx), fillOf(req.fuelLog))) };
      },
      async updateFuelLog(req, ctx) {
        const row = await fuel.update(tenantCallerOf(ctx), req.id, req.version, fillOf(req.fuelLog));
        return { fuelLog: fuelLogToProto(row) };
      },
      async deleteFuelLog(req, ctx) {
        await fuel.remove(tenantCallerOf(ctx), req.id, req.version);
        return {};
      },
      async getMileageReport(req, ctx) {
        return fuel.mileage(tenantCallerOf(ctx), req);
      },
      async listVehicleExpenses(req, ctx) {
        const page = await expenses.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          search: req.search,
          vehicleIds: req.vehicleIds,
          categories: req.categories,
          dateFrom: req.dateFrom,
          dateTo: req.dateTo,
        });
        return { expenses: page.items.map(expenseToProto), page: pageInfoToProto(page) };
      },
      async getVehicleExpense(req, ctx) {
        return { expense: expenseToProto(await expenses.get(tenantCallerOf(ctx), req.id)) };
      },
      async recordVehicleExpense(req, ctx) {
        return {
          expense: expenseToProto(await expenses.record(tenantCallerOf(ctx), expenseOf(req.expense))),
        };
      },
      async updateVehicleExpense(req, ctx) {
        const row = await expenses.update(tenantCallerOf(ctx), req.id, req.version, expenseOf(req.expense));
        return { expense: expenseToProto(row) };
      },
      async deleteVehicleExpense(req, ctx) {
        await expenses.remove(tenantCallerOf(ctx), req.id, req.version);
        return {};
      },
      async getVehicleCosts(req, ctx) {
        return expenses.costs(tenantCallerOf(ctx), req);
      },
      async renderNote(req, ctx) {
        return noteDocuments.render(tenantCallerOf(ctx), req.id);
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

/** A petty cash entry as typed; an absent message is an entry with nothing in it (refused field by field). */
const pettyCashInputOf = (entry: PettyCashEntryInput | undefined): PettyCashInput => ({
  companyId: entry?.companyId,
  entryDate: entry?.entryDate,
  kind: entry?.kind ?? '',
  amount: entry?.amount ?? '',
  category: entry?.category ?? '',
  driverId: entry?.driverId,
  personName: entry?.personName,
  personPhone: entry?.personPhone,
  personEmail: entry?.personEmail,
  bookingNo: entry?.bookingNo,
  vehicleNo: entry?.vehicleNo,
  paymentMode: entry?.paymentMode,
  notes: entry?.notes,
});
