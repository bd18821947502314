import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiAs,
  expectText,
  expectValue,
  launchBrowser,
  type RunningProduct,
  screenshot,
  signIn,
  startProduct,
} from './browser';

/**
 * A supplier's invoice recorded for its duties and paid, in a real Chromium against `npm start`'s process,
 * as the demo owner: the demo month's duties run by suppliers are closed and priced on the suppliers'
 * cards. On screen: a supplier chosen on "Record supplier invoice", its number and date typed, one of its
 * duties taken at its purchase amount; saved and approved, the invoice's page shows what is payable;
 * "Pay" opens the payment with that invoice ticked at what it owes; saved, the invoice owes ₹0.00.
 *
 * Then an advance paid to a supplier, in a real Chromium against `npm start`'s process, as the demo owner. Set
 * up through the API: a supplier. On screen: the supplier chosen on "Pay supplier", the type switched to
 * an advance, an amount and a bank reference typed; saved, the payment's page shows its number and the
 * whole amount held as an advance; the payables show the supplier holding it; cancelled with a reason,
 * the page says so, the payables no longer count it, and the list shows it only with the cancelled ones.
 */
const OWNER = '+919800000001';
const CODE = '123456';
const SUPPLIER = 'Ghats Cab Company';

describe('purchases in Chromium', () => {
  let product: RunningProduct;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct({ AUTH_TEST_OTP: `${OWNER}=${CODE}` });
    base = product.base;
    const deadline = Date.now() + 240_000;
    while (!product.proc.output().includes('demo operator seeded') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const owner = await apiAs(base, OWNER, CODE);
    await owner.masters.supplier.create.mutate({ values: { name: SUPPLIER, supplier_type: 'COMPANY' } });
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      acceptDownloads: true,
    });
    page = await context.newPage();
    await signIn(page, base, OWNER, CODE);
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  /**
   * What of the page a 1440 px screen would not show: how far it is wider than the window (a table spilling
   * out of its card widens it), and the badges whose word is cut ("APPR…").
   */
  const clipped = (on: Page) =>
    on.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      cutBadges: [...document.querySelectorAll('.mantine-Badge-label')]
        .filter((label) => label.scrollWidth > label.clientWidth)
        .map((label) => label.textContent),
    }));

  // A required field's label ends in Mantine's asterisk.
  const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

  it("records a supplier's invoice for its purchase duties and pays it", async () => {
    try {
      // A supplier with a duty it may bill now, found as the purchase desk would: its unbilled duties.
      const owner = await apiAs(base, OWNER, CODE);
      const { duties } = await owner.purchaseDuty.list.query({ billing: 'UNBILLED', limit: 100 });
      let chosen: { supplierName: string; bookingNo: number; amount: string } | undefined;
      for (const supplierId of [...new Set(duties.map((d) => d.supplierId))]) {
        const billable = await owner.purchaseInvoice.billableDuties.query({ supplierId });
        const takeable = billable.duties.find((d) => !d.blockedReason && d.purchaseAmount?.greaterThan(0));
        if (takeable) {
          const supplierName = duties.find((d) => d.supplierId === supplierId)!.supplierName;
          chosen = {
            supplierName,
            bookingNo: takeable.bookingNo,
            amount: takeable.purchaseAmount!.toFixed(2),
          };
          break;
        }
      }
      if (!chosen) throw new Error('the demo has no supplier duty that can be billed');

      await page.goto(`${base}/operations/purchases/invoices/new`);
      const supplier = page.getByRole('combobox', { name: labelled('Supplier') }).first();
      await supplier.click();
      await supplier.fill(chosen.supplierName.slice(0, 8));
      await page.getByRole('option', { name: chosen.supplierName, exact: true }).first().click();
      await page.getByLabel(labelled("Supplier's invoice no.")).fill('E2E/0042');
      const dated = page.getByLabel(labelled("Supplier's invoice date"));
      const today = new Date().toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' });
      await dated.fill(today);
      await dated.press('Tab');
      const duty = String(chosen.bookingNo).padStart(8, '0');
      await page.getByRole('checkbox', { name: `Take duty ${duty}` }).check();
      expect(await clipped(page)).toEqual({ overflow: 0, cutBadges: [] });
      await screenshot(page, 'purchases-01-record');
      await page.getByRole('button', { name: 'Save purchase invoice' }).click();
      await page.waitForURL(/\/operations\/purchases\/invoices\/[0-9a-f-]{36}$/);
      await expectText(page.getByTestId('supplier-invoice-no'), 'E2E/0042');
      const number = (await page.getByTestId('purchase-no').textContent()) ?? '';
      expect(number).toMatch(/^PUR\/\d{2}-\d{2}\/\d{4}$/);
      await page.getByRole('button', { name: 'Approve' }).click();
      const payments = page.getByRole('region', { name: 'Supplier payments' });
      // The invoice's figures say what is payable; the payments panel, what is still owed: all of it.
      const owing = payments.getByTestId('purchase-owing');
      await owing.waitFor({ state: 'visible', timeout: 20_000 });
      const owed = (await owing.textContent()) ?? '';
      await expectText(page.getByTestId('purchase-payable'), owed.trim());
      await screenshot(page, 'purchases-02-approved');
      const invoiceUrl = page.url();

      await payments.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/operations\/purchases\/payments\/new/);
      // The invoice comes ticked at what it owes, and that is the amount paid.
      await expectValue(page.getByLabel(labelled('Amount paid')), owed.replace(/[₹,\s]/g, ''));
      await page.getByLabel('Reference').fill('UTRE2E0042');
      await screenshot(page, 'purchases-03-pay');
      await page.getByRole('button', { name: 'Save payment' }).click();
      await page.waitForURL(/\/operations\/purchases\/payments\/[0-9a-f-]{36}$/);
      await expectText(page.getByTestId('payment-amount'), owed.trim());
      await expectText(page, number);
      await page.goto(invoiceUrl);
      await expectText(payments.getByTestId('purchase-owing'), '₹0.00');
      await expectText(payments.getByTestId('purchase-paid'), owed.trim());
      await screenshot(page, 'purchases-04-paid');

      // The list exports what it shows: the paid invoice is a row of the spreadsheet, owing nothing.
      await page.goto(`${base}/operations/purchases/invoices?search=${encodeURIComponent('E2E/0042')}`);
      await expectText(page, number);
      expect(await clipped(page)).toEqual({ overflow: 0, cutBadges: [] });
      await page.getByRole('button', { name: 'Export purchase invoices' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
      const csv = readFileSync((await (await download).path())!, 'utf8');
      const [heading, ...lines] = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(heading).toMatch(/^Purchase invoice no\.,Supplier’s invoice no\.,/);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(`^${number.replace(/\//g, '\\/')},E2E/0042,.*,APPROVED,1,.*,0.00$`),
      );
    } catch (error) {
      await screenshot(page, 'purchases-failed').catch(() => undefined);
      throw error;
    }
  }, 180_000);

  it('pays a supplier an advance, shows it held in the payables, and cancels it', async () => {
    try {
      await page.goto(`${base}/operations/purchases/payments/new`);
      const supplier = page.getByRole('combobox', { name: labelled('Supplier') });
      await supplier.click();
      await supplier.fill('Ghats');
      await page.getByRole('option', { name: SUPPLIER, exact: true }).first().click();
      // The picker names the supplier chosen, never its id, while its lookups load.
      await page.waitForFunction(
        (name) => [...document.querySelectorAll('input')].some((input) => input.value === name),
        SUPPLIER,
        { timeout: 20_000 },
      );
      expect(await supplier.inputValue()).toBe(SUPPLIER);
      await page.getByText('Advance', { exact: true }).click();
      await page.getByLabel(labelled('Amount paid')).fill('5000');
      await page.getByLabel('Reference').fill('UTRE2E0001');
      await screenshot(page, 'supplier-payments-01-pay');
      await page.getByRole('button', { name: 'Save payment' }).click();
      await page.waitForURL(/\/operations\/purchases\/payments\/[0-9a-f-]{36}$/);
      const paymentNo = page.getByTestId('payment-no');
      await paymentNo.waitFor({ state: 'visible' });
      const number = (await paymentNo.textContent()) ?? '';
      expect(number).toMatch(/^PAY\/\d{2}-\d{2}\/\d{4}$/);
      await expectText(page.getByTestId('payment-amount'), '₹5,000.00');
      await expectText(page.getByTestId('payment-unapplied'), '₹5,000.00');
      const paymentUrl = page.url();
      await screenshot(page, 'supplier-payments-02-payment');

      await page.goto(`${base}/operations/purchases/payables`);
      const row = page.getByTestId('payable-row').filter({ hasText: SUPPLIER });
      await expectText(row.getByTestId('advances'), '₹5,000.00');
      await screenshot(page, 'supplier-payments-03-payables');

      await page.goto(paymentUrl);
      await page.getByRole('button', { name: 'Cancel payment' }).click();
      const dialog = page.getByRole('form', { name: 'Cancel payment form' });
      await dialog.getByRole('textbox').fill('Paid to the wrong account.');
      await dialog.getByRole('button', { name: 'Cancel payment' }).click();
      await expectText(
        page.getByRole('alert').filter({ hasText: 'Cancelled' }),
        'Paid to the wrong account.',
      );
      await expectText(page.getByTestId('payment-unapplied'), '₹0.00');

      await page.goto(`${base}/operations/purchases/payables`);
      await page
        .getByRole('table', { name: 'Payables' })
        .or(page.getByText('No supplier is owed'))
        .first()
        .waitFor();
      expect(await page.getByTestId('payable-row').filter({ hasText: SUPPLIER }).count()).toBe(0);

      await page.goto(`${base}/operations/purchases/payments`);
      const listed = page.getByRole('row', { name: `Payment ${number} · ${SUPPLIER}` });
      await page.getByRole('checkbox', { name: 'Show cancelled' }).check();
      await expectText(listed, 'Cancelled');
      await page.getByRole('checkbox', { name: 'Show cancelled' }).uncheck();
      await listed.waitFor({ state: 'detached', timeout: 20_000 });
      await screenshot(page, 'supplier-payments-04-list');
    } catch (error) {
      await screenshot(page, 'supplier-payments-failed').catch(() => undefined);
      throw error;
    }
  }, 120_000);
});

/** Waits until the locator (or page) shows the text. */
