// Printed documents the services render, served as files a browser opens or downloads: a duty's slip
// (/api/bookings/{id}/duty-slip.pdf?variant=SALES|PURCHASE) and an invoice's documents
// (/api/invoices/{id}/{invoice|duty-slips|duty-summary}.pdf) and a customer's statement of account
// (/api/customers/{id}/statement.pdf?from=YYYY-MM-DD&to=YYYY-MM-DD), a receipt (/api/receipts/{id}.pdf), a
// credit or debit note (/api/notes/{id}.pdf), a supplier's invoice as recorded (/api/purchase-invoices/{id}/purchase-invoice.pdf), and with no sign-in
// an invoice on a payment request's page (/api/payment-request/{token}/invoices/{id}.pdf). The service
// checks the person's permission (or the link's token) and renders the PDF; the gateway passes it on
// with the file's name.
import { isIsoDate } from '@fleet/domain';
import { type Caller, callAs, invalidField, requireId } from '@fleet/platform';
import { type Request, type Response, Router } from 'express';
import type { Context } from '../context';
import { asPublicVisit } from '../routers/public-slip/visit';
import { signedInRequests } from './signed-in-requests';

export const DOCUMENTS_PATH = '/api';

/** The invoice documents by their file name (the download pages of spec §2). */
const INVOICE_DOCUMENTS: Record<string, string> = {
  invoice: 'INVOICE',
  'duty-slips': 'DUTY_SLIPS',
  'duty-summary': 'DUTY_SUMMARY',
};

/** An invoice of a month of duties binds hundreds of slips: seconds of drawing, past the usual deadline. */
const INVOICE_DOCUMENT_DEADLINE_MS = 60_000;

/**
 * The app's own preview pages (an invoice's, its duty slips' and summary's) show the product's PDFs in a
 * frame: a PDF answer may be framed by this origin, where every other answer may be framed by none.
 */
function framedByOwnPages(res: Response) {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy === 'string') {
    res.setHeader(
      'Content-Security-Policy',
      policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
    );
  }
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
}

function sendPdf(req: Request, res: Response, pdf: Uint8Array, fileName: string) {
  const download = req.query.download === '1' ? 'attachment' : 'inline';
  framedByOwnPages(res);
  res
    .status(200)
    .set({
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `${download}; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    .end(Buffer.from(pdf));
}

export function documentsRouter(contextOf: (req: Request, res: Response) => Context): Router {
  const documents = Router();
  const { signedIn, fail } = signedInRequests(contextOf, 'a document');

  /**
   * A PDF for the signed-in person: `render` asks its owner as them (the owner checks the permission),
   * and the gateway passes the file on with its name; a refusal answers as the other calls do.
   */
  const signedInPdf = (
    path: string,
    render: (req: Request, ctx: Context, caller: Caller) => Promise<{ pdf: Uint8Array; fileName: string }>,
  ) =>
    documents.get(path, async (req, res) => {
      const session = await signedIn(req, res);
      if (!session) return;
      try {
        const { pdf, fileName } = await render(req, contextOf(req, res), session.caller);
        sendPdf(req, res, pdf, fileName);
      } catch (error) {
        fail(req, res, error);
      }
    });
  const paramOf = (req: Request, name: string) => {
    const value = req.params[name];
    return typeof value === 'string' ? value : '';
  };
  const idOf = (req: Request) => requireId(paramOf(req, 'id'), 'id');

  signedInPdf('/bookings/:id/duty-slip.pdf', (req, ctx, caller) => {
    const variant = typeof req.query.variant === 'string' ? req.query.variant : 'SALES';
    return ctx.services.bookings.renderDutySlip({ id: idOf(req), variant }, callAs(caller));
  });

  signedInPdf('/invoices/:id/:document.pdf', (req, ctx, caller) => {
    const document = INVOICE_DOCUMENTS[paramOf(req, 'document')];
    if (!document) {
      throw invalidField('document', `An invoice prints as ${Object.keys(INVOICE_DOCUMENTS).join(', ')}.`);
    }
    return ctx.services.billing.renderInvoiceDocument(
      { id: idOf(req), document },
      callAs(caller, { timeoutMs: INVOICE_DOCUMENT_DEADLINE_MS }),
    );
  });

  signedInPdf('/customers/:id/statement.pdf', (req, ctx, caller) => {
    const date = (name: 'from' | 'to') => {
      const value = req.query[name];
      if (value === undefined || value === '') return '';
      if (typeof value !== 'string' || !isIsoDate(value))
        throw invalidField(name, 'Give the date as YYYY-MM-DD.');
      return value;
    };
    return ctx.services.billing.renderCustomerStatement(
      { customerId: idOf(req), dateFrom: date('from'), dateTo: date('to') },
      callAs(caller),
    );
  });

  signedInPdf('/purchase-invoices/:id/purchase-invoice.pdf', (req, ctx, caller) =>
    ctx.services.billing.renderPurchaseInvoice({ id: idOf(req) }, callAs(caller)),
  );

  signedInPdf('/receipts/:id.pdf', (req, ctx, caller) =>
    ctx.services.billing.renderReceipt({ id: idOf(req) }, callAs(caller)),
  );

  signedInPdf('/notes/:id.pdf', (req, ctx, caller) =>
    ctx.services.billing.renderNote({ id: idOf(req) }, callAs(caller)),
  );

  // An invoice on a payment request's public page: no session, the link's token alone; charged to the
  // client's address as the public pages' calls are.
  documents.get('/payment-request/:token/invoices/:id.pdf', async (req, res) => {
    const ctx = contextOf(req, res);
    try {
      await ctx.rateLimits.charge({ kind: 'address', ip: ctx.clientIp }, 1);
      const { pdf, fileName } = await ctx.services.billing.renderPublicInvoice(
        { token: req.params.token ?? '', invoiceId: idOf(req) },
        asPublicVisit(ctx),
      );
      sendPdf(req, res, pdf, fileName);
    } catch (error) {
      fail(req, res, error);
    }
  });

  return documents;
}
