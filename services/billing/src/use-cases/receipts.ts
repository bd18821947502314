// Receipts (DOMAIN.md "Receipts, settlements, notes"): money received against invoices, as an advance or
// on account, numbered in the billing company's receipt series; an advance or money on account applied
// to invoices later; a receipt cancelled with a reason, giving back exactly what it settled. Every
// change is written with the invoices' history and its event in one transaction. The arithmetic is the
// domain's (`checkReceipt`, `outstandingPaise`), in paise; bank charges are the operator's cost.
import { randomUUID } from 'node:crypto';
import {
  checkReceipt,
  DATE_BASES,
  type DateBasis,
  defaultTdsPaise,
  financialYearOf,
  formatRupees,
  InvoiceNumberError,
  maxTdsPaise,
  operatorDate,
  PAYMENT_MODES,
  type PaymentMode,
  PERMISSION,
  paiseOf,
  RECEIPT_TYPES,
  ReceiptError,
  type ReceiptType,
  receiptNumber,
  rupees,
  type SettlementPaise,
} from '@fleet/domain';
import {
  invalidField,
  notFound,
  type Page,
  pageSize,
  preconditionFailed,
  requireId,
  requireIds,
  requirePermission,
  sortKey,
  type Tx,
  toPage,
} from '@fleet/platform';
import type { CompanyProfile } from '@fleet/proto/fleet/masters/v1/billing_masters_pb';
import Decimal from 'decimal.js';
import { BillingEvents, billingOutbox } from '../events/published';
import { receiptToProto } from '../mappers';
import { addActivities, registrationOf, takeSequences } from '../storage/invoices-store';
import {
  cancelReceiptRow,
  getReceipt,
  insertReceipt,
  insertSettlements,
  invoicesAsking,
  listReceipts,
  lockInvoicesToSettle,
  type OpenInvoiceRow,
  type OutstandingRow,
  openInvoicesOf,
  outstandingByCustomer,
  RECEIPT_SORTS,
  type ReceiptFilters,
  type ReceiptRow,
  type SettlementRow,
  settlementsOf,
  tdsByCustomer,
  touchReceipt,
  unappliedOf,
} from '../storage/receipts-store';
import { boundedDate, checkedDate, checkedText, oneOf } from './checked-input';
import type { BillingDeps, TenantCaller } from './deps';

export interface SettlementInput {
  invoiceId: string;
  amount?: string;
  tdsAmount?: string;
  bankCharges?: string;
}

export interface ReceiptInput {
  type: string;
  customerId: string;
  companyId?: string;
  receiptDate?: string;
  receivedAmount: string;
  paymentMode: string;
  chequeNo?: string;
  chequeDate?: string;
  bankName?: string;
  reference?: string;
  notes?: string;
  bookingId?: string;
  settlements: readonly SettlementInput[];
}

export interface ReceiptListInput {
  search?: string;
  customerIds?: readonly string[];
  types?: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  includeCancelled?: boolean;
  invoiceId?: string;
  limit?: number;
  cursor?: string;
  sortBy?: string;
  direction?: 'asc' | 'desc';
}

/** An invoice with what it asks, and the TDS its customer still deducts from it by default. */
export type OpenInvoice = OpenInvoiceRow & { defaultTds: string };

export type ReceiptWithSettlements = { receipt: ReceiptRow; settlements: SettlementRow[] };

const maxPaise = (a: bigint, b: bigint) => (a > b ? a : b);

/** At most this many open invoices are offered at once (oldest first). */
const OPEN_INVOICES_SHOWN = 500;
/** The outstanding report names at most this many customers (the biggest); its total counts them all shown. */
const OUTSTANDING_CUSTOMERS = 2000;

type MoneyColumn =
  | 'outstanding'
  | 'notDue'
  | 'days1To30'
  | 'days31To60'
  | 'days61To90'
  | 'over90'
  | 'unapplied';

/** A domain ReceiptError is the person's mistake, named by its field. */
function asInput<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ReceiptError) throw invalidField(error.field, error.message);
    throw error;
  }
}

function settlementsOfInput(inputs: readonly SettlementInput[]): SettlementPaise[] {
  if (inputs.length > 200) throw invalidField('settlements', 'A receipt settles at most 200 invoices.');
  return inputs.map((s, i) => {
    requireId(s.invoiceId, `settlements.${i}.invoiceId`);
    return asInput(() => ({
      invoiceId: s.invoiceId,
      amount: paiseOf(s.amount ?? '', `settlements.${i}.amount`),
      tds: paiseOf(s.tdsAmount ?? '', `settlements.${i}.tdsAmount`),
      bankCharges: paiseOf(s.bankCharges ?? '', `settlements.${i}.bankCharges`),
    }));
  });
}

/**
 * The receipt prefix of the company's profiles (the first by name that sets one); '' for the default.
 * A receipt has no profile of its own: it may settle invoices of several.
 */
function receiptPrefixOf(profiles: readonly CompanyProfile[], companyId: string): string {
  return (
    profiles
      .filter((p) => p.companyId === companyId && p.isActive && p.receiptPrefix)
      .sort((a, b) => a.name.localeCompare(b.name))[0]?.receiptPrefix ?? ''
  );
}

/** A number the profile's prefix makes too long is the profile's to change. */
function numberedWith(number: () => string): string {
  try {
    return number();
  } catch (error) {
    if (error instanceof InvoiceNumberError) throw new ReceiptError('companyId', error.message);
    throw error;
  }
}

export function createReceipts(deps: BillingDeps) {
  const { db, clock, copies } = deps;

  async function customerOf(caller: TenantCaller, customerId: string) {
    const loaded = await copies.load(caller, { customer: [customerId] });
    const connection = loaded.customer.get(customerId)?.connection;
    if (!connection) throw invalidField('customerId', 'There is no such customer.');
    return connection;
  }

  /** Checks what each invoice asks: approved, the customer's, the receipt's company's. */
  function askingOf(
    invoices: readonly OpenInvoiceRow[],
    receipt: { customerId: string; companyId: string },
  ): Map<string, bigint> {
    const asking = new Map<string, bigint>();
    for (const invoice of invoices) {
      if (invoice.status !== 'APPROVED') {
        throw invalidField(
          'settlements',
          `Invoice ${invoice.invoiceNo} is not approved: only approved invoices are settled.`,
        );
      }
      if (invoice.customerId !== receipt.customerId) {
        throw invalidField('settlements', `Invoice ${invoice.invoiceNo} is another customer's.`);
      }
      if (invoice.companyId !== receipt.companyId) {
        throw invalidField(
          'settlements',
          `Invoice ${invoice.invoiceNo} is billed by another of your companies: receive it there.`,
        );
      }
      asking.set(invoice.invoiceId, paiseOf(invoice.outstanding, 'outstanding'));
    }
    return asking;
  }

  /** What TDS each invoice may still have deducted: 20% of its value before GST less what was deducted. */
  const tdsRoomOf = (invoices: readonly OpenInvoiceRow[]) =>
    new Map(
      invoices.map((invoice) => [
        invoice.invoiceId,
        maxTdsPaise(paiseOf(invoice.taxableValue || invoice.total, 'taxableValue')) -
          paiseOf(invoice.tdsSettled, 'tdsSettled'),
      ]),
    );

  async function settle(
    tx: Tx,
    caller: TenantCaller,
    receipt: { id: string; receiptNo: string },
    settlements: readonly SettlementPaise[],
    numbers: ReadonlyMap<string, string>,
  ) {
    await insertSettlements(
      tx,
      settlements.map((s) => ({
        id: randomUUID(),
        tenantId: caller.tenantId,
        receiptId: receipt.id,
        invoiceId: s.invoiceId,
        amount: rupees(s.amount),
        tdsAmount: rupees(s.tds),
        bankCharges: rupees(s.bankCharges),
      })),
    );
    await addActivities(
      tx,
      settlements.map((s) => ({
        id: randomUUID(),
        tenantId: caller.tenantId,
        invoiceId: s.invoiceId,
        userId: caller.userId || null,
        actorUserId: caller.actorUserId ?? (caller.userId || null),
        action: 'settled',
        note:
          `${receipt.receiptNo}: ${formatRupees(rupees(s.amount))} received` +
          (s.tds > 0n ? `, ${formatRupees(rupees(s.tds))} TDS` : '') +
          (s.bankCharges > 0n ? `, ${formatRupees(rupees(s.bankCharges))} bank charges` : '') +
          ` (${numbers.get(s.invoiceId) ?? ''}).`,
      })),
    );
  }

  async function whole(tx: Tx, id: string): Promise<ReceiptWithSettlements> {
    const receipt = await getReceipt(tx, id);
    if (!receipt) throw notFound('The receipt');
    return { receipt, settlements: await settlementsOf(tx, id) };
  }

  async function publish(
    tx: Tx,
    caller: TenantCaller,
    event: 'receiptCreated' | 'receiptApplied' | 'receiptCancelled',
    made: ReceiptWithSettlements,
  ) {
    await billingOutbox.enqueue(
      tx,
      BillingEvents[event],
      {
        tenantId: caller.tenantId,
        receipt: receiptToProto(made.receipt, made.settlements),
        action: event.replace('receipt', '').toLowerCase(),
        changedByUserId: caller.userId,
      },
      caller,
    );
  }

  return {
    async list(caller: TenantCaller, input: ReceiptListInput): Promise<Page<ReceiptRow>> {
      requirePermission(caller, PERMISSION.view_receipt, 'see receipts');
      const sortBy = sortKey(input.sortBy, RECEIPT_SORTS, 'receipt_date', 'Receipts');
      const limit = pageSize(input.limit);
      const search = checkedText(input.search, 'search', 100);
      const filters: ReceiptFilters = {
        search: search || undefined,
        customerIds: requireIds(input.customerIds ?? [], 'customerIds'),
        types: (input.types ?? []).map((t) => oneOf(RECEIPT_TYPES, t, 'types')),
        dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
        dateTo: checkedDate(input.dateTo, 'dateTo'),
        includeCancelled: input.includeCancelled ?? false,
        invoiceId: input.invoiceId ? requireId(input.invoiceId, 'invoiceId') : undefined,
      };
      const fetched = await db.read(caller.tenantId, (tx) =>
        listReceipts(tx, filters, {
          sortBy,
          direction: input.direction ?? 'desc',
          cursor: input.cursor,
          limit,
        }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.id]);
    },

    async get(caller: TenantCaller, id: string): Promise<ReceiptWithSettlements> {
      requirePermission(caller, PERMISSION.view_receipt, 'see receipts');
      requireId(id, 'id');
      return db.read(caller.tenantId, (tx) => whole(tx, id));
    },

    /** A customer's invoices that still ask for money (or the invoices named), and what it holds unapplied. */
    async openInvoices(
      caller: TenantCaller,
      input: { customerId?: string; invoiceIds?: readonly string[] },
    ): Promise<{ invoices: OpenInvoice[]; unapplied: string }> {
      requirePermission(caller, PERMISSION.view_receipt, 'see what invoices ask for');
      const invoiceIds = requireIds(input.invoiceIds ?? [], 'invoiceIds');
      if (invoiceIds.length === 0) requireId(input.customerId ?? '', 'customerId');
      const found = await db.read(caller.tenantId, async (tx) =>
        invoiceIds.length > 0
          ? invoicesAsking(tx, invoiceIds)
          : openInvoicesOf(tx, input.customerId!, OPEN_INVOICES_SHOWN),
      );
      const customerIds = [...new Set(found.map((invoice) => invoice.customerId))];
      // What a customer holds unapplied, when the invoices are one customer's.
      const customerId = input.customerId || (customerIds.length === 1 ? customerIds[0] : undefined);
      const loaded = await copies.load(caller, { customer: customerIds });
      const tdsOf = (id: string) => loaded.customer.get(id)?.connection?.tdsPercentage ?? '';
      const unapplied = customerId
        ? await db.read(caller.tenantId, (tx) => unappliedOf(tx, customerId))
        : '0.00';
      return {
        invoices: found.map((invoice) => ({
          ...invoice,
          // What is still to deduct: the customer's TDS on the invoice less what earlier receipts deducted.
          defaultTds: rupees(
            maxPaise(
              defaultTdsPaise(
                paiseOf(invoice.taxableValue || invoice.total, 'taxableValue'),
                tdsOf(invoice.customerId),
              ) - paiseOf(invoice.tdsSettled, 'tdsSettled'),
              0n,
            ),
          ),
        })),
        unapplied,
      };
    },

    async create(caller: TenantCaller, input: ReceiptInput): Promise<ReceiptWithSettlements> {
      requirePermission(caller, PERMISSION.manage_receipt, 'record receipts');
      const type: ReceiptType = oneOf(RECEIPT_TYPES, input.type, 'type');
      const paymentMode: PaymentMode = oneOf(PAYMENT_MODES, input.paymentMode, 'paymentMode');
      requireId(input.customerId, 'customerId');
      if (input.companyId) requireId(input.companyId, 'companyId');
      if (input.bookingId) {
        requireId(input.bookingId, 'bookingId');
        if (type !== 'ADVANCE') throw invalidField('bookingId', 'Only an advance is taken on a booking.');
      }
      const today = operatorDate(clock());
      const receiptDate = boundedDate(checkedDate(input.receiptDate, 'receiptDate') ?? today, 'receiptDate', {
        today,
        latest: today,
      });
      const chequeNo = checkedText(input.chequeNo, 'chequeNo', 30);
      if (paymentMode === 'CHEQUE' && !chequeNo) throw invalidField('chequeNo', 'Give the cheque number.');
      const chequeDate = checkedDate(input.chequeDate, 'chequeDate') ?? null;
      const bankName = checkedText(input.bankName, 'bankName', 100);
      const reference = checkedText(input.reference, 'reference', 60);
      const notes = checkedText(input.notes, 'notes', 1000);
      const received = asInput(() => paiseOf(input.receivedAmount, 'receivedAmount'));
      if (received === 0n) throw invalidField('receivedAmount', 'Give the amount received.');
      const settlements = settlementsOfInput(input.settlements);
      if (type !== 'INVOICE' && settlements.length > 0) {
        throw invalidField(
          'settlements',
          'An advance or money on account settles nothing yet: apply it to invoices later.',
        );
      }
      const customer = await customerOf(caller, input.customerId);
      const companies = await copies.loadAll(caller, 'company');
      const profiles = await copies.loadAll(caller, 'company_profile');
      return db.withTenant(caller.tenantId, async (tx) => {
        const invoices = await lockInvoicesToSettle(
          tx,
          settlements.map((s) => s.invoiceId),
        );
        if (invoices.length < settlements.length) {
          throw invalidField('settlements', 'Settle only approved invoices of this customer.');
        }
        const companyId =
          input.companyId ||
          invoices[0]?.companyId ||
          (companies.find((c) => c.isPrimary) ?? companies[0])?.id;
        if (!companyId)
          throw preconditionFailed('Add your company first: a receipt is received by one of your companies.');
        const asking = askingOf(invoices, { customerId: input.customerId, companyId });
        asInput(() => checkReceipt({ type, received, settlements }, asking, 0n, tdsRoomOf(invoices)));
        const financialYear = financialYearOf(receiptDate).label;
        const company = companies.find((c) => c.id === companyId);
        const sequence = await takeSequences(
          tx,
          {
            tenantId: caller.tenantId,
            registration: registrationOf(company ?? { id: companyId, gstNo: '' }),
            financialYear,
          },
          1,
          'RECEIPT',
        );
        const id = randomUUID();
        const receiptNo = asInput(() =>
          numberedWith(() =>
            receiptNumber(receiptDate, Number(sequence), receiptPrefixOf(profiles, companyId)),
          ),
        );
        await insertReceipt(tx, {
          id,
          tenantId: caller.tenantId,
          receiptNo,
          sequence,
          financialYear,
          type,
          customerId: input.customerId,
          customerName: customer.name,
          companyId,
          receiptDate,
          receivedAmount: rupees(received),
          paymentMode,
          chequeNo,
          chequeDate,
          bankName,
          reference,
          notes,
          bookingId: input.bookingId || null,
          createdByUserId: caller.userId,
        });
        await settle(
          tx,
          caller,
          { id, receiptNo },
          settlements,
          new Map(invoices.map((i) => [i.invoiceId, i.invoiceNo])),
        );
        const made = await whole(tx, id);
        await publish(tx, caller, 'receiptCreated', made);
        return made;
      });
    },

    /**
     * The TDS receivable: what customers deducted from their payments in a period (by receipt date), by
     * customer, with the PAN of its default billing details — what the operator claims against Form 26AS.
     */
    async tdsReceivable(caller: TenantCaller, input: { dateFrom?: string; dateTo?: string }) {
      requirePermission(caller, PERMISSION.view_receipt, 'see the TDS receivable');
      const today = operatorDate(clock());
      const from = checkedDate(input.dateFrom, 'dateFrom') ?? financialYearOf(today).start;
      const to = checkedDate(input.dateTo, 'dateTo') ?? today;
      if (to < from) throw invalidField('dateTo', 'The period ends on or after the day it starts.');
      const found = await db.read(caller.tenantId, (tx) => tdsByCustomer(tx, { from, to }));
      const loaded = await copies.load(caller, { customer: found.map((row) => row.customerId) });
      const panOf = (customerId: string) => {
        const connection = loaded.customer.get(customerId)?.connection;
        const detail = connection?.billingDetails.find((d) => d.isDefault) ?? connection?.billingDetails[0];
        return detail?.panNo ?? '';
      };
      return {
        from,
        to,
        customers: found.map((row) => ({ ...row, pan: panOf(row.customerId) })),
        total: found.reduce((sum, row) => sum.plus(row.tds), new Decimal(0)).toFixed(2),
      };
    },

    /**
     * What each customer owes today, aged from the invoice date or the due date, biggest (net of what
     * it holds unapplied) first, with the total of them all. At most OUTSTANDING_CUSTOMERS customers.
     */
    async outstanding(
      caller: TenantCaller,
      input: { basis?: string; customerIds?: readonly string[] },
    ): Promise<{
      customers: (OutstandingRow & { customerName: string })[];
      total: OutstandingRow;
      asOf: string;
    }> {
      requirePermission(caller, PERMISSION.view_receipt, 'see what customers owe');
      const basis: DateBasis = input.basis ? oneOf(DATE_BASES, input.basis, 'basis') : 'INVOICE_DATE';
      const customerIds = requireIds(input.customerIds ?? [], 'customerIds');
      const asOf = operatorDate(clock());
      const found = await db.read(caller.tenantId, (tx) =>
        outstandingByCustomer(tx, { basis, asOf, customerIds, limit: OUTSTANDING_CUSTOMERS }),
      );
      const names = await copies.namesOf(
        caller,
        'customer',
        found.map((row) => row.customerId),
      );
      const sum = (key: MoneyColumn) =>
        found.reduce((total, row) => total.plus(row[key]), new Decimal(0)).toFixed(2);
      const total: OutstandingRow = {
        customerId: '',
        outstanding: sum('outstanding'),
        notDue: sum('notDue'),
        days1To30: sum('days1To30'),
        days31To60: sum('days31To60'),
        days61To90: sum('days61To90'),
        over90: sum('over90'),
        unapplied: sum('unapplied'),
        openInvoices: found.reduce((count, row) => count + row.openInvoices, 0),
        oldestInvoiceDate:
          found
            .map((row) => row.oldestInvoiceDate)
            .filter(Boolean)
            .sort()[0] ?? '',
      };
      return {
        customers: found.map((row) => ({
          ...row,
          customerName: names.get(row.customerId) ?? '',
        })),
        total,
        asOf,
      };
    },

    /** Applies what an advance or money on account still holds to invoices of its customer and company. */
    async apply(
      caller: TenantCaller,
      id: string,
      inputs: readonly SettlementInput[],
    ): Promise<ReceiptWithSettlements> {
      requirePermission(caller, PERMISSION.manage_receipt, 'apply receipts');
      requireId(id, 'id');
      const settlements = settlementsOfInput(inputs);
      if (settlements.length === 0) throw invalidField('settlements', 'Choose the invoices to apply it to.');
      return db.withTenant(caller.tenantId, async (tx) => {
        const receipt = await getReceipt(tx, id, true);
        if (!receipt) throw notFound('The receipt');
        if (receipt.isCancelled) throw preconditionFailed('The receipt is cancelled.');
        const invoices = await lockInvoicesToSettle(
          tx,
          settlements.map((s) => s.invoiceId),
        );
        if (invoices.length < settlements.length) {
          throw invalidField('settlements', 'Settle only approved invoices of this customer.');
        }
        const asking = askingOf(invoices, receipt);
        asInput(() =>
          checkReceipt(
            { type: 'ON_ACCOUNT', received: paiseOf(receipt.receivedAmount, 'receivedAmount'), settlements },
            asking,
            paiseOf(receipt.adjustedAmount, 'adjustedAmount'),
            tdsRoomOf(invoices),
          ),
        );
        await settle(
          tx,
          caller,
          receipt,
          settlements,
          new Map(invoices.map((i) => [i.invoiceId, i.invoiceNo])),
        );
        await touchReceipt(tx, id);
        const made = await whole(tx, id);
        await publish(tx, caller, 'receiptApplied', made);
        return made;
      });
    },

    /** Cancels a receipt: it keeps its number, and each invoice it settled asks again for what it settled. */
    async cancel(
      caller: TenantCaller,
      id: string,
      reason: string | undefined,
    ): Promise<ReceiptWithSettlements> {
      requirePermission(caller, PERMISSION.cancel_receipt, 'cancel receipts');
      requireId(id, 'id');
      const why = checkedText(reason, 'reason', 500);
      if (!why) throw invalidField('reason', 'Say why the receipt is cancelled.');
      return db.withTenant(caller.tenantId, async (tx) => {
        const receipt = await getReceipt(tx, id, true);
        if (!receipt) throw notFound('The receipt');
        if (receipt.isCancelled) throw preconditionFailed('The receipt is already cancelled.');
        const settled = await settlementsOf(tx, id);
        await cancelReceiptRow(tx, id, why);
        await addActivities(
          tx,
          settled.map((s) => ({
            id: randomUUID(),
            tenantId: caller.tenantId,
            invoiceId: s.invoiceId,
            userId: caller.userId || null,
            actorUserId: caller.actorUserId ?? (caller.userId || null),
            action: 'receipt cancelled',
            note: `${receipt.receiptNo}: ${why}`,
          })),
        );
        const made = await whole(tx, id);
        await publish(tx, caller, 'receiptCancelled', made);
        return made;
      });
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
