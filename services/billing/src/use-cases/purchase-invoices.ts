// Purchase invoices (DOMAIN.md "Invoicing", spec §3 PurchaseInvoice): a supplier's invoice for the duties it
// ran, recorded by the operator over those duties, numbered PUR/yy-yy/0001 in its billing company's
// purchase series, approved, or cancelled with a reason (its duties free again). A duty is on at most one
// live purchase invoice; the supplier's own number names at most one of its live invoices. Every change
// is written with the invoice's history and its event in one transaction. The arithmetic is the
// domain's (`purchaseFigures`).
import { randomUUID } from 'node:crypto';
import {
  checkedSupplierInvoiceNo,
  checkPurchaseDates,
  defaultPurchaseTdsPercentage,
  financialYearOf,
  formatIsoDate,
  formatRupees,
  isEmail,
  operatorDate,
  PERMISSION,
  PURCHASE_INVOICE_STATUSES,
  PURCHASE_ROW_TYPES,
  PurchaseInvoiceError,
  type PurchaseRowType,
  type PurchaseTax,
  purchaseFigures,
  purchaseMoney,
  purchaseNumber,
  shownBookingNo,
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
import Decimal from 'decimal.js';
import { renderPurchaseInvoicePdf } from '../documents/purchase-invoice-pdf';
import { BillingEvents, billingOutbox } from '../events/published';
import { purchaseInvoiceToProto } from '../purchase-invoice-mappers';
import type { Copy } from '../read-models/master-copies';
import {
  addPurchaseActivity,
  dutiesOfPurchaseInvoice,
  getPurchaseInvoice,
  holdPurchaseDuties,
  insertPurchaseInvoice,
  listPurchaseInvoices,
  liveWithSupplierNumber,
  lockPurchaseDuties,
  PURCHASE_INVOICE_SORTS,
  type PurchaseActivityRow,
  type PurchaseDutyRecord,
  type PurchaseInvoiceFilters,
  type PurchaseInvoiceRecord,
  type PurchaseInvoiceValues,
  type PurchaseLine,
  type PurchaseListRow,
  purchaseActivityOf,
  purchaseLinesOf,
  readPurchaseDuties,
  releasePurchaseDuties,
  replacePurchaseLines,
  SupplierNumberTaken,
  setPurchaseInvoiceStatus,
  supplierDutiesFree,
  takePurchaseSequence,
  touchPurchaseInvoice,
  updatePurchaseInvoiceValues,
} from '../storage/purchase-invoices-store';
import { checkedDate, checkedText, oneOf } from './checked-input';
import type { BillingDeps, TenantCaller } from './deps';

export interface PurchaseRowInput {
  type: string;
  bookingId?: string;
  description?: string;
  amount: string;
}

export interface PurchaseDraftInput {
  supplierId: string;
  companyId?: string;
  supplierInvoiceNo?: string;
  supplierInvoiceDate?: string;
  receivedDate?: string;
  /** `amount`: what the supplier billed for the duty, when not its purchase amount. */
  duties: readonly { bookingId: string; includeBillingItems?: boolean; amount?: string }[];
  rows: readonly PurchaseRowInput[];
  discount?: string;
  /** Absent: the supplier's default. */
  tdsPercentage?: string;
  notes?: string;
}

export interface PurchaseListInput {
  search?: string;
  supplierIds?: readonly string[];
  statuses?: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  includeCancelled?: boolean;
  limit?: number;
  cursor?: string;
  sortBy?: string;
  direction?: 'asc' | 'desc';
}

/** The list's filters, each checked (a 400 naming the field), as the list and the export read them. */
export function purchaseFiltersOf(
  input: Omit<PurchaseListInput, 'limit' | 'cursor' | 'sortBy' | 'direction'>,
): PurchaseInvoiceFilters {
  const search = checkedText(input.search, 'search', 100);
  return {
    search: search || undefined,
    supplierIds: requireIds(input.supplierIds ?? [], 'supplierIds'),
    statuses: (input.statuses ?? []).map((s) => oneOf(PURCHASE_INVOICE_STATUSES, s, 'statuses')),
    dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
    dateTo: checkedDate(input.dateTo, 'dateTo'),
    includeCancelled: input.includeCancelled ?? false,
  };
}

export interface WholePurchaseInvoice {
  invoice: PurchaseInvoiceRecord;
  rows: PurchaseLine[];
  duties: PurchaseDutyRecord[];
  activity: PurchaseActivityRow[];
  supplierEmail: string;
}

type Supplier = Copy<'supplier'>;
type PurchaseEvent =
  | 'purchaseInvoiceCreated'
  | 'purchaseInvoiceUpdated'
  | 'purchaseInvoiceApproved'
  | 'purchaseInvoiceCancelled'
  | 'purchaseInvoiceEmailed';

/** Extra rows besides the duties' own car hire rows. */
const EXTRA_ROW_TYPES = PURCHASE_ROW_TYPES.filter((t) => t !== 'CAR_HIRE_CHARGES');
const MAX_DUTIES = 500;
const MAX_EXTRA_ROWS = 200;

function asInput<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof PurchaseInvoiceError) throw invalidField(error.field, error.message);
    throw error;
  }
}

const supplierNumberTaken = (no: string, purchaseNo: string) =>
  invalidField(
    'supplierInvoiceNo',
    `The supplier's invoice ${no} is already recorded as ${purchaseNo}: a supplier's number names one invoice.`,
  );

const defaultDetail = (supplier: Supplier) =>
  supplier.connection?.billingDetails.find((d) => d.isDefault) ?? supplier.connection?.billingDetails[0];

export const supplierEmailOf = (supplier: Supplier | undefined) =>
  (supplier && (defaultDetail(supplier)?.email || supplier.connection?.email)) || '';

/**
 * Why a duty cannot go on this purchase invoice now, or '' when it can: it must be the supplier's,
 * closed, priced on the supplier's card, with its slip accepted (or not yet acted on, when the supplier
 * allows invoicing those), and on no other live purchase invoice.
 */
export function blockedReason(
  duty: PurchaseDutyRecord,
  supplier: Supplier,
  invoiceId: string | null,
): string {
  if (duty.supplierId !== supplier.connection?.id) return 'Another supplier ran it.';
  if (duty.status !== 'CLOSED') return 'It is not closed.';
  if (duty.purchaseInvoiceId && duty.purchaseInvoiceId !== invoiceId) {
    return `It is on purchase invoice ${duty.purchaseInvoiceNo ?? ''}.`;
  }
  if (duty.purchaseAmount === null) return 'Bookings has not priced it for the supplier yet.';
  if (duty.purchaseSlipStatus === 'REJECTED') return "The supplier's slip was rejected.";
  if (duty.purchaseSlipStatus === 'NO_ACTION' && !supplier.invoiceUnacceptedNetworkDuties) {
    return "The supplier's slip is not accepted yet.";
  }
  return '';
}

interface CheckedDraft {
  supplierId: string;
  companyId: string;
  supplierInvoiceNo: string;
  supplierInvoiceDate: string;
  receivedDate: string;
  duties: { bookingId: string; includeBillingItems: boolean; amount?: string }[];
  rows: PurchaseLine[];
  discount: string;
  tdsPercentage?: string;
  notes: string;
}

function checkedDraft(input: PurchaseDraftInput, today: string): CheckedDraft {
  requireId(input.supplierId, 'supplierId');
  if (input.companyId) requireId(input.companyId, 'companyId');
  const supplierInvoiceNo = asInput(() => checkedSupplierInvoiceNo(input.supplierInvoiceNo));
  const dates = asInput(() =>
    checkPurchaseDates({
      supplierInvoiceDate: checkedDate(input.supplierInvoiceDate, 'supplierInvoiceDate'),
      receivedDate: checkedDate(input.receivedDate, 'receivedDate'),
      today,
    }),
  );
  if (input.duties.length > MAX_DUTIES) {
    throw invalidField('duties', `A purchase invoice takes at most ${MAX_DUTIES} duties.`);
  }
  const seen = new Set<string>();
  const duties = input.duties.map((d, i) => {
    requireId(d.bookingId, `duties.${i}.bookingId`);
    if (seen.has(d.bookingId)) throw invalidField(`duties.${i}.bookingId`, 'Each duty is taken once.');
    seen.add(d.bookingId);
    const amount = d.amount?.trim() || undefined;
    if (amount !== undefined) asInput(() => purchaseMoney(amount, `duties.${i}.amount`));
    return { bookingId: d.bookingId, includeBillingItems: d.includeBillingItems ?? false, amount };
  });
  if (input.rows.length > MAX_EXTRA_ROWS) {
    throw invalidField('rows', `Add at most ${MAX_EXTRA_ROWS} rows besides the duties.`);
  }
  const rows = input.rows.map((row, i): PurchaseLine => {
    const type: PurchaseRowType = oneOf(EXTRA_ROW_TYPES, row.type, `rows.${i}.type`);
    if (row.bookingId) requireId(row.bookingId, `rows.${i}.bookingId`);
    // Checked here, where the index is the person's row: the figures see the duties' rows first.
    asInput(() => purchaseMoney(row.amount, `rows.${i}.amount`));
    return {
      type,
      bookingId: row.bookingId || null,
      description: checkedText(row.description, `rows.${i}.description`, 200),
      amount: row.amount,
    };
  });
  const tds = input.tdsPercentage?.trim();
  return {
    supplierId: input.supplierId,
    companyId: input.companyId ?? '',
    supplierInvoiceNo,
    ...dates,
    duties,
    rows,
    discount: (input.discount ?? '').trim(),
    tdsPercentage: tds === undefined || tds === '' ? undefined : tds,
    notes: checkedText(input.notes, 'notes', 1000),
  };
}

export function createPurchaseInvoices(deps: BillingDeps) {
  const { db, clock, copies } = deps;

  async function supplierOf(caller: TenantCaller, supplierId: string) {
    const loaded = await copies.load(caller, { supplier: [supplierId] });
    const supplier = loaded.supplier.get(supplierId);
    if (!supplier?.connection) throw invalidField('supplierId', 'There is no such supplier.');
    const taxIds = supplier.connection.taxIds;
    const taxCopies = taxIds.length > 0 ? (await copies.load(caller, { tax: taxIds })).tax : new Map();
    const taxes: PurchaseTax[] = taxIds.flatMap((id) => {
      const tax = taxCopies.get(id);
      return tax ? [{ taxId: id, name: tax.name, percentage: tax.percentage || '0' }] : [];
    });
    return { supplier, taxes };
  }

  async function companyOf(caller: TenantCaller, companyId: string): Promise<string> {
    if (companyId) {
      const loaded = await copies.load(caller, { company: [companyId] });
      if (!loaded.company.get(companyId))
        throw invalidField('companyId', 'There is no such company of yours.');
      return companyId;
    }
    const companies = await copies.loadAll(caller, 'company');
    const primary = (companies.find((c) => c.isPrimary) ?? companies[0])?.id;
    if (!primary) {
      throw preconditionFailed(
        "Add your company first: a supplier's invoice is billed to one of your companies.",
      );
    }
    return primary;
  }

  /** The rows and figures of a draft over its locked duties. */
  function composed(
    draft: CheckedDraft,
    duties: readonly PurchaseDutyRecord[],
    known: { supplier: Supplier; taxes: PurchaseTax[] },
    invoiceId: string | null,
  ): { lines: PurchaseLine[]; values: Omit<PurchaseInvoiceValues, 'companyId'> } {
    const byId = new Map(duties.map((d) => [d.bookingId, d]));
    const lines: PurchaseLine[] = [];
    draft.duties.forEach((pick, i) => {
      const duty = byId.get(pick.bookingId);
      if (!duty) throw invalidField(`duties.${i}.bookingId`, 'There is no such duty.');
      const reason = blockedReason(duty, known.supplier, invoiceId);
      if (reason)
        throw invalidField(`duties.${i}.bookingId`, `Duty #${shownBookingNo(duty.bookingNo)}: ${reason}`);
      lines.push({
        type: 'CAR_HIRE_CHARGES',
        bookingId: duty.bookingId,
        description:
          `Duty #${shownBookingNo(duty.bookingNo)} of ${formatIsoDate(duty.startDate)}${duty.vehicleNo ? `, ${duty.vehicleNo}` : ''}` +
          (pick.amount === undefined ? '' : ' (as the supplier billed it)'),
        amount: new Decimal(pick.amount ?? duty.purchaseAmount ?? 0).toFixed(2),
      });
      if (pick.includeBillingItems) {
        for (const item of duty.billingItems ?? []) {
          lines.push({
            type: 'BILLING_ITEM',
            bookingId: duty.bookingId,
            description: `${item.name ?? 'Billing item'} (duty #${shownBookingNo(duty.bookingNo)})`,
            amount: new Decimal(item.amount || 0).toFixed(2),
          });
        }
      }
    });
    lines.push(...draft.rows);
    const tdsPercentage =
      draft.tdsPercentage ??
      defaultPurchaseTdsPercentage({
        tdsPercentage: known.supplier.connection?.tdsPercentage,
        tdsLedgerType: known.supplier.tdsLedgerType,
      });
    const figures = asInput(() =>
      purchaseFigures({ rows: lines, discount: draft.discount, taxes: known.taxes, tdsPercentage }),
    );
    // The rows as the figures read them: amounts in their two-place form.
    const stored = lines.map((line) => ({ ...line, amount: new Decimal(line.amount || 0).toFixed(2) }));
    const dueDays = known.supplier.connection?.invoiceDueInDays;
    const detail = defaultDetail(known.supplier);
    return {
      lines: stored,
      values: {
        supplierGstNo: detail?.gstNo ?? '',
        supplierStateCode: detail?.stateId ?? '',
        supplierInvoiceNo: draft.supplierInvoiceNo,
        supplierInvoiceDate: draft.supplierInvoiceDate,
        receivedDate: draft.receivedDate,
        dueDate: dueDays === undefined ? null : addDays(draft.supplierInvoiceDate, dueDays),
        subTotal: figures.subTotal,
        // The invoice's whole discount: its discount rows and its own.
        discount: figures.discount,
        taxable: figures.taxable,
        taxTotal: figures.taxTotal,
        taxes: figures.taxes,
        tdsPercentage: figures.tdsPercentage,
        tds: figures.tds,
        roundOff: figures.roundOff,
        total: figures.total,
        payable: figures.payable,
        notes: draft.notes,
      },
    };
  }

  async function whole(tx: Tx, id: string): Promise<WholePurchaseInvoice> {
    const invoice = await getPurchaseInvoice(tx, id);
    if (!invoice) throw notFound('The purchase invoice');
    return {
      invoice,
      rows: await purchaseLinesOf(tx, id),
      duties:
        invoice.status === 'CANCELLED' ? await dutiesOnceOn(tx, id) : await dutiesOfPurchaseInvoice(tx, id),
      activity: await purchaseActivityOf(tx, id),
      supplierEmail: '',
    };
  }

  /** A cancelled invoice holds no duty: the duties it was for are those its car hire rows name. */
  async function dutiesOnceOn(tx: Tx, id: string): Promise<PurchaseDutyRecord[]> {
    const ids = (await purchaseLinesOf(tx, id)).flatMap((l) =>
      l.type === 'CAR_HIRE_CHARGES' && l.bookingId ? [l.bookingId] : [],
    );
    return readPurchaseDuties(tx, ids);
  }

  async function note(tx: Tx, caller: TenantCaller, invoiceId: string, action: string, detail: string) {
    await addPurchaseActivity(tx, {
      id: randomUUID(),
      tenantId: caller.tenantId,
      invoiceId,
      action,
      byUserId: caller.userId || null,
      detail,
    });
  }

  async function publish(
    tx: Tx,
    caller: TenantCaller,
    event: PurchaseEvent,
    invoice: PurchaseInvoiceRecord,
    extra: { released?: readonly string[]; emailTo?: readonly string[]; companyName?: string } = {},
  ) {
    await billingOutbox.enqueue(
      tx,
      BillingEvents[event],
      {
        tenantId: caller.tenantId,
        purchaseInvoice: purchaseInvoiceToProto(invoice),
        action: event.replace('purchaseInvoice', '').toLowerCase(),
        changedByUserId: caller.userId,
        releasedBookingIds: [...(extra.released ?? [])],
        emailTo: [...(extra.emailTo ?? [])],
        companyName: extra.companyName ?? '',
      },
      caller,
    );
  }

  async function lockedInvoice(tx: Tx, id: string): Promise<PurchaseInvoiceRecord> {
    const invoice = await getPurchaseInvoice(tx, id, true);
    if (!invoice) throw notFound('The purchase invoice');
    return invoice;
  }

  const withEmail = async (caller: TenantCaller, made: WholePurchaseInvoice) => {
    const loaded = await copies.load(caller, { supplier: [made.invoice.supplierId] });
    return { ...made, supplierEmail: supplierEmailOf(loaded.supplier.get(made.invoice.supplierId)) };
  };

  return {
    async list(caller: TenantCaller, input: PurchaseListInput): Promise<Page<PurchaseListRow>> {
      requirePermission(caller, PERMISSION.view_purchase, "see suppliers' invoices");
      const sortBy = sortKey(input.sortBy, PURCHASE_INVOICE_SORTS, 'created_at', 'Purchase invoices');
      const limit = pageSize(input.limit);
      const filters = purchaseFiltersOf(input);
      const fetched = await db.read(caller.tenantId, (tx) =>
        listPurchaseInvoices(tx, filters, {
          sortBy,
          direction: input.direction ?? 'desc',
          cursor: input.cursor,
          limit,
        }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.id]);
    },

    async get(caller: TenantCaller, id: string): Promise<WholePurchaseInvoice> {
      requirePermission(caller, PERMISSION.view_purchase, "see suppliers' invoices");
      requireId(id, 'id');
      const made = await db.read(caller.tenantId, (tx) => whole(tx, id));
      return withEmail(caller, made);
    },

    /**
     * A supplier's closed duties between two dates that no other live purchase invoice holds, each with
     * why it cannot be taken when it cannot (not accepted, rejected, not priced); the supplier's defaults.
     */
    async billableDuties(
      caller: TenantCaller,
      input: { supplierId: string; dateFrom?: string; dateTo?: string; purchaseInvoiceId?: string },
    ) {
      requirePermission(caller, PERMISSION.manage_purchase, "record suppliers' invoices");
      requireId(input.supplierId, 'supplierId');
      const invoiceId = input.purchaseInvoiceId
        ? requireId(input.purchaseInvoiceId, 'purchaseInvoiceId')
        : null;
      const today = operatorDate(clock());
      const to = checkedDate(input.dateTo, 'dateTo') ?? today;
      const from = checkedDate(input.dateFrom, 'dateFrom') ?? financialYearOf(to).previous.start;
      if (to < from) throw invalidField('dateTo', 'The period ends on or after the day it starts.');
      const known = await supplierOf(caller, input.supplierId);
      const duties = await db.read(caller.tenantId, (tx) =>
        supplierDutiesFree(tx, { supplierId: input.supplierId, from, to, invoiceId: invoiceId ?? undefined }),
      );
      return {
        duties: duties.map((duty) => ({
          duty,
          blockedReason: blockedReason(duty, known.supplier, invoiceId),
        })),
        invoicesUnaccepted: known.supplier.invoiceUnacceptedNetworkDuties,
        defaultTdsPercentage: defaultPurchaseTdsPercentage({
          tdsPercentage: known.supplier.connection?.tdsPercentage,
          tdsLedgerType: known.supplier.tdsLedgerType,
        }),
        taxes: known.taxes,
      };
    },

    async create(caller: TenantCaller, input: PurchaseDraftInput): Promise<WholePurchaseInvoice> {
      requirePermission(caller, PERMISSION.manage_purchase, "record suppliers' invoices");
      const draft = checkedDraft(input, operatorDate(clock()));
      const known = await supplierOf(caller, draft.supplierId);
      const companyId = await companyOf(caller, draft.companyId);
      const made = await db.withTenant(caller.tenantId, async (tx) => {
        const duties = await lockPurchaseDuties(
          tx,
          draft.duties.map((d) => d.bookingId),
        );
        const { lines, values } = composed(draft, duties, known, null);
        const taken = await liveWithSupplierNumber(tx, draft.supplierId, draft.supplierInvoiceNo, null);
        if (taken) throw supplierNumberTaken(draft.supplierInvoiceNo, taken);
        const financialYear = financialYearOf(draft.supplierInvoiceDate).label;
        const sequence = await takePurchaseSequence(tx, {
          tenantId: caller.tenantId,
          companyId,
          financialYear,
        });
        const id = randomUUID();
        const purchaseNo = purchaseNumber(draft.supplierInvoiceDate, Number(sequence));
        try {
          await insertPurchaseInvoice(tx, {
            ...values,
            companyId,
            id,
            tenantId: caller.tenantId,
            purchaseNo,
            sequence,
            financialYear,
            supplierId: draft.supplierId,
            supplierName: known.supplier.connection?.name ?? '',
            createdByUserId: caller.userId || null,
          });
        } catch (error) {
          if (error instanceof SupplierNumberTaken)
            throw supplierNumberTaken(draft.supplierInvoiceNo, 'another');
          throw error;
        }
        await replacePurchaseLinesOf(tx, caller, id, lines);
        await holdPurchaseDuties(
          tx,
          draft.duties.map((d) => d.bookingId),
          id,
        );
        await note(
          tx,
          caller,
          id,
          'created',
          `${draft.supplierInvoiceNo} of ${formatIsoDate(draft.supplierInvoiceDate)}, ${formatRupees(values.payable)} payable.`,
        );
        const result = await whole(tx, id);
        await publish(tx, caller, 'purchaseInvoiceCreated', result.invoice);
        return result;
      });
      return withEmail(caller, made);
    },

    /** Changes a draft: its duties, rows, dates, number, discount, TDS and notes; not its supplier. */
    async update(
      caller: TenantCaller,
      id: string,
      input: PurchaseDraftInput,
      expectedVersion: number,
    ): Promise<WholePurchaseInvoice> {
      requirePermission(caller, PERMISSION.manage_purchase, "change suppliers' invoices");
      requireId(id, 'id');
      const draft = checkedDraft(input, operatorDate(clock()));
      const known = await supplierOf(caller, draft.supplierId);
      const companyId = draft.companyId ? await companyOf(caller, draft.companyId) : '';
      const made = await db.withTenant(caller.tenantId, async (tx) => {
        const invoice = await lockedInvoice(tx, id);
        if (invoice.status !== 'DRAFT') {
          throw preconditionFailed(
            `The purchase invoice is ${invoice.status.toLowerCase()}: only a draft changes.`,
          );
        }
        if (expectedVersion && invoice.version !== expectedVersion) {
          throw preconditionFailed(
            'Someone changed this purchase invoice since you opened it; reload it.',
            'STALE',
          );
        }
        if (draft.supplierId !== invoice.supplierId) {
          throw invalidField(
            'supplierId',
            "A purchase invoice's supplier cannot change: cancel it and record another.",
          );
        }
        const before = await dutiesOfPurchaseInvoice(tx, id);
        const duties = await lockPurchaseDuties(
          tx,
          draft.duties.map((d) => d.bookingId),
        );
        const { lines, values } = composed(draft, duties, known, id);
        const taken = await liveWithSupplierNumber(tx, draft.supplierId, draft.supplierInvoiceNo, id);
        if (taken) throw supplierNumberTaken(draft.supplierInvoiceNo, taken);
        try {
          await updatePurchaseInvoiceValues(tx, id, { ...values, companyId: companyId || invoice.companyId });
        } catch (error) {
          if (error instanceof SupplierNumberTaken)
            throw supplierNumberTaken(draft.supplierInvoiceNo, 'another');
          throw error;
        }
        await replacePurchaseLinesOf(tx, caller, id, lines);
        const kept = new Set(draft.duties.map((d) => d.bookingId));
        const released = before.map((d) => d.bookingId).filter((b) => !kept.has(b));
        await holdPurchaseDuties(tx, released, null);
        await holdPurchaseDuties(tx, [...kept], id);
        await note(tx, caller, id, 'updated', `${formatRupees(values.payable)} payable.`);
        const result = await whole(tx, id);
        await publish(tx, caller, 'purchaseInvoiceUpdated', result.invoice, { released });
        return result;
      });
      return withEmail(caller, made);
    },

    async approve(caller: TenantCaller, id: string): Promise<WholePurchaseInvoice> {
      requirePermission(caller, PERMISSION.approve_purchase_invoice, "approve suppliers' invoices");
      requireId(id, 'id');
      const made = await db.withTenant(caller.tenantId, async (tx) => {
        const invoice = await lockedInvoice(tx, id);
        if (invoice.status !== 'DRAFT') {
          throw preconditionFailed(`The purchase invoice is already ${invoice.status.toLowerCase()}.`);
        }
        await setPurchaseInvoiceStatus(tx, id, { status: 'APPROVED', byUserId: caller.userId || null });
        await note(tx, caller, id, 'approved', '');
        const result = await whole(tx, id);
        await publish(tx, caller, 'purchaseInvoiceApproved', result.invoice);
        return result;
      });
      return withEmail(caller, made);
    },

    /** Cancels a draft or an approved invoice with a reason: it keeps its number, its duties are free again. */
    async cancel(
      caller: TenantCaller,
      id: string,
      reason: string | undefined,
    ): Promise<WholePurchaseInvoice> {
      requirePermission(caller, PERMISSION.cancel_purchase, "cancel suppliers' invoices");
      requireId(id, 'id');
      const why = checkedText(reason, 'reason', 500);
      if (!why) throw invalidField('reason', 'Say why the purchase invoice is cancelled.');
      const made = await db.withTenant(caller.tenantId, async (tx) => {
        const invoice = await lockedInvoice(tx, id);
        if (invoice.status === 'CANCELLED')
          throw preconditionFailed('The purchase invoice is already cancelled.');
        if (new Decimal(invoice.paid).gt(0)) {
          throw preconditionFailed(
            `Supplier payments settle ${formatRupees(invoice.paid)} of this invoice: cancel them first.`,
            'PAID',
          );
        }
        await setPurchaseInvoiceStatus(tx, id, { status: 'CANCELLED', reason: why });
        const released = await releasePurchaseDuties(tx, id);
        await note(tx, caller, id, 'cancelled', why);
        const result = await whole(tx, id);
        await publish(tx, caller, 'purchaseInvoiceCancelled', result.invoice, { released });
        return result;
      });
      return withEmail(caller, made);
    },

    /** The invoice as a PDF. */
    async render(caller: TenantCaller, id: string): Promise<{ pdf: Buffer; fileName: string }> {
      requirePermission(caller, PERMISSION.download_print_purchase, "print suppliers' invoices");
      requireId(id, 'id');
      const made = await db.read(caller.tenantId, (tx) => whole(tx, id));
      const loaded = await copies.load(caller, { company: [made.invoice.companyId] });
      const company = loaded.company.get(made.invoice.companyId);
      const pdf = await renderPurchaseInvoicePdf(
        purchaseInvoiceToProto(made.invoice, made),
        {
          name: company?.name ?? '',
          lines: [company?.address ?? '', company?.gstNo ? `GSTIN ${company.gstNo}` : ''].filter(Boolean),
        },
        clock(),
      );
      return { pdf, fileName: `purchase-invoice-${made.invoice.purchaseNo.replaceAll('/', '-')}.pdf` };
    },

    /** Emails an approved invoice's PDF to the supplier (or the addresses given) through messaging. */
    async email(caller: TenantCaller, id: string, to: readonly string[]): Promise<WholePurchaseInvoice> {
      requirePermission(caller, PERMISSION.email_purchase, "email suppliers' invoices");
      requireId(id, 'id');
      if (to.length > 10) throw invalidField('to', 'Email it to at most 10 addresses.');
      to.forEach((address, i) => {
        if (!isEmail(address)) throw invalidField(`to.${i}`, 'Give a valid email address.');
      });
      const current = await db.read(caller.tenantId, (tx) => getPurchaseInvoice(tx, id));
      if (!current) throw notFound('The purchase invoice');
      const loaded = await copies.load(caller, {
        supplier: [current.supplierId],
        company: [current.companyId],
      });
      const recipients = to.length > 0 ? [...to] : [supplierEmailOf(loaded.supplier.get(current.supplierId))];
      if (!recipients[0]) {
        throw invalidField(
          'to',
          "The supplier has no email address: give one, or add it to the supplier's master.",
        );
      }
      const made = await db.withTenant(caller.tenantId, async (tx) => {
        const invoice = await lockedInvoice(tx, id);
        if (invoice.status !== 'APPROVED')
          throw preconditionFailed('Approve the purchase invoice before emailing it.');
        await touchPurchaseInvoice(tx, id);
        await note(tx, caller, id, 'emailed', recipients.join(', '));
        const result = await whole(tx, id);
        await publish(tx, caller, 'purchaseInvoiceEmailed', result.invoice, {
          emailTo: recipients,
          companyName: loaded.company.get(current.companyId)?.name ?? '',
        });
        return result;
      });
      return withEmail(caller, made);
    },
  };
}

async function replacePurchaseLinesOf(
  tx: Tx,
  caller: TenantCaller,
  id: string,
  lines: readonly PurchaseLine[],
) {
  await replacePurchaseLines(
    tx,
    { tenantId: caller.tenantId, id },
    lines.map((line) => ({ ...line, id: randomUUID() })),
  );
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export type PurchaseInvoices = ReturnType<typeof createPurchaseInvoices>;
