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
 * Two full-tank fills of one vehicle, in a real Chromium against `npm start`'s process, as the demo
 * owner. Set up through the API: a petrol vehicle and the fuel station it fills at. On screen: "Add fill"
 * on the fuel logs, the vehicle and station chosen, 40 litres for ₹4,184 at 12,000 km (the rate per litre
 * worked out as typed), saved; then 35 litres for ₹3,661 at 12,490 km; the second fill's row shows the
 * 490 km on 35 litres the two full tanks measure, 14.00 km/L, and so does the vehicle's row of the
 * mileage screen, where the demo fleet's poorly running vehicle is flagged. An odometer that goes back
 * is refused beside the odometer.
 */
const OWNER = '+919800000001';
const CODE = '123456';
const VEHICLE = 'MH12ZE7731';

describe('fuel logs in Chromium', () => {
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
    const group = await owner.masters.vehicle_group.create.mutate({ values: { name: 'E2E Hatchback' } });
    await owner.masters.vehicle.create.mutate({
      values: {
        vehicle_no: VEHICLE,
        vehicle_model: 'Maruti Swift',
        vehicle_group_id: group.id,
        vehicle_fuel_type: 'PETROL',
      },
    });
    await owner.masters.fuel_station.create.mutate({
      values: { name: 'E2E Petro Kothrud', brand: 'HP', city_id: 'mh-pune' },
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

  async function choose(dialog: Locator, label: string, typed: string, option: string) {
    const box = dialog.getByRole('combobox', { name: labelled(label) });
    await box.click();
    await box.fill(typed);
    // An option reads its name, then what tells it apart: "MH12ZE7731 · Maruti Swift".
    await page
      .getByRole('option', { name: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) })
      .first()
      .click();
  }

  async function addFill(fill: { time: string; litres: string; amount: string; odometer: string }) {
    await page.getByRole('button', { name: 'Add fill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a fill' });
    await choose(dialog, 'Vehicle', VEHICLE.slice(0, 8), VEHICLE);
    await dialog.getByLabel(labelled('Time')).fill(fill.time);
    await dialog.getByLabel(labelled('Litres (kg, kWh)')).fill(fill.litres);
    await dialog.getByLabel(labelled('Amount (₹)')).fill(fill.amount);
    await dialog.getByLabel(labelled('Odometer (km)')).fill(fill.odometer);
    await choose(dialog, 'Fuel station', 'E2E Petro', 'E2E Petro Kothrud');
    return dialog;
  }

  it('records two full-tank fills and shows the vehicle’s km per litre', async () => {
    try {
      await page.goto(`${base}/operations/fuel`);
      let dialog = await addFill({ time: '07:10', litres: '40', amount: '4184', odometer: '12000' });
      await expectText(dialog, '₹104.60 a litre');
      await screenshot(page, 'fuel-01-first-fill');
      await dialog.getByRole('button', { name: 'Save fill' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // An odometer behind the first fill's is refused beside the odometer, and nothing is saved.
      dialog = await addFill({ time: '08:20', litres: '35', amount: '3661', odometer: '11990' });
      await dialog.getByRole('button', { name: 'Save fill' }).click();
      await expectText(dialog, 'The odometer cannot go back');
      await dialog.getByLabel(labelled('Odometer (km)')).fill('12490');
      await dialog.getByRole('button', { name: 'Save fill' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const second = page.getByRole('row').filter({ hasText: VEHICLE }).filter({ hasText: '12,490' });
      await expectText(second, '14.00 km/L');
      await screenshot(page, 'fuel-02-list');

      await page.goto(`${base}/operations/fuel/mileage`);
      const row = page.getByTestId(`mileage-row-${VEHICLE}`);
      await expectText(row.getByTestId(`km-per-unit-${VEHICLE}`), '14.00 km/L');
      await expectText(row, '490 km');
      // The demo fleet's poorly running vehicle is flagged against its own mileage before.
      await expectText(page.getByRole('table', { name: 'Mileage by vehicle' }), 'Low mileage');
      await screenshot(page, 'fuel-03-mileage');
    } catch (error) {
      await screenshot(page, 'fuel-failed').catch(() => undefined);
      throw error;
    }
  }, 120_000);
});

/** Waits until the locator (or page) shows the text. */
