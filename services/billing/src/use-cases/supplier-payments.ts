// Supplier payments (spec §3 PurchasePayment; the supplier side of receipts): money paid to a supplier
// against its approved purchase invoices, or as an advance (on a duty it ran, or on account), numbered in
// the billing company's payment series; an advance applied to invoices later; a payment cancelled with a
// reason, each invoice it settled owing exactly that again. `purchase_invoices.paid` and
// `supplier_payments.applied` change in the transaction that settles or cancels, with its event.
import { randomUUID } from 'node:crypto';
import {
  checkSupplierPayment,
  DATE_BASES,
  type DateBasis,
  financialYearOf,
  operatorDate,
  PAYMENT_MODES,
  type PaymentMode,
  PERMISSION,
  paiseOf,
  ReceiptError,
  rupees,
  SUPPLIER_PAYMENT_TYPES,
  type SupplierPaymentType,
  type SupplierSettlementPaise,
  supplierPaymentNumber,
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
  rows,
  sortKey,
  type Tx,
  toPage,
} from '@fleet/platform';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { BillingEvents, billingOutbox } from '../events/published';
import {
  cancelPaymentRow,
  getPayment,
  heldFor,
  insertPayment,
  insertSettlements,
  invoicesOwing,
  knownSupplierName,
  listPayments,
  lockInvoicesToPay,
  type OwingInvoiceRow,
  openInvoicesOfSupplier,
  outstandingBySupplier,
  SUPPLIER_PAYMENT_SORTS,
  type SupplierOutstandingRow,
  type SupplierPaymentFilters,
  type SupplierPaymentRow,
  type SupplierSettlementRow,
  settlementsOf,
  takePaymentSequence,
} from '../storage/supplier-payments-store';
import { supplierPaymentToProto } from '../supplier-payment-mappers';
import { checkedDate, checkedText, oneOf } from './checked-input';
import type { BillingDeps, TenantCaller } from './deps';

export interface SupplierSettlementInput {
  invoiceId: string;
  amount?: string;
}

export interface SupplierPaymentInput {
  type: string;
  supplierId: string;
  companyId?: string;
  paymentDate?: string;
  amount: string;
  paymentMode: string;
  chequeNo?: string;
  chequeDate?: string;
  bankName?: string;
  reference?: string;
  notes?: string;
  bookingId?: string;
  settlements: readonly SupplierSettlementInput[];
}

export interface SupplierPaymentListInput {
  search?: string;
  supplierIds?: readonly string[];
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

export type SupplierPaymentWithSettlements = {
  payment: SupplierPaymentRow;
  settlements: SupplierSettlementRow[];
};

/** At most this many open invoices of a supplier are offered at once (oldest first). */
const OPEN_INVOICES_SHOWN = 500;
/** The supplier outstanding names at most this many suppliers (the biggest). */
const OUTSTANDING_SUPPLIERS = 2000;
const MONEY_COLUMNS = [
  'outstanding',
  'notDue',
  'days1To30',
  'days31To60',
  'days61To90',
  'over90',
  'advances',
] as const;

/** A domain ReceiptError is the person's mistake, named by its field. */
function asInput<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ReceiptError) throw invalidField(error.field, error.message);
    throw error;
  }
}

function settlementsOfInput(inputs: readonly SupplierSettlementInput[]): SupplierSettlementPaise[] {
  if (inputs.length > 200) throw invalidField('settlements', 'A payment settles at most 200 invoices.');
  return inputs.map((s, i) => {
    requireId(s.invoiceId, `settlements.${i}.purchaseInvoiceId`);
    return asInput(() => ({
      invoiceId: s.invoiceId,
      amount: paiseOf(s.amount ?? '', `settlements.${i}.amount`),
    }));
  });
}

/** What each invoice still owes, once each is checked: approved, the supplier's, the payment's company's. */
function owingOf(
  invoices: readonly OwingInvoiceRow[],
  payment: { supplierId: string; companyId: string },
): Map<string, bigint> {
  const owing = new Map<string, bigint>();
  for (const invoice of invoices) {
    const name = `${invoice.purchaseNo} (${invoice.supplierInvoiceNo})`;
    if (invoice.status !== 'APPROVED') {
      throw invalidField(
        'settlements',
        `Purchase invoice ${name} is not approved: only approved invoices are paid.`,
      );
    }
    if (invoice.supplierId !== payment.supplierId) {
      throw invalidField('settlements', `Purchase invoice ${name} is another supplier's.`);
    }
    if (invoice.companyId !== payment.companyId) {
      throw invalidField(
        'settlements',
        `Purchase invoice ${name} was billed to another of your companies: pay it there.`,
      );
    }
    owing.set(invoice.invoiceId, paiseOf(invoice.owing, 'owing'));
  }
  return owing;
}

export function createSupplierPayments(deps: BillingDeps) {
  const { db, clock, copies } = deps;

  async function whole(tx: Tx, id: string): Promise<SupplierPaymentWithSettlements> {
    const payment = await getPayment(tx, id);
    if (!payment) throw notFound('The supplier payment');
    return { payment, settlements: await settlementsOf(tx, id) };
  }

  async function publish(
    tx: Tx,
    caller: TenantCaller,
    event: 'supplierPaymentCreated' | 'supplierPaymentApplied' | 'supplierPaymentCancelled',
    made: SupplierPaymentWithSettlements,
  ) {
    await billingOutbox.enqueue(
      tx,
      BillingEvents[event],
      {
        tenantId: caller.tenantId,
        payment: supplierPaymentToProto(made.payment, made.settlements),
        action: event.replace('supplierPayment', '').toLowerCase(),
        changedByUserId: caller.userId,
      },
      caller,
    );
  }

  async function settle(
    tx: Tx,
    caller: TenantCaller,
    paymentId: string,
    settlements: readonly SupplierSettlementPaise[],
  ) {
    await insertSettlements(
      tx,
      settlements.map((s) => ({
        id: randomUUID(),
        tenantId: caller.tenantId,
        paymentId,
        invoiceId: s.invoiceId,
        amount: rupees(s.amount),
      })),
    );
  }

  /** Locks the invoices named and answers what each owes; every one must exist. */
  async function lockedOwing(tx: Tx, settlements: readonly SupplierSettlementPaise[]) {
    const ids = [...new Set(settlements.map((s) => s.invoiceId))];
    const invoices = await lockInvoicesToPay(tx, ids);
    if (invoices.length < ids.length) {
      throw invalidField('settlements', 'Pay only approved purchase invoices of this supplier.');
    }
    return invoices;
  }

  return {
    async list(caller: TenantCaller, input: SupplierPaymentListInput): Promise<Page<SupplierPaymentRow>> {
      requirePermission(caller, PERMISSION.view_purchase_payment, 'see supplier payments');
      const sortBy = sortKey(input.sortBy, SUPPLIER_PAYMENT_SORTS, 'payment_date', 'Supplier payments');
      const limit = pageSize(input.limit);
      const search = checkedText(input.search, 'search', 100);
      const filters: SupplierPaymentFilters = {
        search: search || undefined,
        supplierIds: requireIds(input.supplierIds ?? [], 'supplierIds'),
        types: (input.types ?? []).map((t) => oneOf(SUPPLIER_PAYMENT_TYPES, t, 'types')),
        dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
        dateTo: checkedDate(input.dateTo, 'dateTo'),
        includeCancelled: input.includeCancelled ?? false,
        invoiceId: input.invoiceId ? requireId(input.invoiceId, 'purchaseInvoiceId') : undefined,
      };
      const fetched = await db.read(caller.tenantId, (tx) =>
        listPayments(tx, filters, {
          sortBy,
          direction: input.direction ?? 'desc',
          cursor: input.cursor,
          limit,
        }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.id]);
    },

    async get(caller: TenantCaller, id: string): Promise<SupplierPaymentWithSettlements> {
      requirePermission(caller, PERMISSION.view_purchase_payment, 'see supplier payments');
      requireId(id, 'id');
      return db.read(caller.tenantId, (tx) => whole(tx, id));
    },

    /** A supplier's approved invoices that still owe something (or the invoices named), and its advances held. */
    async openInvoices(
      caller: TenantCaller,
      input: { supplierId?: string; invoiceIds?: readonly string[] },
    ): Promise<{ invoices: OwingInvoiceRow[]; advances: string }> {
      requirePermission(caller, PERMISSION.view_purchase_payment, 'see what purchase invoices still owe');
      const invoiceIds = requireIds(input.invoiceIds ?? [], 'purchaseInvoiceIds');
      const supplierId = input.supplierId ? requireId(input.supplierId, 'supplierId') : undefined;
      if (invoiceIds.length === 0 && !supplierId) throw invalidField('supplierId', 'Choose a supplier.');
      return db.read(caller.tenantId, async (tx) => {
        const invoices =
          invoiceIds.length > 0
            ? await invoicesOwing(tx, invoiceIds)
            : await openInvoicesOfSupplier(tx, supplierId!, OPEN_INVOICES_SHOWN);
        const suppliers = [...new Set(invoices.map((i) => i.supplierId))];
        const whose = supplierId ?? (suppliers.length === 1 ? suppliers[0] : undefined);
        return { invoices, advances: whose ? await heldFor(tx, whose) : '0' };
      });
    },

    async create(caller: TenantCaller, input: SupplierPaymentInput): Promise<SupplierPaymentWithSettlements> {
      requirePermission(caller, PERMISSION.manage_purchase_payment, 'pay suppliers');
      const type: SupplierPaymentType = oneOf(SUPPLIER_PAYMENT_TYPES, input.type, 'type');
      const paymentMode: PaymentMode = oneOf(PAYMENT_MODES, input.paymentMode, 'paymentMode');
      requireId(input.supplierId, 'supplierId');
      if (input.companyId) requireId(input.companyId, 'companyId');
      if (input.bookingId) {
        requireId(input.bookingId, 'bookingId');
        if (type !== 'ADVANCE') throw invalidField('bookingId', 'Only an advance is paid on a duty.');
      }
      const paymentDate = checkedDate(input.paymentDate, 'paymentDate') ?? operatorDate(clock());
      const chequeNo = checkedText(input.chequeNo, 'chequeNo', 30);
      if (paymentMode === 'CHEQUE' && !chequeNo) throw invalidField('chequeNo', 'Give the cheque number.');
      const chequeDate = checkedDate(input.chequeDate, 'chequeDate') ?? null;
      const bankName = checkedText(input.bankName, 'bankName', 100);
      const reference = checkedText(input.reference, 'reference', 60);
      const notes = checkedText(input.notes, 'notes', 1000);
      const amount = asInput(() => paiseOf(input.amount, 'amount'));
      if (amount === 0n) throw invalidField('amount', 'Give the amount paid.');
      const settlements = settlementsOfInput(input.settlements);
      if (type === 'ADVANCE' && settlements.length > 0) {
        throw invalidField('settlements', 'An advance pays no invoice yet: apply it to invoices later.');
      }
      const loaded = await copies.load(caller, { supplier: [input.supplierId] });
      const supplier = loaded.supplier.get(input.supplierId)?.connection;
      const companies = input.companyId ? [] : await copies.loadAll(caller, 'company');
      return db.withTenant(caller.tenantId, async (tx) => {
        const supplierName = supplier?.name || (await knownSupplierName(tx, input.supplierId));
        if (!supplierName) throw invalidField('supplierId', 'There is no such supplier.');
        if (input.bookingId) {
          const [duty] = await rows<{ supplierId: string | null }>(
            tx,
            sql`select d.supplier_id as "supplierId" from billing.duties d where d.booking_id = ${input.bookingId}`,
          );
          if (duty?.supplierId !== input.supplierId) {
            throw invalidField('bookingId', 'Pay an advance only on a duty this supplier runs.');
          }
        }
        const invoices = await lockedOwing(tx, settlements);
        const companyId =
          input.companyId ||
          invoices[0]?.companyId ||
          (companies.find((c) => c.isPrimary) ?? companies[0])?.id;
        if (!companyId)
          throw preconditionFailed('Add your company first: a supplier is paid by one of your companies.');
        const owing = owingOf(invoices, { supplierId: input.supplierId, companyId });
        asInput(() => checkSupplierPayment({ type, amount, settlements }, owing));
        const financialYear = financialYearOf(paymentDate).label;
        const sequence = await takePaymentSequence(tx, {
          tenantId: caller.tenantId,
          companyId,
          financialYear,
        });
        const id = randomUUID();
        await insertPayment(tx, {
          id,
          tenantId: caller.tenantId,
          paymentNo: supplierPaymentNumber(paymentDate, Number(sequence)),
          sequence,
          financialYear,
          type,
          companyId,
          supplierId: input.supplierId,
          supplierName,
          paymentDate,
          amount: rupees(amount),
          paymentMode,
          chequeNo,
          chequeDate,
          bankName,
          reference,
          notes,
          bookingId: input.bookingId || null,
          createdByUserId: caller.userId,
        });
        await settle(tx, caller, id, settlements);
        const made = await whole(tx, id);
        await publish(tx, caller, 'supplierPaymentCreated', made);
        return made;
      });
    },

    /** Applies what a payment still holds (an advance, or what a payment left over) to invoices. */
    async apply(
      caller: TenantCaller,
      id: string,
      inputs: readonly SupplierSettlementInput[],
    ): Promise<SupplierPaymentWithSettlements> {
      requirePermission(caller, PERMISSION.manage_purchase_payment, 'apply supplier payments');
      requireId(id, 'id');
      const settlements = settlementsOfInput(inputs);
      if (settlements.length === 0) throw invalidField('settlements', 'Choose the invoices to apply it to.');
      return db.withTenant(caller.tenantId, async (tx) => {
        const payment = await getPayment(tx, id, true);
        if (!payment) throw notFound('The supplier payment');
        if (payment.isCancelled) throw preconditionFailed('The payment is cancelled.');
        const invoices = await lockedOwing(tx, settlements);
        const owing = owingOf(invoices, payment);
        asInput(() =>
          checkSupplierPayment(
            { type: 'ADVANCE', amount: paiseOf(payment.amount, 'amount'), settlements },
            owing,
            paiseOf(payment.applied, 'applied'),
          ),
        );
        await settle(tx, caller, id, settlements);
        const made = await whole(tx, id);
        await publish(tx, caller, 'supplierPaymentApplied', made);
        return made;
      });
    },

    /** Cancels a payment: it keeps its number, and each invoice it settled owes exactly that again. */
    async cancel(
      caller: TenantCaller,
      id: string,
      reason: string | undefined,
    ): Promise<SupplierPaymentWithSettlements> {
      requirePermission(caller, PERMISSION.manage_purchase_payment, 'cancel supplier payments');
      requireId(id, 'id');
      const why = checkedText(reason, 'reason', 500);
      if (!why) throw invalidField('reason', 'Say why the payment is cancelled.');
      return db.withTenant(caller.tenantId, async (tx) => {
        const payment = await getPayment(tx, id, true);
        if (!payment) throw notFound('The supplier payment');
        if (payment.isCancelled) throw preconditionFailed('The payment is already cancelled.');
        // The invoices it settled, locked in id order as payments lock them.
        const settled = await settlementsOf(tx, id);
        await lockInvoicesToPay(
          tx,
          settled.filter((s) => s.isLive).map((s) => s.invoiceId),
        );
        await cancelPaymentRow(tx, id, why);
        const made = await whole(tx, id);
        await publish(tx, caller, 'supplierPaymentCancelled', made);
        return made;
      });
    },

    /**
     * What the operator owes each supplier today, aged from the invoice date or the due date, biggest (net
     * of the advances it holds) first, with the total of those shown.
     */
    async outstanding(
      caller: TenantCaller,
      input: { basis?: string; supplierIds?: readonly string[] },
    ): Promise<{ suppliers: SupplierOutstandingRow[]; total: SupplierOutstandingRow; asOf: string }> {
      requirePermission(caller, PERMISSION.view_purchase_payment, 'see what suppliers are owed');
      const basis: DateBasis = input.basis ? oneOf(DATE_BASES, input.basis, 'basis') : 'INVOICE_DATE';
      const supplierIds = requireIds(input.supplierIds ?? [], 'supplierIds');
      const asOf = operatorDate(clock());
      const suppliers = await db.read(caller.tenantId, (tx) =>
        outstandingBySupplier(tx, { basis, asOf, supplierIds, limit: OUTSTANDING_SUPPLIERS }),
      );
      const sum = (key: (typeof MONEY_COLUMNS)[number]) =>
        suppliers.reduce((total, row) => total.plus(row[key]), new Decimal(0)).toFixed(2);
      const total: SupplierOutstandingRow = {
        supplierId: '',
        supplierName: '',
        outstanding: sum('outstanding'),
        notDue: sum('notDue'),
        days1To30: sum('days1To30'),
        days31To60: sum('days31To60'),
        days61To90: sum('days61To90'),
        over90: sum('over90'),
        advances: sum('advances'),
        openInvoices: suppliers.reduce((count, row) => count + row.openInvoices, 0),
        oldestInvoiceDate:
          suppliers
            .map((row) => row.oldestInvoiceDate)
            .filter(Boolean)
            .sort()[0] ?? '',
      };
      return { suppliers, total, asOf };
    },
  };
}

export type SupplierPayments = ReturnType<typeof createSupplierPayments>;
