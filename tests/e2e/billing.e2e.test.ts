import { readFileSync } from 'node:fs';
import { addCalendarDays, operatorDate } from '@fleet/domain';
import { startSmtpPeer } from '@fleet/testing';
import { readPdf } from '@fleet/testing/pdf';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import PostalMime from 'postal-mime';
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
 * Two closed duties to an approved invoice and its PDF, in a real Chromium against `npm start`'s
 * process, as the demo owner. The invoicing masters (a company in Maharashtra with its GSTIN and an
 * invoice series, a customer billed in Maharashtra, its rate card, a vehicle with its driver) and the
 * two duties (booked, allotted, run 9 h 15 min and 108 km, closed: ₹2,579.50 each) are set up through
 * the API; on screen the duties wait on "Invoice duties", become one invoice, which is approved and
 * downloaded, and its PDF carries the total the screen shows. The shell polls no duty counts on the
 * invoice's print page (spec §2).
 */
const OWNER = '+919800000001';
const CODE = '123456';

describe('billing in Chromium', () => {
  let product: RunningProduct;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customerId: string;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let dutyNos: string[];
  // The duties ran yesterday: billing bills no duty before it has run.
  const day = addCalendarDays(operatorDate(new Date()), -1);

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    // Emails go out through a real SMTP server on loopback, which keeps what it takes.
    product = await startProduct({
      AUTH_TEST_OTP: `${OWNER}=${CODE}`,
      EMAIL_PROVIDER: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURITY: 'none',
      EMAIL_FROM: 'Konkan Cabs <billing@konkan.example>',
    });
    base = product.base;
    const deadline = Date.now() + 240_000;
    while (!product.proc.output().includes('demo operator seeded') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));

    const owner = await apiAs(base, OWNER, CODE);
    const company = await owner.masters.company.create.mutate({
      values: {
        name: 'Konkan Cabs Pvt Ltd',
        business_type: 'PRIVATE_LIMITED',
        gst_no: '27AABCK1234E1Z1',
        state_id: 'MH',
        city_id: 'mh-pune',
        address: '12 FC Road, Pune',
        pincode: '411004',
      },
    });
    await owner.masters.company_profile.create.mutate({
      values: {
        name: 'Konkan invoices',
        company_id: company.id,
        invoice_title: 'Tax Invoice',
        invoice_prefix: 'KC/{FY}/',
      },
    });
    const customer = await owner.masters.customer.create.mutate({
      values: {
        name: 'Harbour Freight Lines',
        tax_type: 'GSTIN',
        billing_details: [
          {
            billing_name: 'Harbour Freight Lines Pvt Ltd',
            gst_no: '27AAACH7409R1Z1',
            address: 'Andheri East, Mumbai',
            state_id: 'MH',
            email: 'accounts@harbour.example',
            is_default: true,
          },
        ],
      },
    });
    customerId = customer.id;
    const sedan = await owner.masters.vehicle_group.create.mutate({ values: { name: 'Konkan Sedan' } });
    const dutyType = await owner.masters.duty_type.create.mutate({
      values: { name: 'Konkan 8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8, is_p2p: true },
    });
    await owner.masters.rate_card.create.mutate({
      values: {
        name: 'Harbour Pune',
        party: 'CUSTOMER',
        customer_id: customer.id,
        duty_type_id: dutyType.id,
        vehicle_group_id: sedan.id,
        contract_start: addCalendarDays(day, -30),
        contract_end: addCalendarDays(day, 300),
        normal_rate: '2000',
        extra_km_rate: '14',
        extra_hour_rate: '150',
      },
    });
    const driver = await owner.masters.driver.create.mutate({
      values: { name: 'Sunil Patil', phone: '+919811100007' },
    });
    const vehicle = await owner.masters.vehicle.create.mutate({
      values: {
        vehicle_no: 'MH12KC1001',
        vehicle_model: 'Dzire',
        vehicle_group_id: sedan.id,
        vehicle_fuel_type: 'DIESEL',
        driver_id: driver.id,
      },
    });
    dutyNos = [];
    for (const passenger of ['Asha Rao', 'Vikram Rao']) {
      const { booking } = await owner.booking.create.mutate({
        customerId: customer.id,
        companyId: company.id,
        passengers: [{ name: passenger, phone: '+919800000101' }],
        fromCityId: 'mh-pune',
        vehicleGroupId: sedan.id,
        dutyTypeId: dutyType.id,
        reportingDate: day,
        reportingTime: '08:00',
        reportingAddress: 'Aundh, Pune',
      });
      await owner.booking.allot.mutate({ id: booking.id, kind: 'OWN', vehicleId: vehicle.id });
      const at = (time: string) => new Date(`${day}T${time}:00+05:30`);
      await owner.booking.recordSlip.mutate({
        id: booking.id,
        variant: 'SALES',
        medium: 'HARD_COPY',
        points: [
          { point: 'DUTY_START', at: at('08:00'), km: '1000' },
          { point: 'DUTY_END', at: at('17:15'), km: '1108' },
        ],
      });
      await owner.booking.close.mutate({ id: booking.id });
      dutyNos.push(String(booking.bookingNo).padStart(8, '0'));
    }

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
    await smtp?.close();
  });

  it('invoices two closed duties, approves the invoice, downloads its PDF and emails it, the totals the same', async () => {
    const countCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('booking.incomingRequestsCount'))
        countCalls.push(new URL(request.url()).pathname);
    });
    try {
      // The bill-pending duties of the customer, grouped under it (the duties reach billing by event).
      const filtered = `${base}/operations/billing/new?customerIds=${encodeURIComponent(JSON.stringify([customerId]))}`;
      const group = page.getByRole('group', { name: 'Duties of Harbour Freight Lines' });
      // Billing hears the closings by event: wait until it lists both, then open the page once.
      const owner = await apiAs(base, OWNER, CODE);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const { duties } = await owner.invoice.duties.query({ customerIds: [customerId] });
        if (duties.length >= 2) break;
        if (Date.now() > deadline) throw new Error('The two closed duties never became bill-pending.');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await page.goto(filtered);
      await group.getByTestId('bill-pending-duty').nth(1).waitFor({ state: 'visible', timeout: 30_000 });
      for (const no of dutyNos) await expectText(group, no);
      await expectText(group, '₹5,159.00');
      // The shell polled the duty counts on this page (the owner may see incoming requests).
      expect(countCalls.length).toBeGreaterThan(0);

      await group.getByRole('checkbox', { name: 'Select all duties of Harbour Freight Lines' }).check();
      await screenshot(page, 'billing-01-bill-pending');
      await page.getByRole('button', { name: 'Create 1 invoice' }).click();
      const made = page.getByRole('list', { name: 'Invoices made' });
      await expectText(made, 'Harbour Freight Lines Pvt Ltd');
      await made.getByRole('link').first().click();
      await page.waitForURL(/\/operations\/billing\/[0-9a-f-]{36}$/);
      const invoiceUrl = page.url();

      // The invoice as it prints: seller and buyer with GSTINs, the two duties, its total in words.
      await expectText(page.getByTestId('invoice-marks'), 'Draft');
      await expectText(page.getByRole('group', { name: 'From (seller)' }), 'GSTIN: 27AABCK1234E1Z1');
      await expectText(page.getByRole('group', { name: 'Bill to (buyer)' }), 'GSTIN: 27AAACH7409R1Z1');
      await expectText(page.getByRole('table', { name: 'Duties billed' }), dutyNos[0]!);
      await expectText(page.getByRole('table', { name: 'Duties billed' }), dutyNos[1]!);
      const total = (await page.getByTestId('invoice-total').textContent()) ?? '';
      expect(total).toMatch(/^₹\d{1,2}(,\d{2})*,?\d{3}\.\d{2}$/);
      await page.getByTestId('invoice-total-words').waitFor({ state: 'visible' });
      // A duty's row opens to its charge lines.
      await page
        .getByRole('button', { name: /^Show the charges of/ })
        .first()
        .click();
      await expectText(page.getByRole('table', { name: 'Invoice rows' }), '₹392.00');

      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await expectText(page.getByTestId('invoice-marks'), 'Approved');
      await screenshot(page, 'billing-02-approved');

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download PDF' }).click();
      const file = await (await download).path();
      const pdf = await readPdf(readFileSync(file));
      const text = pdf.pages.map((p) => p.text).join('\n');
      expect(text).toContain(total.replace('₹', ''));
      expect(text).toContain('27AAACH7409R1Z1');

      // Emailed to the buyer with the PDF attached, through the SMTP server.
      await page.getByRole('button', { name: 'Email', exact: true }).click();
      const form = page.getByRole('form', { name: 'Email invoice form' });
      await expectText(form, 'accounts@harbour.example');
      await form.getByRole('button', { name: 'Send' }).click();
      await expectText(page.getByTestId('invoice-marks'), 'Dispatched');
      const emailDeadline = Date.now() + 60_000;
      while (!smtp.received.some((mail) => mail.to.includes('accounts@harbour.example'))) {
        if (Date.now() > emailDeadline) throw new Error('The invoice email never reached the SMTP server.');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const mail = await PostalMime.parse(
        smtp.received.find((m) => m.to.includes('accounts@harbour.example'))!.raw,
      );
      expect(mail.subject).toMatch(/^Invoice KC\/\d{2}-\d{2}\/\d{4} from Konkan Cabs Pvt Ltd$/);
      const attached = mail.attachments.find((a) => a.mimeType === 'application/pdf');
      const emailed = await readPdf(new Uint8Array(attached!.content as ArrayBuffer));
      expect(emailed.pages.map((p) => p.text).join('\n')).toContain(total.replace('₹', ''));
      await screenshot(page, 'billing-03-emailed');

      // The print page: the invoice and its total, and no duty counts polled.
      countCalls.length = 0;
      await page.goto(`${invoiceUrl}/download`);
      await expectText(page.getByTestId('invoice-total'), total);
      await page.getByRole('button', { name: 'Print' }).waitFor({ state: 'visible' });
      await page.waitForTimeout(1500);
      await screenshot(page, 'billing-04-print');
      expect(countCalls).toEqual([]);
    } catch (error) {
      await screenshot(page, 'billing-failed').catch(() => undefined);
      throw error;
    }
  }, 120_000);
});

/** Waits until the locator (or page) shows the text. */
