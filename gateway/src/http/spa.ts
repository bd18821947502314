import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type Router } from 'express';

/** The driver app's pages: anything under /driver/ (its service worker's scope). */
export const DRIVER_APP_PATH = '/driver/';
const isDriverAppPath = (path: string) => path.startsWith(DRIVER_APP_PATH);

/**
 * Serves the built web app: its files as they are (hashed assets cached for a year), and for any other
 * GET that is not under /api and accepts HTML the page of the app it belongs to, so client-side routes
 * survive a reload: driver.html for the driver app's pages (when built; /driver itself is sent on to
 * /driver/), index.html for the rest.
 * Returns undefined when the folder has no index.html.
 */
export function spaRouter(webDist: string): Router | undefined {
  const root = resolve(webDist);
  const indexHtml = join(root, 'index.html');
  if (!existsSync(indexHtml)) return undefined;
  const driverHtml = join(root, 'driver.html');
  const hasDriverApp = existsSync(driverHtml);
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
    // /driver opens the driver app at /driver/: a page at /driver would sit outside the service worker's
    // scope (/driver/, so that it never reaches the back-office's pages) and never open offline.
    if (hasDriverApp && req.path === '/driver') {
      const query = req.originalUrl.indexOf('?');
      res.redirect(302, `${DRIVER_APP_PATH}${query >= 0 ? req.originalUrl.slice(query) : ''}`);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(hasDriverApp && isDriverAppPath(req.path) ? driverHtml : indexHtml);
  });
  return spa;
}
