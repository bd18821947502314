// What billing shows: the invoice list (three sorts, keyset-paged, no count), one invoice with its
// duties and history, and the duties to invoice.
import { INVOICE_STATUSES, type InvoiceStatus, PERMISSION } from '@fleet/domain';
import {
  invalidField,
  notFound,
  type Page,
  pageSize,
  requireId,
  requireIds,
  requirePermission,
  sortKey,
  toPage,
} from '@fleet/platform';
import type { DutyRecord } from '../domain/duty';
import {
  type BillingStatusFilter,
  DUTY_SORTS,
  type DutyFilters,
  dutiesOfInvoice,
  listDuties,
} from '../storage/duties-store';
import {
  type ActivityRow,
  activityOf,
  getInvoice,
  INVOICE_SORTS,
  type InvoiceFilters,
  type InvoiceRecord,
  type InvoiceRow,
  invoiceCursorOf,
  listInvoices,
} from '../storage/invoices-store';
import { checkedDate, checkedText } from './checked-input';
import type { BillingDeps, TenantCaller } from './deps';

export interface PageInput {
  limit?: number;
  cursor?: string;
  sortBy?: string;
  direction?: 'asc' | 'desc';
}

export interface InvoiceListInput extends PageInput {
  search?: string;
  statuses?: readonly string[];
  customerIds?: readonly string[];
  companyIds?: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  dispatched?: boolean;
}

export interface DutyListInput extends PageInput {
  customerIds?: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  billingStatus?: string;
  search?: string;
}

const BILLING_STATUSES: readonly BillingStatusFilter[] = ['UNBILLED', 'BILLED', 'ALL'];

const checkedSearch = (value: string | undefined) => checkedText(value, 'search', 100) || undefined;

function checkedStatuses(values: readonly string[]): InvoiceStatus[] {
  return values.map((value) => {
    if (!(INVOICE_STATUSES as readonly string[]).includes(value)) {
      throw invalidField('statuses', `An invoice is ${INVOICE_STATUSES.join(', ')}.`);
    }
    return value as InvoiceStatus;
  });
}

/** The invoice list's filters, checked (the list and its export). */
export function invoiceFiltersOf(input: Omit<InvoiceListInput, keyof PageInput>): InvoiceFilters {
  return {
    search: checkedSearch(input.search),
    statuses: checkedStatuses(input.statuses ?? []),
    customerIds: requireIds(input.customerIds ?? [], 'customerIds'),
    companyIds: requireIds(input.companyIds ?? [], 'companyIds'),
    dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
    dateTo: checkedDate(input.dateTo, 'dateTo'),
    dispatched: input.dispatched,
  };
}

/** The billable duties' filters, checked (the workspace and its export). */
export function dutyFiltersOf(
  input: Omit<DutyListInput, keyof PageInput>,
  fallbackStatus: BillingStatusFilter,
): DutyFilters {
  const billingStatus = (input.billingStatus || fallbackStatus) as BillingStatusFilter;
  if (!BILLING_STATUSES.includes(billingStatus)) {
    throw invalidField('billingStatus', `Ask for ${BILLING_STATUSES.join(', ')} duties.`);
  }
  return {
    customerIds: requireIds(input.customerIds ?? [], 'customerIds'),
    dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
    dateTo: checkedDate(input.dateTo, 'dateTo'),
    billingStatus,
    search: checkedSearch(input.search),
  };
}

export function createInvoiceLists(deps: BillingDeps) {
  const { db } = deps;
  return {
    async list(caller: TenantCaller, input: InvoiceListInput): Promise<Page<InvoiceRow>> {
      requirePermission(caller, PERMISSION.view_invoice, 'see invoices');
      const sortBy = sortKey(input.sortBy, INVOICE_SORTS, 'invoice_date', 'Invoices');
      const limit = pageSize(input.limit);
      const filters = invoiceFiltersOf(input);
      const fetched = await db.read(caller.tenantId, (tx) =>
        listInvoices(tx, filters, {
          sortBy,
          direction: input.direction ?? 'desc',
          cursor: input.cursor,
          limit,
        }),
      );
      return toPage(fetched, limit, invoiceCursorOf);
    },

    async get(
      caller: TenantCaller,
      id: string,
    ): Promise<{ invoice: InvoiceRecord; duties: DutyRecord[]; activity: ActivityRow[] }> {
      requirePermission(caller, PERMISSION.view_invoice, 'see invoices');
      requireId(id, 'id');
      return db.read(caller.tenantId, async (tx) => {
        const invoice = await getInvoice(tx, id);
        if (!invoice) throw notFound('The invoice');
        return { invoice, duties: await dutiesOfInvoice(tx, id), activity: await activityOf(tx, id) };
      });
    },

    async duties(caller: TenantCaller, input: DutyListInput): Promise<Page<DutyRecord>> {
      requirePermission(caller, PERMISSION.create_invoice, 'invoice duties');
      const sortBy = sortKey(input.sortBy, DUTY_SORTS, 'start_date', 'Duties');
      const limit = pageSize(input.limit);
      const filters = dutyFiltersOf(input, 'UNBILLED');
      const fetched = await db.read(caller.tenantId, (tx) =>
        listDuties(tx, filters, { sortBy, direction: input.direction ?? 'asc', cursor: input.cursor, limit }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.bookingId]);
    },
  };
}

export type InvoiceLists = ReturnType<typeof createInvoiceLists>;
