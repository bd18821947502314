import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type Router } from 'express';

/**
 * Serves the built web app: its files as they are (hashed assets cached for a year), and index.html for
 * any other GET that is not under /api and accepts HTML, so client-side routes survive a reload.
 * Returns undefined when the folder has no index.html.
 */
export function spaRouter(webDist: string): Router | undefined {
  const root = resolve(webDist);
  const indexHtml = join(root, 'index.html');
  if (!existsSync(indexHtml)) return undefined;
  const spa = express.Router();
  spa.use(
    express.static(root, {
      index: false,
      setHeaders(res, path) {
        res.setHeader(
          'Cache-Control',
          path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
  );
  spa.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (!(req.get('accept') ?? '').includes('text/html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return spa;
}
