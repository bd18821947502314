import { addCalendarDays, operatorDate } from '@fleet/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { RunningProcess } from '../support/processes';
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
 * A duty from booking to bill in a real Chromium against `npm start`'s process, as the demo owner: take
 * a booking for two passengers (priced from the customer's rate card), find it alone on the board by a
 * passenger's phone (the tabs showing their counts), allot an own vehicle with its
 * driver, dispatch it, record the slip and close it, then find it in Bill Pending with its charges —
 * DOMAIN.md's worked example: 8 h / 80 km at ₹2,000, garage to garage 108 km in 9 h 15 min, ₹2,579.50.
 * The customer, its rate card, the duty type, the driver and the vehicle are set up beside the screens.
 */
const OWNER = '+919800000001';
const CODE = '123456';
const VEHICLE_NO = 'MH04ZZ9876';
const PDF = Buffer.from('%PDF-1.7\n% Harbour Logistics purchase order\n%%EOF\n');
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('a duty from booking to bill in Chromium', () => {
  let product: RunningProduct;
  let proc: RunningProcess;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** The duty's day: yesterday in the operator's zone, so its slip's times have passed and it may close. */
  const day = addCalendarDays(operatorDate(new Date()), -1);
  const dayText = day.split('-').reverse().join('/');

  beforeAll(async () => {
    product = await startProduct({ AUTH_TEST_OTP: `${OWNER}=${CODE}` });
    ({ base, proc } = product);
    const deadline = Date.now() + 240_000;
    while (!proc.output().includes('demo operator seeded') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));

    const owner = await apiAs(base, OWNER, CODE);
    const sedan = (await owner.masters.vehicle_group.list.query({ search: 'Sedan' })).records.find(
      (r) => r.values.name === 'Sedan',
    );
    if (!sedan) throw new Error('The demo data has no Sedan vehicle group.');
    const customer = await owner.masters.customer.create.mutate({ values: { name: 'Harbour Logistics' } });
    const dutyType = await owner.masters.duty_type.create.mutate({
      values: { name: 'Harbour 8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8, is_g2g: true },
    });
    const driver = await owner.masters.driver.create.mutate({
      values: { name: 'Ravi Kumar', phone: '+919811100001' },
    });
    await owner.masters.vehicle.create.mutate({
      values: {
        vehicle_no: VEHICLE_NO,
        vehicle_model: 'Maruti Suzuki Dzire',
        vehicle_group_id: sedan.id,
        vehicle_fuel_type: 'CNG',
        driver_id: driver.id,
      },
    });
    await owner.masters.rate_card.create.mutate({
      values: {
        name: 'Harbour Mumbai',
        party: 'CUSTOMER',
        customer_id: customer.id,
        duty_type_id: dutyType.id,
        vehicle_group_id: sedan.id,
        city_id: 'mh-mumbai',
        contract_start: addCalendarDays(day, -30),
        contract_end: addCalendarDays(day, 300),
        normal_rate: '2000',
        extra_km_rate: '14',
        extra_hour_rate: '150',
      },
    });

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
  const field = (label: string, within: Locator | Page = page) => within.getByLabel(labelled(label));
  async function choose(label: string, typed: string, option: string, within: Locator | Page = page) {
    const input = within.getByRole('combobox', { name: labelled(label) });
    // On a starved machine the list can close under the click as the form re-renders; open it again.
    for (let attempt = 1; ; attempt++) {
      await input.click();
      await input.fill(typed);
      try {
        await page.getByRole('option', { name: option, exact: true }).first().click({ timeout: 10_000 });
        return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }
  const status = () => page.getByTestId('duty-status');

  it('books, allots, dispatches, records the slip, closes, and finds the duty in Bill Pending', async () => {
    try {
      // The board, then a new booking from its button.
      await page.goto(`${base}/duties/bookings/all`);
      await page.getByRole('button', { name: /New booking/ }).click();
      await page.waitForURL(/\/duties\/booking\/new$/);

      await choose('Customer', 'Harbour', 'Harbour Logistics');
      const first = page.getByRole('group', { name: 'Passenger 1', exact: true });
      await field('Name', first).fill('Asha Rao');
      await field('Phone', first).fill('+919800000101');
      await page.getByRole('button', { name: 'Add passenger' }).click();
      const second = page.getByRole('group', { name: 'Passenger 2', exact: true });
      await field('Name', second).fill('Vikram Rao');
      await field('Email', second).fill('vikram.rao@example.com');

      await choose('From city', 'Mumb', 'Mumbai');
      await choose('Vehicle group', 'Sedan', 'Sedan');
      await choose('Duty type', 'Harbour', 'Harbour 8 Hrs 80 Kms');
      await field('Reporting date').fill(dayText);
      await choose('Reporting time', '08:30', '08:30');
      await choose('Labels', 'Airp', 'Airport');
      await page.keyboard.press('Escape');
      await field('Reporting address').fill('Terminal 2, Chhatrapati Shivaji Maharaj International Airport');
      // The price is left empty: the customer's rate card's is shown, and charged.
      await expectText(page.getByTestId('rate-card-quote'), 'Rate card “Harbour Mumbai”: ₹2,000.00 a duty');
      await expectText(page, '₹2,000.00 from rate card');
      // The customer's purchase order, attached; a Word file is refused before it is sent.
      await pickFiles(page.getByRole('button', { name: 'Attach files' }), [
        { name: 'Purchase order.pdf', mimeType: 'application/pdf', buffer: PDF },
        { name: 'notes.docx', mimeType: 'application/octet-stream', buffer: PDF },
      ]);
      await expectText(page, 'notes.docx: upload a PNG, JPG, JPEG or PDF file.');
      await expectText(page.getByRole('list', { name: 'Attachments' }), 'Purchase order.pdf');
      await screenshot(page, 'duties-01-booking-form');
      await page.getByRole('button', { name: 'Save booking' }).click();

      await page.waitForURL(/\/duties\/booking\/[0-9a-f-]{36}$/);
      await expectText(status(), 'Booked');
      const title = await page.getByRole('heading', { name: /^Duty \d{8}$/ }).textContent();
      const dutyNo = title!.replace('Duty ', '');
      const passengers = page.getByRole('list', { name: 'Passengers' }).getByRole('listitem');
      await expectText(passengers.nth(0), 'Asha Rao · +919800000101');
      await expectText(passengers.nth(1), 'Vikram Rao · vikram.rao@example.com');
      await expectText(page, '₹2,000.00, ₹14.00/extra km, ₹150.00/extra hour (rate card)');
      const attached = page.getByRole('list', { name: 'Attachments' }).getByRole('link');
      await expectText(attached, 'Purchase order.pdf');
      const opened = await page.request.get(`${base}${await attached.getAttribute('href')}`);
      expect([opened.status(), opened.headers()['content-type']]).toEqual([200, 'application/pdf']);

      // Edit it (key E): the form opens with the duty, a remark is added, and the duty keeps its card.
      await page.keyboard.press('e');
      await page.waitForURL(/\/duties\/booking\/[0-9a-f-]{36}\/edit$/);
      await expectValue(
        field('Reporting address'),
        'Terminal 2, Chhatrapati Shivaji Maharaj International Airport',
      );
      await expectText(page, '₹2,000.00 from rate card');
      await field('Remark (on the duty slip)').fill('Meet at gate 4 with a name board');
      await screenshot(page, 'duties-01a-edit');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForURL(/\/duties\/booking\/[0-9a-f-]{36}$/);
      await expectText(page, `Saved duty ${dutyNo}.`);
      await expectText(page, 'Meet at gate 4 with a name board');
      await expectText(page, '₹2,000.00, ₹14.00/extra km, ₹150.00/extra hour (rate card)');

      // The board finds it by the passenger's phone, alone, and its tabs carry counts.
      await page.goto(`${base}/duties/bookings/all`);
      const pending = page.getByTestId('tab-count-allotment-pending');
      await pending.waitFor({ state: 'visible', timeout: 20_000 });
      expect(Number((await pending.textContent())?.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
      await page.getByRole('textbox', { name: 'Search' }).fill('+91 98000 00101');
      await page.waitForURL(/search=/);
      const found = page.getByRole('row', { name: `Duty ${dutyNo}` });
      await expectText(found, 'Asha Rao');
      await expectCount(page.getByTestId('list-row'), 1);
      await screenshot(page, 'duties-01b-board-search');
      await found.click();
      await page.waitForURL(/\/duties\/booking\/[0-9a-f-]{36}$/);

      // Allot the own vehicle: its driver comes along.
      await page.getByRole('button', { name: 'Allot', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await choose('Vehicle', 'ZZ9876', `${VEHICLE_NO} · Maruti Suzuki Dzire — Ravi Kumar`, dialog);
      await expectText(dialog, 'Ravi Kumar drives it unless you choose another driver.');
      await screenshot(page, 'duties-02-allot');
      await dialog.getByRole('button', { name: 'Allot', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expectText(status(), 'Allotted');
      const allotment = page.getByRole('heading', { name: 'Allotment' }).locator('..');
      await expectText(allotment, VEHICLE_NO);
      await expectText(allotment, 'Ravi Kumar · +919811100001');

      await page.getByRole('button', { name: 'Dispatch', exact: true }).click();
      await expectText(status(), 'Dispatched');

      // The slip: garage to garage, dated on the duty's day already.
      const point = (name: string) => page.getByRole('group', { name, exact: true });
      for (const [name, time, km, where] of [
        ['Garage start', '08:00', '5000', 'Garage, Andheri'],
        ['Duty start', '08:40', '5012', 'Terminal 2'],
        ['Duty end', '16:30', '5096', 'BKC'],
        ['Garage end', '17:15', '5108', 'Garage, Andheri'],
      ] as const) {
        await expectValue(field('Date', point(name)), dayText);
        await field('Time', point(name)).fill(time);
        await field('Km', point(name)).fill(km);
        await field('Location', point(name)).fill(where);
      }
      // The odometer's photo at the end of the duty.
      await pickFiles(page.getByRole('button', { name: 'Upload photo: Duty end' }), [
        { name: 'odometer.png', mimeType: 'image/png', buffer: PNG },
      ]);
      await page.getByRole('link', { name: 'Photo: Duty end' }).waitFor({ state: 'visible' });
      await choose('Slip received by', 'Hard', 'Hard copy');
      await screenshot(page, 'duties-03-slip');
      await page.getByRole('button', { name: 'Save slip' }).click();
      await expectText(page, `The customer slip of duty ${dutyNo} is recorded.`);
      await expectText(page, 'Received by: Hard copy');

      await page.getByRole('button', { name: 'Close duty' }).click();
      await expectText(status(), 'Closed');
      const charges = page.getByRole('table', { name: 'Charges' });
      await expectText(page, 'Measured 108 km in 9 h 15 min.');
      await expectText(charges.getByRole('row', { name: /Extra km/ }), '₹392.00');
      await expectText(charges.getByTestId('charges-total'), '₹2,579.50');
      await expectText(page.getByRole('heading', { name: 'Activity' }).locator('..'), 'Dispatched');
      await screenshot(page, 'duties-04-closed');

      // Bill Pending lists it with its slip; opening it shows the charges computed at closing.
      await page.goto(`${base}/duties/bookings/bill-pending`);
      const row = page.getByRole('row', { name: `Duty ${dutyNo}` });
      await expectText(row, 'Harbour Logistics');
      await expectText(row, 'Asha Rao');
      await expectText(row, 'Mumbai');
      await expectText(row, 'Harbour 8 Hrs 80 Kms');
      await expectText(row, VEHICLE_NO);
      await expectText(row, 'Closed');
      await expectText(row, 'Hard copy');
      await expectText(row.locator('.mantine-Badge-root', { hasText: 'Airport' }), 'Airport');
      await screenshot(page, 'duties-05-bill-pending');
      await row.click();
      await page.waitForURL(/\/duties\/booking\/[0-9a-f-]{36}$/);
      await expectText(page.getByTestId('charges-total'), '₹2,579.50');
    } catch (error) {
      await screenshot(page, 'duties-failed').catch(() => undefined);
      throw error;
    }
  }, 240_000);
});

/** Picks files in the file chooser the button opens. */
async function pickFiles(button: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = button.page().waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(files);
}

/** Waits until the locator (or page) shows the text. */

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

async function expectValue(locator: Locator, value: string) {
  const deadline = Date.now() + 15_000;
  let seen = '';
  while (Date.now() < deadline) {
    seen = await locator.inputValue().catch(() => '');
    if (seen === value) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Expected the value ${JSON.stringify(value)}, saw ${JSON.stringify(seen)} (${locator})`);
}
