import { createOutbox, defineEvent } from '@fleet/platform';
import {
  FuelLogChangedSchema,
  InvoiceChangedSchema,
  NoteChangedSchema,
  PaymentRequestedSchema,
  PettyCashChangedSchema,
  PurchaseDutyChangedSchema,
  PurchaseInvoiceChangedSchema,
  ReceiptChangedSchema,
  ReceiptEmailedSchema,
  SupplierPaymentChangedSchema,
  VehicleExpenseChangedSchema,
} from '@fleet/proto/fleet/billing/v1/events_pb';
import { SCHEMA } from '../storage/migrations';

/**
 * Every event billing publishes, on subjects fleet.billing.<entity>.<event> (events.proto), enqueued
 * through this outbox in the transaction that makes the change.
 */
export const BillingEvents = {
  invoiceCreated: defineEvent('fleet.billing.invoice.created', InvoiceChangedSchema),
  invoiceUpdated: defineEvent('fleet.billing.invoice.updated', InvoiceChangedSchema),
  invoiceApproved: defineEvent('fleet.billing.invoice.approved', InvoiceChangedSchema),
  invoiceDispatched: defineEvent('fleet.billing.invoice.dispatched', InvoiceChangedSchema),
  invoiceDiscarded: defineEvent('fleet.billing.invoice.discarded', InvoiceChangedSchema),
  invoiceCancelled: defineEvent('fleet.billing.invoice.cancelled', InvoiceChangedSchema),
  receiptCreated: defineEvent('fleet.billing.receipt.created', ReceiptChangedSchema),
  receiptApplied: defineEvent('fleet.billing.receipt.applied', ReceiptChangedSchema),
  receiptCancelled: defineEvent('fleet.billing.receipt.cancelled', ReceiptChangedSchema),
  noteCreated: defineEvent('fleet.billing.note.created', NoteChangedSchema),
  noteCancelled: defineEvent('fleet.billing.note.cancelled', NoteChangedSchema),
  purchaseSlipReviewed: defineEvent('fleet.billing.purchase_duty.slip_reviewed', PurchaseDutyChangedSchema),
  supplierPaymentCreated: defineEvent('fleet.billing.supplier_payment.created', SupplierPaymentChangedSchema),
  supplierPaymentApplied: defineEvent('fleet.billing.supplier_payment.applied', SupplierPaymentChangedSchema),
  supplierPaymentCancelled: defineEvent(
    'fleet.billing.supplier_payment.cancelled',
    SupplierPaymentChangedSchema,
  ),
  purchaseInvoiceCreated: defineEvent('fleet.billing.purchase_invoice.created', PurchaseInvoiceChangedSchema),
  purchaseInvoiceUpdated: defineEvent('fleet.billing.purchase_invoice.updated', PurchaseInvoiceChangedSchema),
  purchaseInvoiceApproved: defineEvent(
    'fleet.billing.purchase_invoice.approved',
    PurchaseInvoiceChangedSchema,
  ),
  purchaseInvoiceCancelled: defineEvent(
    'fleet.billing.purchase_invoice.cancelled',
    PurchaseInvoiceChangedSchema,
  ),
  purchaseInvoiceEmailed: defineEvent('fleet.billing.purchase_invoice.emailed', PurchaseInvoiceChangedSchema),
  pettyCashRecorded: defineEvent('fleet.billing.petty_cash.recorded', PettyCashChangedSchema),
  pettyCashUpdated: defineEvent('fleet.billing.petty_cash.updated', PettyCashChangedSchema),
  pettyCashVoided: defineEvent('fleet.billing.petty_cash.voided', PettyCashChangedSchema),
  pettyCashSent: defineEvent('fleet.billing.petty_cash.sent', PettyCashChangedSchema),
  fuelLogRecorded: defineEvent('fleet.billing.fuel_log.recorded', FuelLogChangedSchema),
  fuelLogUpdated: defineEvent('fleet.billing.fuel_log.updated', FuelLogChangedSchema),
  fuelLogDeleted: defineEvent('fleet.billing.fuel_log.deleted', FuelLogChangedSchema),
  vehicleExpenseRecorded: defineEvent('fleet.billing.vehicle_expense.recorded', VehicleExpenseChangedSchema),
  vehicleExpenseUpdated: defineEvent('fleet.billing.vehicle_expense.updated', VehicleExpenseChangedSchema),
  vehicleExpenseDeleted: defineEvent('fleet.billing.vehicle_expense.deleted', VehicleExpenseChangedSchema),
  receiptEmailed: defineEvent('fleet.billing.receipt.emailed', ReceiptEmailedSchema),
  paymentRequested: defineEvent('fleet.billing.payment.requested', PaymentRequestedSchema),
} as const;
export type BillingEventName = keyof typeof BillingEvents;
export type InvoiceEventName = Extract<BillingEventName, `invoice${string}`>;

export const billingOutbox = createOutbox(SCHEMA);
