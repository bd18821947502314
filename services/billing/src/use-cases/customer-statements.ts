// A customer's statement of account (DOMAIN.md "Receipts, settlements, notes"): between two dates, the
// balance brought forward, each approved invoice and live receipt with the running balance, and the
// balance it closes at — as data for the printable page and as a PDF rendered here.
import {
  addCalendarDays,
  financialYearOf,
  formatIsoDate,
  formatRupees,
  isIsoDate,
  operatorDate,
  PERMISSION,
} from '@fleet/domain';
import { invalidField, requireId, requirePermission } from '@fleet/platform';
import Decimal from 'decimal.js';
import { renderStatementPdf } from '../documents/customer-statement-pdf';
import { statementOf } from '../storage/receipts-store';
import type { BillingDeps, TenantCaller } from './deps';

/** A statement holds at most this many lines; a longer period is refused with the field named. */
export const STATEMENT_LINES = 5000;

export interface StatementParty {
  name: string;
  lines: string[];
}

export interface StatementEntry {
  date: string;
  kind: 'INVOICE' | 'DEBIT_NOTE' | 'CREDIT_NOTE' | 'RECEIPT';
  id: string;
  number: string;
  /** e.g. "NEFT, TDS ₹200.00", "Due 09/12/2026", or "On INV/26-27/0042". */
  detail: string;
  debit: Decimal;
  credit: Decimal;
  balance: Decimal;
}

export interface CustomerStatement {
  customerId: string;
  customer: StatementParty;
  company: StatementParty;
  from: string;
  to: string;
  opening: Decimal;
  entries: StatementEntry[];
  debits: Decimal;
  credits: Decimal;
  closing: Decimal;
}

const MODE_NAMES: Record<string, string> = {
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  NEFT: 'NEFT',
  CREDIT_CARD: 'Credit card',
  OTHER: 'Other',
};

const shown = formatIsoDate;

export function createCustomerStatements(deps: BillingDeps) {
  const { db, clock, copies } = deps;

  async function statement(
    caller: TenantCaller,
    input: { customerId: string; dateFrom?: string; dateTo?: string },
  ): Promise<CustomerStatement> {
    requireId(input.customerId, 'customerId');
    const today = operatorDate(clock());
    for (const field of ['dateFrom', 'dateTo'] as const) {
      const value = input[field];
      if (value && !isIsoDate(value)) throw invalidField(field, 'Give the date as YYYY-MM-DD.');
    }
    const from = input.dateFrom || financialYearOf(today).start;
    const to = input.dateTo || today;
    if (to < from) throw invalidField('dateTo', 'The statement ends on or after the day it starts.');
    if (addCalendarDays(from, 366 * 5) < to)
      throw invalidField('dateFrom', 'A statement covers at most five years.');
    const [loaded, companies] = await Promise.all([
      copies.load(caller, { customer: [input.customerId] }),
      copies.loadAll(caller, 'company'),
    ]);
    const connection = loaded.customer.get(input.customerId)?.connection;
    if (!connection) throw invalidField('customerId', 'There is no such customer.');
    const company = companies.find((c) => c.isPrimary) ?? companies[0];
    const detail = connection.billingDetails.find((d) => d.isDefault) ?? connection.billingDetails[0];
    const account = await db.read(caller.tenantId, (tx) =>
      statementOf(tx, { customerId: input.customerId, from, to }),
    );
    if (account.lines.length > STATEMENT_LINES) {
      throw invalidField('dateFrom', `More than ${STATEMENT_LINES} entries: choose a shorter period.`);
    }
    let balance = new Decimal(account.opening);
    const entries = account.lines.map((line): StatementEntry => {
      const debit = new Decimal(line.debit);
      const credit = new Decimal(line.credit);
      balance = balance.plus(debit).minus(credit);
      const tds = new Decimal(line.tds);
      return {
        date: line.date,
        kind: line.kind,
        id: line.id,
        number: line.number,
        detail:
          line.kind === 'INVOICE'
            ? `Due ${shown(line.dueDate)}`
            : line.kind !== 'RECEIPT'
              ? `On ${line.invoiceNo}`
              : [
                  MODE_NAMES[line.paymentMode] ?? line.paymentMode,
                  tds.gt(0) ? `TDS ${formatRupees(tds)}` : '',
                ]
                  .filter(Boolean)
                  .join(', '),
        debit,
        credit,
        balance,
      };
    });
    const sum = (key: 'debit' | 'credit') => entries.reduce((total, e) => total.plus(e[key]), new Decimal(0));
    return {
      customerId: input.customerId,
      customer: {
        name: detail?.billingName || connection.name,
        lines: [detail?.address ?? '', detail?.gstNo ? `GSTIN ${detail.gstNo}` : ''].filter(Boolean),
      },
      company: {
        name: company?.name ?? '',
        lines: [
          company?.address ?? '',
          company?.gstNo ? `GSTIN ${company.gstNo}` : '',
          [company?.phone, company?.email].filter(Boolean).join(' · '),
        ].filter(Boolean),
      },
      from,
      to,
      opening: new Decimal(account.opening),
      entries,
      debits: sum('debit'),
      credits: sum('credit'),
      closing: balance,
    };
  }

  return {
    async statement(caller: TenantCaller, input: { customerId: string; dateFrom?: string; dateTo?: string }) {
      requirePermission(caller, PERMISSION.view_receipt, 'see customer statements');
      return statement(caller, input);
    },

    async renderPdf(
      caller: TenantCaller,
      input: { customerId: string; dateFrom?: string; dateTo?: string },
    ): Promise<{ pdf: Buffer; fileName: string }> {
      requirePermission(caller, PERMISSION.download_print_receipt, 'print customer statements');
      const made = await statement(caller, input);
      const pdf = await renderStatementPdf(made, clock());
      const name = made.customer.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'customer';
      return { pdf, fileName: `Statement-${name}-${made.from}-to-${made.to}.pdf` };
    },
  };
}

export type CustomerStatements = ReturnType<typeof createCustomerStatements>;
