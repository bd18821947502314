// `node --import tsx scripts/render-driver-icons.ts`: draws the driver app's PNG icons (192 and 512 px,
// the sizes an install needs) from web/public/driver-icons/icon.svg in Chromium, so the PNGs in the
// repository always come from the one drawing. Run it after changing the SVG and commit the PNGs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../tests/e2e/browser';

const folder = join(process.cwd(), 'web', 'public', 'driver-icons');
const svg = readFileSync(join(folder, 'icon.svg'), 'utf8');

const browser = await launchBrowser();
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
    );
    await page.screenshot({ path: join(folder, `icon-${size}.png`), omitBackground: false });
    await page.close();
  }
} finally {
  await browser.close();
}
