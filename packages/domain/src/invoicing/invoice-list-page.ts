// A page of the invoice list on the billing wire (ListInvoicesResponse.invoices_json): what the list
// shows of each invoice, as one JSON array written by billing and read by the gateway through this one
// codec. Fifty invoices as nested protobuf messages (totals, parties, four timestamps each) cost billing
// more to encode, and the gateway more to decode, than the query cost PostgreSQL — the same finding as
// the masters' list page.

export const INVOICE_STATUSES = ['DRAFT', 'APPROVED', 'CANCELLED', 'DISCARDED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_KINDS = ['BOOKING', 'BOOKINGS', 'MANUAL'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** One invoice as the list shows it. Money is decimal text (never a number); dates are YYYY-MM-DD. */
export interface InvoiceListItem {
  id: string;
  invoiceNo: string;
  status: InvoiceStatus;
  isDispatched: boolean;
  isDownloaded: boolean;
  kind: InvoiceKind;
  customerId: string;
  companyId: string;
  buyerName: string;
  buyerGstNo: string;
  invoiceDate: string;
  dueDate: string;
  startDate: string | null;
  endDate: string | null;
  taxableValue: string;
  tax: string;
  total: string;
  /** ISO 8601. */
  createdAt: string;
  version: number;
}

/** A page that is not what `encodeInvoiceListPage` writes: a bug or a version skew, never the user's doing. */
export class InvoiceListPageError extends Error {
  constructor(where: string, expected: string, value: unknown) {
    super(`${where}: expected ${expected}, got ${JSON.stringify(value)?.slice(0, 80) ?? String(value)}`);
    this.name = 'InvoiceListPageError';
  }
}

export function encodeInvoiceListPage(items: readonly InvoiceListItem[]): string {
  return JSON.stringify(items);
}

const MONEY = /^-?\d{1,12}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Item = Record<string, unknown>;

function text(item: Item, key: keyof InvoiceListItem, where: string, pattern?: RegExp): string {
  const value = item[key];
  if (typeof value !== 'string' || (pattern && !pattern.test(value))) {
    throw new InvoiceListPageError(`${where}.${key}`, pattern ? `text like ${pattern}` : 'text', value);
  }
  return value;
}

function dateOrNull(item: Item, key: 'startDate' | 'endDate', where: string): string | null {
  return item[key] === null ? null : text(item, key, where, DATE);
}

function flag(item: Item, key: 'isDispatched' | 'isDownloaded', where: string): boolean {
  const value = item[key];
  if (typeof value !== 'boolean') throw new InvoiceListPageError(`${where}.${key}`, 'a flag', value);
  return value;
}

function oneOf<T extends string>(
  item: Item,
  key: keyof InvoiceListItem,
  choices: readonly T[],
  where: string,
): T {
  const value = item[key];
  const found = choices.find((choice) => choice === value);
  if (!found) throw new InvoiceListPageError(`${where}.${key}`, choices.join(' | '), value);
  return found;
}

/** The invoices of a page as `encodeInvoiceListPage` wrote them, each field checked. */
export function decodeInvoiceListPage(json: string): InvoiceListItem[] {
  let page: unknown;
  try {
    page = JSON.parse(json);
  } catch {
    throw new InvoiceListPageError('An invoice list page', 'a JSON array', json);
  }
  if (!Array.isArray(page)) throw new InvoiceListPageError('An invoice list page', 'a JSON array', page);
  return page.map((value: unknown, i): InvoiceListItem => {
    const where = `invoices[${i}]`;
    if (typeof value !== 'object' || value === null)
      throw new InvoiceListPageError(where, 'an invoice', value);
    const item = value as Item;
    const version = item.version;
    if (typeof version !== 'number' || !Number.isInteger(version)) {
      throw new InvoiceListPageError(`${where}.version`, 'a whole number', version);
    }
    return {
      id: text(item, 'id', where),
      invoiceNo: text(item, 'invoiceNo', where),
      status: oneOf(item, 'status', INVOICE_STATUSES, where),
      isDispatched: flag(item, 'isDispatched', where),
      isDownloaded: flag(item, 'isDownloaded', where),
      kind: oneOf(item, 'kind', INVOICE_KINDS, where),
      customerId: text(item, 'customerId', where),
      companyId: text(item, 'companyId', where),
      buyerName: text(item, 'buyerName', where),
      buyerGstNo: text(item, 'buyerGstNo', where),
      invoiceDate: text(item, 'invoiceDate', where, DATE),
      dueDate: text(item, 'dueDate', where, DATE),
      startDate: dateOrNull(item, 'startDate', where),
      endDate: dateOrNull(item, 'endDate', where),
      taxableValue: text(item, 'taxableValue', where, MONEY),
      tax: text(item, 'tax', where, MONEY),
      total: text(item, 'total', where, MONEY),
      createdAt: text(item, 'createdAt', where),
      version,
    };
  });
}
