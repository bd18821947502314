import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

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
