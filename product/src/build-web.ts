// `node --import tsx product/src/build-web.ts`: builds the web app when it is missing or older
// than its sources — what `npm start` does on a fresh clone, run once before the browser tests.
import { resolve } from 'node:path';
import { createLogger } from '@fleet/platform';
import { ensureWebBuilt } from './web-build';

await ensureWebBuilt(
  resolve(process.env.WEB_DIST ?? 'web/dist'),
  createLogger({ name: 'web-build', level: 'info' }),
);
