// A page of the purchase invoice list on the billing wire (ListPurchaseInvoicesResponse.invoices_json):
// one JSON array written by billing and read by the gateway through this one codec, as the sales
// invoice list does (invoice-list-page.ts).
import { PURCHASE_INVOICE_STATUSES, type PurchaseInvoiceStatus } from './purchase-invoice';

/** One purchase invoice as the list shows it. Money is decimal text; dates are YYYY-MM-DD. */
export interface PurchaseInvoiceListItem {
  id: string;
  purchaseNo: string;
  status: PurchaseInvoiceStatus;
  companyId: string;
  supplierId: string;
  supplierName: string;
  supplierInvoiceNo: string;
  supplierInvoiceDate: string;
  receivedDate: string;
  taxable: string;
  taxTotal: string;
  tds: string;
  total: string;
  payable: string;
  paid: string;
  /** ISO 8601. */
  createdAt: string;
  version: number;
}

export class PurchaseInvoiceListPageError extends Error {
  constructor(where: string, expected: string, value: unknown) {
    super(`${where}: expected ${expected}, got ${JSON.stringify(value)?.slice(0, 80) ?? String(value)}`);
    this.name = 'PurchaseInvoiceListPageError';
  }
}

export const encodePurchaseInvoiceListPage = (items: readonly PurchaseInvoiceListItem[]) =>
  JSON.stringify(items);

const MONEY = /^-?\d{1,12}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_KEYS = [
  'id',
  'purchaseNo',
  'companyId',
  'supplierId',
  'supplierName',
  'supplierInvoiceNo',
  'createdAt',
] as const;
const DATE_KEYS = ['supplierInvoiceDate', 'receivedDate'] as const;
const MONEY_KEYS = ['taxable', 'taxTotal', 'tds', 'total', 'payable', 'paid'] as const;

/** The purchase invoices of a page as `encodePurchaseInvoiceListPage` wrote them, each field checked. */
export function decodePurchaseInvoiceListPage(json: string): PurchaseInvoiceListItem[] {
  let page: unknown;
  try {
    page = JSON.parse(json);
  } catch {
    throw new PurchaseInvoiceListPageError('A purchase invoice list page', 'a JSON array', json);
  }
  if (!Array.isArray(page))
    throw new PurchaseInvoiceListPageError('A purchase invoice list page', 'a JSON array', page);
  return page.map((value: unknown, i): PurchaseInvoiceListItem => {
    const where = `purchaseInvoices[${i}]`;
    if (typeof value !== 'object' || value === null) {
      throw new PurchaseInvoiceListPageError(where, 'a purchase invoice', value);
    }
    const item = value as Record<string, unknown>;
    const text = (key: string, pattern?: RegExp) => {
      const v = item[key];
      if (typeof v !== 'string' || (pattern && !pattern.test(v))) {
        throw new PurchaseInvoiceListPageError(
          `${where}.${key}`,
          pattern ? `text like ${pattern}` : 'text',
          v,
        );
      }
      return v;
    };
    const status = PURCHASE_INVOICE_STATUSES.find((s) => s === item.status);
    if (!status) throw new PurchaseInvoiceListPageError(`${where}.status`, 'a status', item.status);
    const version = item.version;
    if (typeof version !== 'number' || !Number.isInteger(version)) {
      throw new PurchaseInvoiceListPageError(`${where}.version`, 'a whole number', version);
    }
    const texts = Object.fromEntries(TEXT_KEYS.map((k) => [k, text(k)])) as Record<
      (typeof TEXT_KEYS)[number],
      string
    >;
    const dates = Object.fromEntries(DATE_KEYS.map((k) => [k, text(k, DATE)])) as Record<
      (typeof DATE_KEYS)[number],
      string
    >;
    const money = Object.fromEntries(MONEY_KEYS.map((k) => [k, text(k, MONEY)])) as Record<
      (typeof MONEY_KEYS)[number],
      string
    >;
    return { ...texts, ...dates, ...money, status, version };
  });
}
