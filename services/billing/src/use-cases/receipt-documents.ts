// A receipt leaves the office (printed as a PDF, emailed with it by messaging, which hears the event) and a
// customer is asked to pay: a message by email and text with what it owes and a link to a public page of its
// open invoices. The link's token is 128 random bits given once to messaging through the event; billing
// keeps only its SHA-256. The page reads the dues live, only that customer's of that operator, for 30 days;
// any token that opens nothing — made up, expired — gets the same "not found".
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  isEmail,
  isPhoneNumber,
  PAYMENT_LINK_DAYS,
  PAYMENT_REQUEST_RECIPIENTS,
  PERMISSION,
  PUBLIC_TOKEN_BYTES,
  PUBLIC_TOKEN_PATTERN,
} from '@fleet/domain';
import {
  type Caller,
  DomainError,
  invalidField,
  notFound,
  preconditionFailed,
  requireId,
  requirePermission,
  requireServiceCaller,
  SERVICE_USER_ID,
  SYSTEM_PERMISSION,
  serviceCaller,
} from '@fleet/platform';
import Decimal from 'decimal.js';
import { receiptFileName, renderReceiptPdf } from '../documents/receipt-pdf';
import { BillingEvents, billingOutbox } from '../events/published';
import type { Copy } from '../read-models/master-copies';
import {
  findPaymentRequest,
  getPaymentRequest,
  insertPaymentRequest,
  type PaymentRequestRow,
} from '../storage/payment-requests-store';
import {
  getReceipt,
  invoicesAsking,
  type OpenInvoiceRow,
  openInvoicesOf,
  settlementsOf,
} from '../storage/receipts-store';
import type { BillingDeps, TenantCaller } from './deps';
import { createInvoiceDocuments } from './invoice-documents';

const DAY_MS = 86_400_000;
/** A payment request's page lists at most this many open invoices (oldest first); the total counts them. */
const PAGE_INVOICES = 500;
const MAX_RECIPIENTS = PAYMENT_REQUEST_RECIPIENTS;

export const paymentTokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The one answer to any token that opens nothing. */
const unknownLink = () =>
  new DomainError('NOT_FOUND', 'This link is not valid or has expired. Ask for a new one.');

export interface PublicPaymentPage {
  companyName: string;
  companyLines: string[];
  customerName: string;
  invoices: OpenInvoiceRow[];
  totalDue: string;
  bankAccount?: {
    accountHolder: string;
    bankName: string;
    accountNo: string;
    ifsc: string;
    branchName: string;
    upiId: string;
  };
  expiresAt: Date;
}

function checkedEmails(values: readonly string[], field: string): string[] {
  if (values.length > MAX_RECIPIENTS)
    throw invalidField(field, `Send to at most ${MAX_RECIPIENTS} addresses.`);
  const trimmed = values.map((value) => value.trim());
  trimmed.forEach((address, i) => {
    if (!isEmail(address)) throw invalidField(`${field}.${i}`, `“${address}” is not an email address.`);
  });
  return [...new Set(trimmed)];
}

function checkedPhones(values: readonly string[], field: string): string[] {
  if (values.length > MAX_RECIPIENTS) throw invalidField(field, `Text at most ${MAX_RECIPIENTS} phones.`);
  const trimmed = values.map((value) => value.trim());
  trimmed.forEach((phone, i) => {
    if (!isPhoneNumber(phone)) throw invalidField(`${field}.${i}`, `“${phone}” is not a phone number.`);
  });
  return [...new Set(trimmed)];
}

const sumOutstanding = (invoices: readonly OpenInvoiceRow[]) =>
  invoices.reduce((total, invoice) => total.plus(invoice.outstanding), new Decimal(0));

export function createReceiptDocuments(deps: BillingDeps) {
  const { db, clock, copies } = deps;
  const invoiceDocuments = createInvoiceDocuments(deps);

  async function customerOf(caller: TenantCaller, customerId: string) {
    const loaded = await copies.load(caller, { customer: [customerId] });
    const connection = loaded.customer.get(customerId)?.connection;
    if (!connection) throw invalidField('customerId', 'There is no such customer.');
    const detail = connection.billingDetails.find((d) => d.isDefault) ?? connection.billingDetails[0];
    return {
      name: detail?.billingName || connection.name,
      lines: [detail?.address ?? '', detail?.gstNo ? `GSTIN ${detail.gstNo}` : ''].filter(Boolean),
      emails: [...new Set([detail?.email ?? '', connection.email].filter((e) => e && isEmail(e)))],
      phones: [
        ...new Set([connection.phone, connection.alternatePhone].filter((p) => p && isPhoneNumber(p))),
      ],
    };
  }

  /** The billing company by id (else the primary one) of those given, as its documents print it. */
  function letterheadOf(companies: readonly Copy<'company'>[], companyId: string | undefined) {
    const company =
      companies.find((c) => c.id === companyId) ?? companies.find((c) => c.isPrimary) ?? companies[0];
    return {
      company,
      letterhead: {
        name: company?.name ?? '',
        lines: [
          [company?.address, company?.pincode].filter(Boolean).join(' '),
          company?.gstNo ? `GSTIN ${company.gstNo}` : '',
          [company?.phone, company?.email].filter(Boolean).join(' · '),
        ].filter(Boolean),
      },
    };
  }

  /** The same, the companies read first: never inside a transaction (embedded mode has one connection). */
  async function companyOf(caller: TenantCaller, companyId: string | undefined) {
    return letterheadOf(await copies.loadAll(caller, 'company'), companyId);
  }

  /** Billing acting for the operator of a public link: reading what that page shows, nothing more. */
  const forOperator = (tenantId: string): TenantCaller => ({
    ...serviceCaller('billing', {
      tenantId,
      permissions: [PERMISSION.view_receipt, PERMISSION.download_print_invoice],
    }),
    tenantId,
    userId: SERVICE_USER_ID,
  });

  async function resolve(callerInput: Caller, token: string): Promise<PaymentRequestRow> {
    requireServiceCaller(callerInput, ['gateway'], SYSTEM_PERMISSION.servePublicPages);
    if (!PUBLIC_TOKEN_PATTERN.test(token)) throw unknownLink();
    const request = await db.readAsSystem((tx) => findPaymentRequest(tx, paymentTokenHashOf(token)));
    if (!request || request.expiresAt <= clock()) throw unknownLink();
    return request;
  }

  /** What a request asks for now: its invoice if it named one and it still asks, else the customer's open ones. */
  async function duesOf(request: PaymentRequestRow): Promise<OpenInvoiceRow[]> {
    return db.read(request.tenantId, async (tx) => {
      if (request.invoiceId) {
        const found = await invoicesAsking(tx, [request.invoiceId]);
        return found.filter((i) => i.status === 'APPROVED' && new Decimal(i.outstanding).gt(0));
      }
      return openInvoicesOf(tx, request.customerId, PAGE_INVOICES);
    });
  }

  return {
    async renderReceipt(caller: TenantCaller, id: string): Promise<{ pdf: Buffer; fileName: string }> {
      requirePermission(caller, PERMISSION.download_print_receipt, 'print receipts');
      requireId(id, 'id');
      const { receipt, settlements } = await db.read(caller.tenantId, async (tx) => {
        const found = await getReceipt(tx, id);
        if (!found) throw notFound('The receipt');
        return { receipt: found, settlements: await settlementsOf(tx, id) };
      });
      const [customer, { letterhead }] = await Promise.all([
        customerOf(caller, receipt.customerId).catch(() => ({ name: receipt.customerName, lines: [] })),
        companyOf(caller, receipt.companyId),
      ]);
      const pdf = await renderReceiptPdf({ receipt, settlements, company: letterhead, customer }, clock());
      return { pdf, fileName: receiptFileName(receipt.receiptNo) };
    },

    /** Emails a live receipt with its PDF to the addresses given, else the customer's emails. */
    async emailReceipt(
      caller: TenantCaller,
      id: string,
      to: readonly string[],
    ): Promise<{ sentTo: string[] }> {
      requirePermission(caller, PERMISSION.email_receipt, 'email receipts');
      requireId(id, 'id');
      const addresses = checkedEmails(to, 'to');
      const receipt = await db.read(caller.tenantId, (tx) => getReceipt(tx, id));
      if (!receipt) throw notFound('The receipt');
      if (receipt.isCancelled) throw preconditionFailed('The receipt is cancelled.', 'RECEIPT_CANCELLED');
      const customer = await customerOf(caller, receipt.customerId);
      const recipients = addresses.length > 0 ? addresses : customer.emails;
      if (recipients.length === 0) {
        throw invalidField('to', 'The customer has no email; say where to send it.');
      }
      const { letterhead } = await companyOf(caller, receipt.companyId);
      await db.withTenant(caller.tenantId, (tx) =>
        billingOutbox.enqueue(
          tx,
          BillingEvents.receiptEmailed,
          {
            tenantId: caller.tenantId,
            receiptId: receipt.id,
            receiptNo: receipt.receiptNo,
            receiptDate: receipt.receiptDate,
            receivedAmount: new Decimal(receipt.receivedAmount).toFixed(2),
            customerName: customer.name,
            companyName: letterhead.name,
            to: recipients,
            changedByUserId: caller.actorUserId ?? caller.userId,
          },
          caller,
        ),
      );
      return { sentTo: recipients };
    },

    async contacts(caller: TenantCaller, customerId: string) {
      requirePermission(caller, PERMISSION.view_receipt, 'see customers’ contacts');
      requireId(customerId, 'customerId');
      const customer = await customerOf(caller, customerId);
      return { customerName: customer.name, emails: customer.emails, phones: customer.phones };
    },

    /**
     * Asks a customer for an approved invoice's outstanding, or its total outstanding, by email and text
     * (to the addresses and phones given, else the customer master's), with a link to its dues.
     */
    async requestPayment(
      caller: TenantCaller,
      input: { customerId: string; invoiceId?: string; emails: readonly string[]; phones: readonly string[] },
    ): Promise<PaymentRequestRow> {
      requirePermission(caller, PERMISSION.request_payment, 'ask customers for payment');
      requirePermission(caller, PERMISSION.view_receipt, 'ask customers for payment');
      requireId(input.customerId, 'customerId');
      if (input.invoiceId) requireId(input.invoiceId, 'invoiceId');
      let emails = checkedEmails(input.emails, 'emails');
      let phones = checkedPhones(input.phones, 'phones');
      const customer = await customerOf(caller, input.customerId);
      if (emails.length === 0 && phones.length === 0) {
        emails = customer.emails;
        phones = customer.phones;
      }
      if (emails.length === 0 && phones.length === 0) {
        throw invalidField('emails', 'The customer has no email or phone; say where to send the request.');
      }
      const now = clock();
      const token = randomBytes(PUBLIC_TOKEN_BYTES).toString('base64url');
      const id = randomUUID();
      const companies = await copies.loadAll(caller, 'company');
      return db.withTenant(caller.tenantId, async (tx) => {
        let dues: OpenInvoiceRow[];
        if (input.invoiceId) {
          const [invoice] = await invoicesAsking(tx, [input.invoiceId]);
          if (!invoice || invoice.customerId !== input.customerId) {
            throw invalidField('invoiceId', 'There is no such invoice of this customer.');
          }
          if (invoice.status !== 'APPROVED') {
            throw preconditionFailed(
              'Only an approved invoice asks for payment.',
              `INVOICE_${invoice.status}`,
            );
          }
          dues = [invoice];
        } else {
          dues = await openInvoicesOf(tx, input.customerId, PAGE_INVOICES);
        }
        const amountDue = sumOutstanding(dues);
        if (amountDue.lte(0)) {
          throw preconditionFailed(
            input.invoiceId ? 'The invoice is paid: nothing to ask for.' : 'The customer owes nothing.',
            'NOTHING_DUE',
          );
        }
        const expiresAt = new Date(now.getTime() + PAYMENT_LINK_DAYS * DAY_MS);
        const companyId = dues[0]?.companyId;
        await insertPaymentRequest(tx, {
          id,
          tenantId: caller.tenantId,
          tokenHash: paymentTokenHashOf(token),
          customerId: input.customerId,
          customerName: customer.name,
          invoiceId: input.invoiceId || null,
          invoiceNo: input.invoiceId ? (dues[0]?.invoiceNo ?? '') : '',
          amountDue: amountDue.toFixed(2),
          emails,
          phones,
          requestedByUserId: caller.userId || null,
          createdAt: now,
          expiresAt,
        });
        const { letterhead } = letterheadOf(companies, companyId);
        await billingOutbox.enqueue(
          tx,
          BillingEvents.paymentRequested,
          {
            tenantId: caller.tenantId,
            paymentRequestId: id,
            customerName: customer.name,
            companyName: letterhead.name,
            amountDue: amountDue.toFixed(2),
            token,
            emails,
            phones,
            changedByUserId: caller.actorUserId ?? caller.userId,
          },
          caller,
        );
        return (await getPaymentRequest(tx, id))!;
      });
    },

    /** The public page of a payment request, read now. */
    async publicPage(caller: Caller, token: string): Promise<PublicPaymentPage> {
      const request = await resolve(caller, token);
      const asOperator = forOperator(request.tenantId);
      const invoices = await duesOf(request);
      const { company, letterhead } = await companyOf(asOperator, invoices[0]?.companyId);
      const loaded = company?.bankAccountId
        ? await copies.load(asOperator, { bank_account: [company.bankAccountId] })
        : undefined;
      const bank = company?.bankAccountId ? loaded?.bank_account.get(company.bankAccountId) : undefined;
      return {
        companyName: letterhead.name,
        companyLines: letterhead.lines,
        customerName: request.customerName,
        invoices,
        totalDue: sumOutstanding(invoices).toFixed(2),
        ...(bank
          ? {
              bankAccount: {
                accountHolder: bank.accountHolder,
                bankName: bank.bankName,
                accountNo: bank.accountNo,
                ifsc: bank.ifsc,
                branchName: bank.branchName,
                upiId: bank.upiId,
              },
            }
          : {}),
        expiresAt: request.expiresAt,
      };
    },

    /** One invoice the page shows, as its PDF: the request's customer's, approved, still asking. */
    async publicInvoicePdf(
      caller: Caller,
      input: { token: string; invoiceId: string },
    ): Promise<{ pdf: Buffer; fileName: string }> {
      const request = await resolve(caller, input.token);
      const invoices = await duesOf(request);
      if (!invoices.some((invoice) => invoice.invoiceId === input.invoiceId)) throw unknownLink();
      return invoiceDocuments.render(forOperator(request.tenantId), input.invoiceId, 'INVOICE');
    },
  };
}

export type ReceiptDocuments = ReturnType<typeof createReceiptDocuments>;
