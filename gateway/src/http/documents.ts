// Printed documents the services render, served as files a browser opens or downloads: a duty's slip
// (/api/bookings/{id}/duty-slip.pdf?variant=SALES|PURCHASE). The service checks the person's permission
// (view_duty_slip) and renders the PDF; the gateway passes it on with the file's name.
import { callAs, requireId } from '@fleet/platform';
import { type Request, type Response, Router } from 'express';
import type { Context } from '../context';
import { signedInRequests } from './signed-in-requests';

export const DOCUMENTS_PATH = '/api/bookings';

export function documentsRouter(contextOf: (req: Request, res: Response) => Context): Router {
  const documents = Router();
  const { signedIn, fail } = signedInRequests(contextOf, 'a document');

  documents.get('/:id/duty-slip.pdf', async (req, res) => {
    const session = await signedIn(req, res);
    if (!session) return;
    try {
      const variant = typeof req.query.variant === 'string' ? req.query.variant : 'SALES';
      const { pdf, fileName } = await contextOf(req, res).services.bookings.renderDutySlip(
        { id: requireId(req.params.id ?? '', 'id'), variant },
        callAs(session.caller),
      );
      const download = req.query.download === '1' ? 'attachment' : 'inline';
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
    } catch (error) {
      fail(req, res, error);
    }
  });

  return documents;
}
