// Exports as files (spec §3, "Export profiles"): GET /api/exports/{kind}.{csv|xlsx}?… streams what
// billing's ExportRecords writes. The row count comes first as X-Export-Rows, so the web app can show
// progress while the bytes arrive; billing checks the export permission and the columns. GSTR-1 streams the
// same way from /api/exports/gstr1/{YYYY-MM}.{json|xlsx}?companyId=….

import { isoDateSchema } from '@fleet/domain';
import { idSchema, optionalText } from '@fleet/domain/inputs';
import { callAs, invalid } from '@fleet/platform';
import type { ExportRecordsResponse } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import type { Context } from '../context';
import { signedInRequests } from './signed-in-requests';

export const EXPORTS_PATH = '/api/exports';

/** An export may run this long (a year of duties as Excel takes well under a minute). */
const EXPORT_DEADLINE_MS = 15 * 60_000;

/** The kinds by the name their file is asked for. */
const EXPORT_KINDS: Record<string, string> = {
  invoices: 'INVOICES',
  'invoice-duties': 'INVOICE_DUTIES',
  duties: 'DUTIES',
  'purchase-invoices': 'PURCHASE_INVOICES',
  'channel-duties': 'CHANNEL_DUTIES',
  receipts: 'RECEIPTS',
  notes: 'CREDIT_DEBIT_NOTES',
};

/** `a,b,c` (or the parameter repeated) as a list; absent or empty as none. */
const listOf = <Item>(item: z.ZodType<Item, string>, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? value : value ? [value] : []).flatMap((v) => v.split(',')).filter(Boolean),
    )
    .pipe(z.array(item).max(max));

const exportQuery = z.object({
  profileId: idSchema.optional(),
  columns: listOf(z.string().regex(/^[a-z_]{1,40}$/, 'Not a column'), 60),
  search: optionalText(100),
  statuses: listOf(z.enum(['DRAFT', 'APPROVED', 'CANCELLED', 'DISCARDED']), 4),
  // A receipt's (INVOICE, ADVANCE, ON_ACCOUNT) or a note's (CREDIT, DEBIT); billing checks which.
  types: listOf(z.enum(['INVOICE', 'ADVANCE', 'ON_ACCOUNT', 'CREDIT', 'DEBIT']), 3),
  customerIds: listOf(idSchema, 100),
  supplierIds: listOf(idSchema, 100),
  companyIds: listOf(idSchema, 100),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  dispatched: z.enum(['true', 'false']).optional(),
  billingStatus: z.enum(['UNBILLED', 'BILLED', 'ALL']).optional(),
  includeCancelled: z.enum(['true', 'false']).optional(),
});

function parsedQuery(req: Request) {
  const parsed = exportQuery.safeParse(req.query);
  if (!parsed.success) {
    const violations = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      message: issue.message,
    }));
    throw invalid(violations[0]?.message ?? 'Check the export’s filters.', violations);
  }
  return parsed.data;
}

/** Waits until the answer can take more, or fails when the download went away. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('The download was closed'));
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/** The parts of an export stream (a header, then the file's bytes) as the HTTP answer. */
async function sendExport(
  res: Response,
  parts: AsyncIterable<{ part: ExportRecordsResponse['part'] }>,
  onStarted: () => void,
): Promise<void> {
  let started = false;
  for await (const message of parts) {
    const part = message.part;
    if (part.case === 'header') {
      res.status(200).set({
        'Content-Type': part.value.contentType,
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(part.value.fileName)}`,
        'X-Export-Rows': String(part.value.totalRows),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      res.flushHeaders();
      started = true;
      onStarted();
    } else if (part.case === 'chunk' && started) {
      if (!res.write(part.value)) await drained(res);
    }
  }
  res.end();
}

export function exportsRouter(contextOf: (req: Request, res: Response) => Context): Router {
  const exportsRoute = Router();
  const { signedIn, fail } = signedInRequests(contextOf, 'an export');

  exportsRoute.get('/:kind.:format', async (req, res) => {
    const session = await signedIn(req, res);
    if (!session) return;
    // Stops billing's walk when the person cancels the download.
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    let started = false;
    try {
      const kind = EXPORT_KINDS[req.params.kind ?? ''];
      if (!kind)
        throw invalid(`Export ${Object.keys(EXPORT_KINDS).join(', ')}.`, [
          { field: 'kind', message: 'Not an export' },
        ]);
      const format = req.params.format === 'csv' ? 'CSV' : req.params.format === 'xlsx' ? 'XLSX' : undefined;
      if (!format) throw invalid('Export as .csv or .xlsx.', [{ field: 'format', message: 'Not a format' }]);
      const query = parsedQuery(req);
      const parts = contextOf(req, res).services.billing.exportRecords(
        {
          kind,
          format,
          profileId: query.profileId ?? '',
          columns: query.columns,
          invoiceFilters: {
            search: query.search,
            statuses: query.statuses,
            customerIds: query.customerIds,
            companyIds: query.companyIds,
            dateFrom: query.dateFrom,
            dateTo: query.dateTo,
            dispatched: query.dispatched === undefined ? undefined : query.dispatched === 'true',
          },
          dutyFilters: {
            search: query.search,
            customerIds: query.customerIds,
            dateFrom: query.dateFrom,
            dateTo: query.dateTo,
            billingStatus: query.billingStatus,
          },
          purchaseInvoiceFilters: {
            search: query.search,
            supplierIds: query.supplierIds,
            statuses: query.statuses,
            dateFrom: query.dateFrom,
            dateTo: query.dateTo,
            includeCancelled: query.includeCancelled === 'true',
          },
          receiptFilters: {
            search: query.search,
            customerIds: query.customerIds,
            types: query.types,
            dateFrom: query.dateFrom,
            dateTo: query.dateTo,
            includeCancelled: query.includeCancelled === 'true',
          },
          noteFilters: {
            search: query.search,
            customerIds: query.customerIds,
            types: query.types,
            dateFrom: query.dateFrom,
            dateTo: query.dateTo,
            includeCancelled: query.includeCancelled === 'true',
          },
        },
        callAs(session.caller, { timeoutMs: EXPORT_DEADLINE_MS, signal: abort.signal }),
      );
      await sendExport(res, parts, () => {
        started = true;
      });
    } catch (error) {
      if (!started) fail(req, res, error);
      // Mid-file: the status is sent; cutting the connection is how the browser learns it is not whole.
      else {
        if (!abort.signal.aborted) req.log.warn({ err: error }, 'an export failed mid-file');
        res.destroy();
      }
    }
  });

  // GSTR-1 of a billing company for a month: /api/exports/gstr1/2026-11.json?companyId=… (or .xlsx).
  exportsRoute.get('/gstr1/:month.:format', async (req, res) => {
    const session = await signedIn(req, res);
    if (!session) return;
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    let started = false;
    try {
      const format =
        req.params.format === 'json' ? 'JSON' : req.params.format === 'xlsx' ? 'XLSX' : undefined;
      if (!format)
        throw invalid('Export GSTR-1 as .json or .xlsx.', [{ field: 'format', message: 'Not a format' }]);
      const companyId = idSchema.safeParse(req.query.companyId);
      if (!companyId.success)
        throw invalid('Choose the billing company.', [{ field: 'companyId', message: 'Not an id' }]);
      const parts = contextOf(req, res).services.billing.exportGstr1(
        { companyId: companyId.data, month: req.params.month ?? '', format },
        callAs(session.caller, { timeoutMs: EXPORT_DEADLINE_MS, signal: abort.signal }),
      );
      await sendExport(res, parts, () => {
        started = true;
      });
    } catch (error) {
      if (!started) fail(req, res, error);
      else {
        if (!abort.signal.aborted) req.log.warn({ err: error }, 'a GST return failed mid-file');
        res.destroy();
      }
    }
  });

  return exportsRoute;
}
