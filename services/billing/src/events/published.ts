import { createOutbox, defineEvent } from '@fleet/platform';
import {
  InvoiceChangedSchema,
  NoteChangedSchema,
  PaymentRequestedSchema,
  ReceiptChangedSchema,
  ReceiptEmailedSchema,
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
  receiptEmailed: defineEvent('fleet.billing.receipt.emailed', ReceiptEmailedSchema),
  paymentRequested: defineEvent('fleet.billing.payment.requested', PaymentRequestedSchema),
} as const;
export type BillingEventName = keyof typeof BillingEvents;
export type InvoiceEventName = Extract<BillingEventName, `invoice${string}`>;

export const billingOutbox = createOutbox(SCHEMA);
