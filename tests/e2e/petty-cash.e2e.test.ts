import Decimal from 'decimal.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiAs,
  expectText,
  launchBrowser,
  type RunningProduct,
  screenshot,
  signIn,
  startProduct,
} from './browser';

/**
 * A driver's advance, in a real Chromium against `npm start`'s process, as the demo owner. Set up through
 * the API: a driver with a phone and an email. On screen: "Record petty cash" on the cash book, the
 * driver picked (the master filling the person), ₹2,750 given; the balance falls by exactly that and
 * the driver shows among who holds cash; the entry's page shows what the driver holds and sends it by
 * SMS and email, which the message log then holds.
 */
const OWNER = '+919800000001';
const CODE = '123456';
const DRIVER = 'Sanjay Patil E2E';

/** ₹ with Indian grouping, as the screens write it. */
function shown(amount: Decimal): string {
  const [whole = '0', fraction] = amount.toFixed(2).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `₹${rest ? `${rest},${last3}` : last3}.${fraction}`;
}

describe('petty cash in Chromium', () => {
  let product: RunningProduct;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let owner: Awaited<ReturnType<typeof apiAs>>;

  beforeAll(async () => {
    // The demo's seeding comes before the product answers: a busy machine takes longer than the default.
    product = await startProduct({ AUTH_TEST_OTP: `${OWNER}=${CODE}` }, 480_000);
    base = product.base;
    const deadline = Date.now() + 420_000;
    while (!product.proc.output().includes('demo operator seeded') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    owner = await apiAs(base, OWNER, CODE);
    await owner.masters.driver.create.mutate({
      values: { name: DRIVER, phone: '+919822334455', email: 'sanjay.e2e@example.com' },
    });
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    page = await context.newPage();
    await signIn(page, base, OWNER, CODE);
  }, 600_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  it('records a driver’s advance, shows the balance fall and the driver holding it, and sends the driver the entry', async () => {
    const advance = new Decimal('2750');
    try {
      const before = (await owner.pettyCash.summary.query()).balance;
      expect(before.gte(advance)).toBe(true);
      await page.goto(`${base}/operations/petty-cash`);
      await expectText(page.getByTestId('petty-cash-balance'), shown(before));
      await page.getByRole('button', { name: 'Record petty cash' }).click();
      const form = page.getByRole('form', { name: 'Petty cash entry form' });
      await form.getByText('Given', { exact: true }).click();
      const driver = form.getByRole('combobox', { name: 'Driver' });
      await driver.click();
      await driver.fill('Sanjay');
      await page
        .getByRole('option', { name: new RegExp(DRIVER) })
        .first()
        .click();
      await form.getByLabel(/^Amount/).fill('2750');
      await form.getByLabel('Duty no.').fill('5012');
      await screenshot(page, 'petty-cash-01-record');
      await form.getByRole('button', { name: 'Record' }).click();
      await form.waitFor({ state: 'hidden' });

      // The box holds exactly the advance less; the driver holds it.
      await expectText(page.getByTestId('petty-cash-balance'), shown(before.minus(advance)));
      const holders = page.getByRole('table', { name: 'Who holds cash' });
      await expectText(holders.getByTestId(`held-${DRIVER}`), shown(advance));
      await screenshot(page, 'petty-cash-02-book');

      const row = page
        .getByRole('row', { name: new RegExp(`Given ${shown(advance).replace(/[.$]/g, '\\$&')}`) })
        .first();
      await row.click();
      await page.waitForURL(/\/operations\/petty-cash\/[0-9a-f-]{36}$/);
      await expectText(page.getByTestId('person-holds'), shown(advance));
      // The entry names who recorded it: the signed-in owner.
      await expectText(page.getByTestId('entry-recorded'), `by ${(await owner.user.me.query()).user.name}`);
      const voucher = (await page.getByTestId('voucher-no').textContent()) ?? '';
      expect(voucher).toMatch(/^PC\/\d{2}-\d{2}\/\d{4}$/);

      await page.getByRole('button', { name: `Send to ${DRIVER}` }).click();
      const send = page.getByRole('form', { name: 'Send petty cash form' });
      await send.getByRole('button', { name: 'Send' }).click();
      await send.waitFor({ state: 'hidden' });
      await screenshot(page, 'petty-cash-03-sent');

      // The message log holds the text to the driver, naming the voucher and what the driver holds.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const { messages } = await owner.message.list.query({ channel: 'SMS', type: 'PETTY_CASH_INFO_SMS' });
        const text = messages.find((m) => m.text.includes(voucher));
        if (text) {
          expect(text.text).toContain(`You now hold ${shown(advance)}`);
          break;
        }
        if (Date.now() > deadline)
          throw new Error(`no petty cash text for ${voucher}: ${JSON.stringify(messages)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      const { messages: emails } = await owner.message.list.query({
        channel: 'EMAIL',
        type: 'PETTY_CASH_INFO_EMAIL',
      });
      expect(emails.some((m) => m.text.includes(voucher))).toBe(true);
    } catch (error) {
      await screenshot(page, 'petty-cash-failed').catch(() => undefined);
      throw error;
    }
  }, 120_000);
});

/** Waits until the locator (or page) shows the text. */
