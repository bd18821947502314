import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { freePort, type RunningProcess, startModule, waitForHttp } from '../support/processes';
import { trpcClient } from '../support/trpc-client';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screens');

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is needed for the browser tests and is not at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves a screenshot of the page for a reviewer to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Signs in through the screens with a phone listed in AUTH_TEST_OTP. */
export async function signIn(
  page: Page,
  base: string,
  phone: string,
  code: string,
  options: { newOperator?: string; fromCurrentPage?: boolean } = {},
): Promise<void> {
  const { newOperator } = options;
  if (!options.fromCurrentPage) await page.goto(`${base}/auth/enter-phone-number`);
  await page.getByTestId('phone-input').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL(/\/auth\/enter-otp/);
  if (newOperator) {
    await page.getByRole('button', { name: 'New here? Name your company' }).click();
    await page.getByLabel('Company name').fill(newOperator);
  }
  await page.getByLabel('Sign-in code').first().click();
  await page.keyboard.type(code);
  if (newOperator) await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

export interface RunningProduct {
  base: string;
  proc: RunningProcess;
  /** The product's own directory, removed by stop(): a place for files a test uploads. */
  dataDir: string;
  stop(): Promise<void>;
}

/** What `npm start` runs (embedded: PGlite, in-process events), on free ports with its own data directory. */
export async function startProduct(
  env: Record<string, string>,
  /** How long its start (and the demo's seeding, which comes first) may take. */
  readyWithinMs = 240_000,
): Promise<RunningProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = startModule('all', {
    PORT: String(port),
    METRICS_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    // The screens' tests sign the same phones in again and again from one address, faster than a person.
    RATE_LIMIT_SIGN_IN_PER_IP_PER_MINUTE: '1000',
    RATE_LIMIT_SIGN_IN_PER_PHONE_PER_MINUTE: '1000',
    ...env,
  });
  await waitForHttp(`${base}/healthz`, proc, readyWithinMs);
  return {
    base,
    proc,
    dataDir,
    async stop() {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tRPC client signed in as `phone` (listed in AUTH_TEST_OTP with `code`), to set things up beside the screens. */
export async function apiAs(base: string, phone: string, code: string) {
  const anonymous = trpcClient(base);
  await anonymous.auth.requestOtp.mutate({ phone });
  const { token } = await anonymous.auth.verifyOtp.mutate({ phone, code });
  return trpcClient(base, () => ({ authorization: `Bearer ${token}` }));
}

/** The short link of this kind (`s`: the digital slip, `f`: feedback) texted to `phone`, from the development SMS outbox. */
export async function textedLink(product: RunningProduct, phone: string, path: 's' | 'f'): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    let outbox = '';
    try {
      outbox = readFileSync(join(product.dataDir, 'sms-outbox.txt'), 'utf8');
    } catch {
      // not written yet
    }
    // Each entry: "<time>  to <phone>  <purpose>", then the text.
    const found = new RegExp(`to \\${phone}  \\w+\\n[^\\n]*/${path}/([A-Za-z0-9_-]{22})`).exec(outbox);
    if (found) return `${product.base}/${path}/${found[1]}`;
    if (Date.now() > deadline)
      throw new Error(
        `no /${path}/ link was texted to ${phone}:\n${outbox
          .split('\n\n')
          .filter((e) => e.includes(phone))
          .join('\n')}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** On an open digital slip: draws a signature in its box and accepts, and waits for the answer shown. */
export async function signAndAcceptSlip(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accept and sign' });
  const pad = page.getByRole('img', { name: 'Your signature' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature box is not on screen');
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 40, { steps: 8 });
  await page.mouse.move(box.x + 220, box.y + 110, { steps: 8 });
  await page.mouse.up();
  await accept.click();
  await page.getByRole('status', { name: 'Your answer' }).waitFor();
}

/** Waits, up to 20 s, for `text` to show within a page or part of one. */
export async function expectText(within: Locator | Page, text: string): Promise<void> {
  await within.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 20_000 });
}

/** Waits, up to 20 s, for an input to hold `value`. */
export async function expectValue(input: Locator, value: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  let seen = await input.inputValue();
  while (seen !== value) {
    if (Date.now() > deadline) throw new Error(`expected the input to hold "${value}"; it holds "${seen}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await input.inputValue();
  }
}
