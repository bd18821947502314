import { addCalendarDays, operatorDate } from '@fleet/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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
 * A passenger's confirmation from the booking to the log and back out, in a real Chromium against
 * `npm start`'s process, as the demo owner (whose operator texts its passengers): confirm an unconfirmed
 * booking on its page, find the confirmation to its passenger at /operations/business/sms by the
 * booking's number, open it, resend it, and see the resend beside the original — also on the booking's
 * Messages card.
 */
const OWNER = '+919800000001';
const CODE = '123456';
const PASSENGER = 'Meera Joshi';

describe('a passenger’s confirmation text, found in the SMS log and sent again', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let bookingId: string;
  let bookingNo: string;
  let owner: Awaited<ReturnType<typeof apiAs>>;

  beforeAll(async () => {
    product = await startProduct({ AUTH_TEST_OTP: `${OWNER}=${CODE}` });
    const deadline = Date.now() + 240_000;
    while (!product.proc.output().includes('demo operator seeded') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));

    owner = await apiAs(product.base, OWNER, CODE);
    const sedan = (await owner.masters.vehicle_group.list.query({ search: 'Sedan' })).records.find(
      (r) => r.values.name === 'Sedan',
    );
    if (!sedan) throw new Error('The demo data has no Sedan vehicle group.');
    const customer = await owner.masters.customer.create.mutate({ values: { name: 'Lotus Events' } });
    const dutyType = await owner.masters.duty_type.create.mutate({
      values: { name: 'Lotus 4 Hrs 40 Kms', type: 'HR_KM', max_km: 40, max_hr: 4 },
    });
    const { booking } = await owner.booking.create.mutate({
      customerId: customer.id,
      dutyTypeId: dutyType.id,
      vehicleGroupId: sedan.id,
      fromCityId: 'mh-mumbai',
      reportingDate: addCalendarDays(operatorDate(new Date()), 2),
      reportingTime: '10:00',
      reportingAddress: 'Bandra Kurla Complex, Mumbai',
      passengers: [{ name: PASSENGER, phone: '+919811177001' }],
      confirmed: false,
    });
    bookingId = booking.id;
    bookingNo = String(booking.bookingNo).padStart(8, '0');

    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    page = await context.newPage();
    await signIn(page, product.base, OWNER, CODE);
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  const confirmations = () =>
    page.getByRole('row', { name: `Confirmation to ${PASSENGER} for booking ${bookingNo}`, exact: true });

  it('confirms the booking, finds its text by the booking number, and resends it once', async () => {
    try {
      await page.goto(`${product.base}/duties/booking/${bookingId}`);
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expectText(page.getByTestId('duty-status'), 'Booked');

      // The text is written when messaging takes the booking's event: look again until it is there.
      await page.goto(`${product.base}/operations/business/sms`);
      await page.getByRole('textbox', { name: 'Search' }).fill(bookingNo);
      await page.waitForURL(new RegExp(`search=${bookingNo}`));
      await untilVisible(page, confirmations().first());
      await expectCount(confirmations(), 1);
      await screenshot(page, 'messages-01-sms-log');

      await confirmations().first().click();
      const drawer = page.getByRole('dialog');
      await expectText(drawer.getByTestId('message-text'), `#${bookingNo}`);
      await expectText(drawer, 'Passenger · Meera Joshi · +919811177001');
      await screenshot(page, 'messages-02-detail');
      // A double click sends once.
      await drawer.getByRole('button', { name: 'Resend' }).dblclick();
      await expectText(page, `Sent again to ${PASSENGER}.`);
      await expectText(drawer, 'Resent from an earlier message');
      await page.keyboard.press('Escape');
      await expectCount(confirmations(), 2);
      await expectText(page, '(resent)');
      await screenshot(page, 'messages-03-resent');

      // The booking's own page lists both.
      await page.goto(`${product.base}/duties/booking/${bookingId}`);
      const card = page.getByTestId('booking-messages');
      await expectCount(card.getByRole('button', { name: 'Confirmation SMS' }), 2);
    } catch (error) {
      await screenshot(page, 'messages-failed');
      // What the log held for the booking, to tell a slow consumer from a screen that does not show it.
      const logged = await owner.message.list.query({ bookingId });
      throw new Error(
        `${String(error)}; the log holds ${JSON.stringify(logged.messages.map((m) => [m.type, m.recipientName, m.status]))}`,
      );
    }
  }, 120_000);
});

/** Reloads until the locator shows: what it waits for is written by another part of the product. */
async function untilVisible(page: Page, locator: Locator) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    // Settled: the row, or the list saying nothing matches yet.
    await locator.or(page.getByText('No texts match')).first().waitFor({ timeout: 20_000 });
    if (await locator.isVisible()) return;
    if (Date.now() > deadline) throw new Error(`${locator} never showed`);
    await new Promise((r) => setTimeout(r, 500));
    await page.reload();
  }
}

/** Waits until the locator matches exactly `count` elements. */
async function expectCount(locator: Locator, count: number) {
  const deadline = Date.now() + 15_000;
  let seen = -1;
  while (Date.now() < deadline) {
    seen = await locator.count();
    if (seen === count) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Expected ${count} of ${locator}, saw ${seen}`);
}
