// Uploads and downloads (spec §5): the one place bytes cross the gateway. Uploads are raw
// application/octet-stream bodies (not CORS-safelisted, so a cross-site page cannot send one without a
// preflight), at most 3,670,016 bytes, each for one file field of one master (`?kind=vehicle&
// field=insurance_file_id&name=…`); the masters service checks the extension and the content, keeps
// the name clean and decides by the master who may upload and open it. Both need a signed-in session.
// The query's text is refused with NUL like every tRPC input, and a file id must be an id.
import { UPLOAD_MAX_BYTES, UPLOAD_SIZE_MESSAGE } from '@fleet/domain';
import { callAs, refuseNul, requireId } from '@fleet/platform';
import express, { type Request, type Response, Router } from 'express';
import type { Context } from '../context';
import { replyWithError } from './reply';
import { signedInRequests } from './signed-in-requests';

export const FILES_PATH = '/api/files';

export function filesRouter(contextOf: (req: Request, res: Response) => Context): Router {
  const files = Router();

  const { signedIn, fail } = signedInRequests(contextOf, 'a file');

  /** A query parameter's text; absent or repeated is empty. */
  const param = (req: Request, name: string) => {
    const value = req.query[name];
    return typeof value === 'string' ? value : '';
  };

  files.post(
    '/',
    (req, res, next) => {
      if (Number(req.get('content-length') ?? 0) > UPLOAD_MAX_BYTES) {
        res.set('Connection', 'close');
        replyWithError(req, res, 413, 'PAYLOAD_TOO_LARGE', UPLOAD_SIZE_MESSAGE, {
          reason: 'PAYLOAD_TOO_LARGE',
        });
        return;
      }
      next();
    },
    // Who is sending is known before a byte of the body is read.
    async (req, res, next) => {
      const session = await signedIn(req, res);
      if (!session) return;
      res.locals.session = session;
      next();
    },
    express.raw({ type: 'application/octet-stream', limit: UPLOAD_MAX_BYTES }),
    async (req, res) => {
      const session = res.locals.session as NonNullable<Awaited<ReturnType<typeof signedIn>>>;
      const name = param(req, 'name');
      if (!name || name.length > 200) {
        replyWithError(req, res, 400, 'BAD_REQUEST', 'Give the file name (name), up to 200 characters.', {
          fieldErrors: { name: 'Give the file name, up to 200 characters.' },
        });
        return;
      }
      try {
        refuseNul(req.query);
        const content = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array();
        const { file } = await contextOf(req, res).services.masters.uploadFile(
          { fileName: name, content, kind: param(req, 'kind'), field: param(req, 'field') },
          callAs(session.caller),
        );
        res.status(201).json({
          id: file!.id,
          fileName: file!.fileName,
          contentType: file!.contentType,
          sizeBytes: Number(file!.sizeBytes),
        });
      } catch (error) {
        fail(req, res, error);
      }
    },
  );

  files.get('/:id', async (req, res) => {
    const session = await signedIn(req, res);
    if (!session) return;
    try {
      const { file, content } = await contextOf(req, res).services.masters.getFile(
        { id: requireId(req.params.id ?? '', 'id') },
        callAs(session.caller),
      );
      const download = req.query.download === '1' ? 'attachment' : 'inline';
      res
        .status(200)
        .set({
          'Content-Type': file!.contentType,
          'Content-Length': String(content.length),
          'Content-Disposition': `${download}; filename*=UTF-8''${encodeURIComponent(file!.fileName)}`,
          // Attachments, slip photos and signatures are personal data: no browser or proxy keeps a copy.
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        })
        .end(Buffer.from(content));
    } catch (error) {
      fail(req, res, error);
    }
  });

  // A body over the limit without a Content-Length (chunked) is cut off while reading.
  files.use((error: { type?: string }, req: Request, res: Response, next: (e?: unknown) => void) => {
    if (error?.type === 'entity.too.large') {
      replyWithError(req, res, 413, 'PAYLOAD_TOO_LARGE', UPLOAD_SIZE_MESSAGE, {
        reason: 'PAYLOAD_TOO_LARGE',
      });
      return;
    }
    next(error);
  });

  return files;
}
