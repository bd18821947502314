// Measures the JavaScript a browser downloads to show the sign-in page: starts the product (embedded),
// opens /auth/enter-phone-number in Chromium, records every script it loads, and prints each one's raw
// and gzip size. Run: node --import tsx tests/bench/web-initial-js.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/browser';
import { freePort, startModule, waitForHttp } from '../support/processes';

const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const proc = startModule('all', {
  PORT: String(port),
  METRICS_PORT: String(await freePort()),
  DATA_DIR: dataDir,
  DEMO_DATA: 'false',
});
try {
  await waitForHttp(`${base}/healthz`, proc, 240_000);
  const browser = await launchBrowser();
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.goto(`${base}/auth/enter-phone-number`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Send code' }).waitFor();
  await browser.close();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  scripts.sort((a, b) => b.gzip - a.gzip);
  for (const s of scripts)
    console.log(`${kb(s.gzip).padStart(10)} gzip ${kb(s.raw).padStart(10)} raw  ${s.url}`);
  const total = scripts.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), {
    raw: 0,
    gzip: 0,
  });
  console.log(
    `sign-in page initial JavaScript: ${scripts.length} files, ${kb(total.gzip)} gzip (${kb(total.raw)} raw)`,
  );
} finally {
  await proc.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
