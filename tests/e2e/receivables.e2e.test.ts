import { financialYearOf, operatorDate } from '@fleet/domain';
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
 * What a customer owes, its statement and a credit note, in a real Chromium against `npm start`'s process,
 * as a newly signed-up operator. Through the API: a company with its GSTIN and invoice series, a
 * customer billed in the same state, two approved manual invoices (₹10,000 and ₹4,000 before 5% GST:
 * ₹10,500 and ₹4,200) and a receipt of ₹3,000 part-paying the first. On screen: the receivables show the
 * customer owing ₹11,700.00; its statement closes at the same, Dr; a credit note of ₹1,000 before GST on
 * the second invoice, made from /operations/notes/new?invoiceId=…, comes to ₹1,050.00 with GST; the
 * receivables then show the customer owing that much less.
 */
const OWNER = '+919800000031';
const CODE = '123456';
const CUSTOMER = 'Ledger Traders';
const SETTLED = 'Settled Stores';

/** ₹1,23,456.78 (and anything after it, like Dr) as a Decimal. */
const amountIn = (text: string) =>
  new Decimal((/₹([\d,]+\.\d{2})/.exec(text)?.[1] ?? 'NaN').replace(/,/g, ''));

describe('receivables in Chromium', () => {
  let product: RunningProduct;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let invoiceIds: string[];

  beforeAll(async () => {
    product = await startProduct({ DEMO_DATA: 'false', AUTH_TEST_OTP: `${OWNER}=${CODE}` });
    base = product.base;
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      acceptDownloads: true,
    });
    page = await context.newPage();
    await signIn(page, base, OWNER, CODE, { newOperator: 'Ledger Cabs' }).catch(async (error) => {
      await screenshot(page, 'receivables-failed-sign-up').catch(() => undefined);
      throw error;
    });

    const owner = await apiAs(base, OWNER, CODE);
    const company = await owner.masters.company.create.mutate({
      values: {
        name: 'Ledger Cabs Pvt Ltd',
        business_type: 'PRIVATE_LIMITED',
        gst_no: '27AABCK1234E1Z1',
        state_id: 'MH',
        city_id: 'mh-pune',
        address: '12 FC Road, Pune',
        pincode: '411004',
        is_primary: true,
      },
    });
    await owner.masters.company_profile.create.mutate({
      values: { name: 'Ledger invoices', company_id: company.id, invoice_prefix: 'LC/E2E/{FY}' },
    });
    const customer = await owner.masters.customer.create.mutate({
      values: {
        name: CUSTOMER,
        tax_type: 'GSTIN',
        billing_details: [
          {
            billing_name: 'Ledger Traders Pvt Ltd',
            gst_no: '27AAACH7409R1Z1',
            address: 'Andheri East, Mumbai',
            state_id: 'MH',
            is_default: true,
          },
        ],
      },
    });
    // A customer with nothing owed: not in the receivables, still with a statement.
    await owner.masters.customer.create.mutate({ values: { name: SETTLED } });
    invoiceIds = [];
    for (const rate of ['10000', '4000']) {
      const draft = await owner.invoice.create.mutate({
        customerId: customer.id,
        companyId: company.id,
        lines: [{ type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate, isTaxable: true }],
      });
      invoiceIds.push((await owner.invoice.approve.mutate({ id: draft.id })).id);
    }
    await owner.receipt.create.mutate({
      type: 'INVOICE',
      customerId: customer.id,
      receivedAmount: '3000',
      paymentMode: 'NEFT',
      reference: 'UTR-E2E-1',
      settlements: [{ invoiceId: invoiceIds[0]!, amount: '3000' }],
    });
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  it('shows what the customer owes, its statement closing at the same, and a credit note lowering it', async () => {
    try {
      const row = page.getByTestId('receivable-row').filter({ hasText: CUSTOMER });
      await page.goto(`${base}/operations/receivables`);
      await expectText(row.getByTestId('outstanding'), '₹11,700.00');
      const owed = amountIn((await row.getByTestId('outstanding').textContent()) ?? '');
      expect(owed.toFixed(2)).toBe('11700.00');
      await expectText(page.getByTestId('receivables-total').getByTestId('outstanding'), '₹11,700.00');
      await screenshot(page, 'receivables-01-owed');

      // Its statement: the two invoices and the receipt, closing at what the receivables show.
      await row.getByRole('link', { name: CUSTOMER }).click();
      await page.waitForURL(/\/operations\/receivables\/[0-9a-f-]{36}\/statement/);
      await expectText(page.getByTestId('statement-closing'), '₹11,700.00 Dr');
      expect(amountIn((await page.getByTestId('statement-closing').textContent()) ?? '')).toEqual(owed);
      await expect(page.getByTestId('statement-entry').count()).resolves.toBe(3);
      await expectText(page.getByRole('group', { name: 'Letterhead' }), 'Ledger Cabs Pvt Ltd');
      const pdf = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
      expect(pdf).toMatch(
        /^\/api\/customers\/[0-9a-f-]{36}\/statement\.pdf\?from=\d{4}-\d\d-\d\d&to=.+&download=1$/,
      );
      await screenshot(page, 'receivables-02-statement');

      // A credit note on the second invoice, from the link an invoice's page gives.
      await page.goto(`${base}/operations/notes/new?invoiceId=${invoiceIds[1]}`);
      await expectText(page.getByTestId('invoice-still-asks'), '₹4,200.00');
      await page.getByLabel('Value before GST').fill('1000');
      await page.getByLabel('Reason').fill('Waiting charged twice');
      await expectText(page.getByTestId('note-preview-total'), '₹1,050.00');
      await screenshot(page, 'receivables-03-new-note');
      await page.getByRole('button', { name: 'Make credit note' }).click();
      await page.waitForURL(/\/operations\/notes\/[0-9a-f-]{36}$/);
      await expectText(page.getByRole('heading', { level: 2 }), 'Credit note CN/');
      const credited = amountIn((await page.getByTestId('note-total').textContent()) ?? '');
      expect(credited.toFixed(2)).toBe('1050.00');
      await screenshot(page, 'receivables-04-note');
      const noteNo = ((await page.getByRole('heading', { level: 2 }).textContent()) ?? '').replace(
        'Credit note ',
        '',
      );
      // Its PDF downloads from its page (download_print_credit_debit_note).
      const noteHref = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
      const notePdf = await page.request.get(`${base}${noteHref}`);
      expect([notePdf.status(), notePdf.headers()['content-type']]).toEqual([200, 'application/pdf']);

      // The list of notes has it, with its invoice.
      await page.goto(`${base}/operations/notes`);
      const listed = page.getByTestId('list-row').filter({ hasText: noteNo });
      await expectText(listed, `LC/E2E/${financialYearOf(operatorDate(new Date())).short}0002`);
      await expectText(listed, '₹1,050.00');
      // The list exports as it is filtered (export_credit_debit_note).
      await page.getByRole('button', { name: /^Export/ }).waitFor();

      // What the customer owes drops by the note's total.
      await page.goto(`${base}/operations/receivables`);
      const lowered = owed.minus(credited);
      expect(lowered.toFixed(2)).toBe('10650.00');
      await expectText(row.getByTestId('outstanding'), '₹10,650.00');
      expect(amountIn((await row.getByTestId('outstanding').textContent()) ?? '')).toEqual(lowered);
      await screenshot(page, 'receivables-05-after-note');
    } catch (error) {
      await screenshot(page, 'receivables-failed').catch(() => undefined);
      throw error;
    }
  }, 120_000);

  it('opens the statement of a customer owing nothing', async () => {
    try {
      await page.goto(`${base}/operations/receivables`);
      await expect(page.getByTestId('receivable-row').filter({ hasText: SETTLED }).count()).resolves.toBe(0);
      const picker = page.getByRole('combobox', { name: 'Statement of a customer' });
      await picker.click();
      await picker.fill('Settled');
      await page.getByRole('option', { name: SETTLED }).click();
      await page.waitForURL(/\/operations\/receivables\/[0-9a-f-]{36}\/statement/);
      await expectText(page.getByTestId('statement-closing'), '₹0.00');
      await screenshot(page, 'receivables-06-settled-statement');
    } catch (error) {
      await screenshot(page, 'receivables-failed-settled').catch(() => undefined);
      throw error;
    }
  }, 60_000);
});

/** Waits until the locator (or page) shows the text. */
