import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paiseOf, rupees } from '@fleet/domain';
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
 * A payment received against two invoices, in a real Chromium against `npm start`'s process, as the
 * demo owner. Set up through the API: a company with its invoice series, a customer who deducts 2% TDS,
 * and two approved manual invoices of ₹10,000 and ₹5,000 before GST. On screen: the customer chosen on
 * "Receive payment", an amount typed that pays the first invoice whole (less its TDS) and the second in
 * part, both ticked (each pre-filled with its default TDS, the second with what is left of the money);
 * saved, the receipt's page shows its number and figures, and each invoice's page what it still asks
 * for — nothing, and the rest — and offers to receive that rest, pre-set to settle it; the receipts list
 * shows it.
 */
const OWNER = '+919800000001';
const CODE = '123456';

/** ₹ with Indian grouping, as the screens write it. */
function shown(paise: bigint): string {
  const [whole = '0', fraction] = rupees(paise).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `₹${rest ? `${rest},${last3}` : last3}.${fraction}`;
}

describe('receipts in Chromium', () => {
  let product: RunningProduct;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customerId: string;
  let invoices: { id: string; no: string; total: bigint; tds: bigint }[];

  beforeAll(async () => {
    product = await startProduct({ AUTH_TEST_OTP: `${OWNER}=${CODE}` });
    base = product.base;
    const deadline = Date.now() + 240_000;
    while (!product.proc.output().includes('demo operator seeded') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));

    const owner = await apiAs(base, OWNER, CODE);
    const company = await owner.masters.company.create.mutate({
      values: {
        name: 'Sahyadri Travels Pvt Ltd',
        business_type: 'PRIVATE_LIMITED',
        gst_no: '27AABCK1234E1Z1',
        state_id: 'MH',
        city_id: 'mh-pune',
        address: '4 Karve Road, Pune',
        pincode: '411004',
      },
    });
    await owner.masters.company_profile.create.mutate({
      values: {
        name: 'Sahyadri invoices',
        company_id: company.id,
        invoice_title: 'Tax Invoice',
        invoice_prefix: 'ST/E2E/{FY}',
      },
    });
    const customer = await owner.masters.customer.create.mutate({
      values: {
        name: 'Deccan Pharma Logistics',
        tax_type: 'GSTIN',
        tds_percentage: '2',
        billing_details: [
          {
            billing_name: 'Deccan Pharma Logistics Ltd',
            gst_no: '27AAACH7409R1Z1',
            address: 'Hinjewadi, Pune',
            state_id: 'MH',
            is_default: true,
          },
        ],
      },
    });
    customerId = customer.id;
    invoices = [];
    for (const [rate, description] of [
      ['10000', 'Staff transport, October'],
      ['5000', 'Airport transfers, October'],
    ] as const) {
      const draft = await owner.invoice.create.mutate({
        customerId,
        companyId: company.id,
        lines: [{ type: 'CUSTOM', description, sacCode: '9966', quantity: '1', rate, isTaxable: true }],
      });
      const approved = await owner.invoice.approve.mutate({ id: draft.id });
      invoices.push({ id: approved.id, no: approved.invoiceNo, total: 0n, tds: 0n });
    }
    // What billing says each asks for, and the TDS it expects deducted: 2% of the value before GST.
    const open = await owner.receipt.openInvoices.query({ invoiceIds: invoices.map((i) => i.id) });
    for (const invoice of invoices) {
      const asking = open.invoices.find((i) => i.invoiceId === invoice.id)!;
      invoice.total = paiseOf(asking.outstanding.toFixed(2), 'outstanding');
      invoice.tds = paiseOf(asking.defaultTds.toFixed(2), 'tds');
    }
    expect(invoices.map((i) => rupees(i.tds))).toEqual(['200.00', '100.00']);

    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    page = await context.newPage();
    await signIn(page, base, OWNER, CODE);
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  // A required field's label ends in Mantine's asterisk.
  const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

  it('receives a payment against two invoices with TDS, the second in part, and each invoice shows what it still asks', async () => {
    const [first, second] = [invoices[0]!, invoices[1]!];
    // The first paid whole less its TDS; ₹2,000 of the second, which deducts its TDS too.
    const part = 2_000_00n;
    const received = first.total - first.tds + part;
    const left = second.total - second.tds - part;
    try {
      await page.goto(`${base}/operations/receipts/new`);
      const customer = page.getByRole('combobox', { name: labelled('Customer') });
      await customer.click();
      await customer.fill('Deccan');
      await page.getByRole('option', { name: 'Deccan Pharma Logistics', exact: true }).first().click();
      await page.getByLabel(labelled('Amount received')).fill(rupees(received));

      const table = page.getByRole('table', { name: 'Invoices to settle' });
      await table.getByRole('checkbox', { name: `Settle invoice ${first.no}` }).check();
      await table.getByRole('checkbox', { name: `Settle invoice ${second.no}` }).check();
      // Each ticked row: its default TDS, and the money — the second only what is left of it.
      expect(await table.getByLabel(`TDS for ${first.no}`).inputValue()).toBe(rupees(first.tds));
      expect(await table.getByLabel(`Amount for ${first.no}`).inputValue()).toBe(
        rupees(first.total - first.tds),
      );
      expect(await table.getByLabel(`Amount for ${second.no}`).inputValue()).toBe(rupees(part));
      const after = table.getByTestId('outstanding-after');
      await expectText(after.nth(0), '₹0.00');
      await expectText(after.nth(1), shown(left));
      await expectText(page.getByTestId('settle-applied'), shown(received));
      await expectText(page.getByTestId('settle-tds'), shown(first.tds + second.tds));
      await expectText(page.getByTestId('settle-unapplied'), '₹0.00');
      await screenshot(page, 'receipts-01-receive');

      await page.getByRole('button', { name: 'Save receipt' }).click();
      await page.waitForURL(/\/operations\/receipts\/[0-9a-f-]{36}$/);
      const receiptNo = page.getByTestId('receipt-no');
      await receiptNo.waitFor({ state: 'visible' });
      const number = (await receiptNo.textContent()) ?? '';
      expect(number).toMatch(/^RCT\/\d{2}-\d{2}\/0001$/);
      await expectText(page.getByTestId('receipt-received'), shown(received));
      await expectText(page.getByTestId('receipt-applied'), shown(received));
      await expectText(page.getByTestId('receipt-unapplied'), '₹0.00');
      await expectText(page.getByTestId('receipt-tds'), shown(first.tds + second.tds));
      const settled = page.getByRole('table', { name: 'Invoices settled' });
      await expectText(settled, first.no);
      await expectText(settled, second.no);
      await screenshot(page, 'receipts-02-receipt');
      // Its PDF, as Print and Download open it.
      const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
      const pdf = await page.request.get(`${base}${href}`);
      expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);

      // Each invoice: what it still asks for, and the receipt that settles it.
      await settled.getByRole('link', { name: first.no }).click();
      await page.waitForURL(`${base}/operations/billing/${first.id}`);
      await expectText(page.getByTestId('invoice-outstanding'), '₹0.00');
      await expectText(page.getByRole('table', { name: 'Receipts settling this invoice' }), number);
      await page.goto(`${base}/operations/billing/${second.id}`);
      await expectText(page.getByTestId('invoice-outstanding'), shown(left));
      await expectText(page.getByTestId('invoice-settled'), shown(part + second.tds));
      await expectText(page.getByRole('table', { name: 'Receipts settling this invoice' }), shown(part));
      await screenshot(page, 'receipts-03-invoice');

      // Ask the customer for the rest; the emailed link opens its dues with no sign-in.
      await page.getByRole('button', { name: 'Request payment' }).click();
      const ask = page.getByRole('form', { name: 'Request payment form' });
      await ask.getByLabel('Email to').fill('accounts@deccan.example');
      await ask.getByLabel('Email to').press('Enter');
      await ask.getByRole('button', { name: 'Send request' }).click();
      await ask.waitFor({ state: 'detached' });
      // The link is in the email that went out (the development outbox), never in the message log.
      let link: string | undefined;
      for (const deadline = Date.now() + 20_000; !link && Date.now() < deadline; ) {
        let outbox = '';
        try {
          outbox = readFileSync(join(product.dataDir, 'email-outbox.txt'), 'utf8');
        } catch {
          // not written yet
        }
        link = /To: accounts@deccan\.example\n[\s\S]*?(\/payment-request\/[A-Za-z0-9_-]{22})/.exec(
          outbox,
        )?.[1];
        if (!link) await new Promise((r) => setTimeout(r, 250));
      }
      expect(link).toBeDefined();
      const visitor = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
      const dues = await visitor.newPage();
      await dues.goto(`${base}${link}`);
      await expectText(dues.getByTestId('total-due'), `${shown(left)} is due`);
      await expectText(dues.getByRole('table', { name: 'Invoices due' }), second.no);
      await screenshot(dues, 'receipts-03b-payment-request');
      await visitor.close();

      // The rest, from the invoice's page: the customer and the invoice come pre-set.
      await page.getByRole('button', { name: 'Receive payment' }).click();
      await page.waitForURL(/\/operations\/receipts\/new\?/);
      const rest = page.getByRole('table', { name: 'Invoices to settle' });
      await rest.getByLabel(`Amount for ${second.no}`).waitFor({ state: 'visible' });
      await expectText(rest.getByTestId('outstanding-after'), '₹0.00');

      // The list: the receipt with its figures, opening its page.
      await page.goto(`${base}/operations/receipts`);
      const row = page.getByRole('row', { name: `Receipt ${number} · Deccan Pharma Logistics` });
      await expectText(row, shown(received));
      await expectText(row, shown(first.tds + second.tds));
      await screenshot(page, 'receipts-04-list');
      await row.click();
      await page.waitForURL(/\/operations\/receipts\/[0-9a-f-]{36}$/);
    } catch (error) {
      await screenshot(page, 'receipts-failed').catch(() => undefined);
      throw error;
    }
  }, 120_000);
});

/** Waits until the locator (or page) shows the text. */
