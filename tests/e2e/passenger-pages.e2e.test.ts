import { randomUUID } from 'node:crypto';
import { operatorDate } from '@fleet/domain';
import type { Browser, Page } from 'playwright-core';
import { trpcClient } from '../support/trpc-client';
import {
  apiAs,
  launchBrowser,
  type RunningProduct,
  screenshot,
  signAndAcceptSlip,
  startProduct,
  textedLink,
} from './browser';

/**
 * The passenger's side of a duty run in the driver app, in a real Chromium on a phone-sized screen
 * against `npm start`'s process: the texted short link opens the digital slip with no sign-in; the
 * passenger signs on the screen and accepts, and sees the answer with the slip's fingerprint; the
 * feedback link's form is answered and thanks them. The driver's side is driven through the API.
 */
const OWNER = '+919800000001';
const DRIVER = '+919811177550';
const PASSENGER = '+919811177551';
const CODE = '123456';

describe('a passenger signs the digital duty slip and gives feedback', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;

  const linkFrom = (path: 's' | 'f') => textedLink(product, PASSENGER, path);

  beforeAll(async () => {
    product = await startProduct({ AUTH_TEST_OTP: `${OWNER}=${CODE},${DRIVER}=${CODE}` });
    const deadline = Date.now() + 240_000;
    while (!product.proc.output().includes('demo operator seeded') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));

    const owner = await apiAs(product.base, OWNER, CODE);
    const sedan = (await owner.masters.vehicle_group.list.query({ search: 'Sedan' })).records.find(
      (r) => r.values.name === 'Sedan',
    );
    if (!sedan) throw new Error('The demo data has no Sedan vehicle group.');
    const customer = await owner.masters.customer.create.mutate({
      values: { name: 'Signing Customer', show_charges_on_digital_slip: true },
    });
    const dutyType = await owner.masters.duty_type.create.mutate({
      values: { name: 'Sign 8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 },
    });
    await owner.masters.rate_card.create.mutate({
      values: {
        name: 'Signing card',
        party: 'CUSTOMER',
        customer_id: customer.id,
        duty_type_id: dutyType.id,
        vehicle_group_id: sedan.id,
        contract_start: '2020-01-01',
        contract_end: '2099-12-31',
        normal_rate: '2000',
        extra_km_rate: '14',
        extra_hour_rate: '150',
      },
    });
    const driver = await owner.masters.driver.create.mutate({
      values: { name: 'Sign Driver', phone: DRIVER },
    });
    const vehicle = await owner.masters.vehicle.create.mutate({
      values: {
        vehicle_no: 'MH12SG0001',
        vehicle_model: 'Dzire',
        vehicle_group_id: sedan.id,
        vehicle_fuel_type: 'DIESEL',
        driver_id: driver.id,
      },
    });
    const { booking } = await owner.booking.create.mutate({
      customerId: customer.id,
      dutyTypeId: dutyType.id,
      vehicleGroupId: sedan.id,
      fromCityId: 'mh-mumbai',
      reportingDate: operatorDate(new Date()),
      reportingTime: '23:30',
      reportingAddress: 'Bandra Kurla Complex, Mumbai',
      passengers: [{ name: 'Meera Joshi', phone: PASSENGER }],
    });
    await owner.booking.allot.mutate({ id: booking.id, kind: 'OWN', vehicleId: vehicle.id });
    // It reports at 23:30, hours after the trip below begins: the office lets the driver start early.
    await owner.booking.consentEarlyStart.mutate({ id: booking.id });

    const anonymous = trpcClient(product.base);
    const until = Date.now() + 30_000;
    for (;;) {
      try {
        await anonymous.auth.requestOtp.mutate({ phone: DRIVER, app: 'DRIVER' });
        break;
      } catch (error) {
        if (Date.now() > until) throw error;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const { token } = await anonymous.auth.verifyOtp.mutate({ phone: DRIVER, code: CODE, app: 'DRIVER' });
    const app = trpcClient(product.base, () => ({ authorization: `Bearer ${token}` }));
    await app.driver.answer.mutate({
      id: booking.id,
      clientActionId: randomUUID(),
      answer: 'ACCEPT',
      at: new Date(),
    });
    const started = Date.now() - 60 * 60_000;
    const trip = [
      ['GARAGE_START', '4500'],
      ['DRIVER_ARRIVED', '4510'],
      ['DUTY_START', '4512'],
      ['DUTY_END', '4560'],
      ['GARAGE_END', '4570'],
    ] as const;
    // The demo operator asks the passenger's codes at the start and the end.
    const codes: Partial<Record<string, string>> = {
      DUTY_START: booking.tripStartOtp ?? '',
      DUTY_END: booking.tripEndOtp ?? '',
    };
    // And the billing items its checklist wants before the start.
    const { checklist } = await app.driver.duty.query({ id: booking.id });
    for (const item of checklist) {
      await app.driver.addBillingItem.mutate({
        id: booking.id,
        clientActionId: randomUUID(),
        billingItemId: item.billingItemId,
        amount: '50',
        at: new Date(started),
      });
    }
    for (const [i, [event, km]] of trip.entries()) {
      await app.driver.tripEvent.mutate({
        id: booking.id,
        clientActionId: randomUUID(),
        event,
        at: new Date(started + i * 10 * 60_000),
        km,
        ...(codes[event] ? { code: codes[event] } : {}),
      });
    }

    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    page = await context.newPage();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('opens the slip from the texted link, takes the signature, and shows the answer', async () => {
    await page.goto(await linkFrom('s'));
    await page.waitForURL(/\/digital-duty-slip\//);
    await page.getByRole('table', { name: 'Trip points' }).waitFor();
    const rows = await page.getByRole('table', { name: 'Trip points' }).getByRole('row').allTextContents();
    expect(rows.map((r) => r.replace(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, '<time>'))).toEqual([
      'PointDate and timeKm',
      'Garage start<time>4500.0',
      'Reporting (at pickup)<time>4510.0',
      'Duty start<time>4512.0',
      'Duty end<time>4560.0',
      'Garage end<time>4570.0',
    ]);
    await page.getByRole('list', { name: 'Charges' }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept and sign' }).isDisabled()).toBe(true);
    await signAndAcceptSlip(page);
    expect(await page.getByText('Accepted by the passenger').isVisible()).toBe(true);
    expect(await page.getByLabel('Slip fingerprint').textContent()).toMatch(/^([0-9a-f]{8} ){7}[0-9a-f]{8}$/);
    await screenshot(page, 'digital-slip-answered');
  }, 120_000);

  it('asks the feedback form and thanks the passenger once it is sent', async () => {
    await page.goto(await linkFrom('f'));
    const form = page.getByRole('form');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Please choose an answer.').first().waitFor();
    // Whatever the operator's form asks: the first answer of each question shown as radio buttons,
    // the first of each drop-down.
    for (const group of await form.getByRole('radiogroup').all()) {
      await group.getByRole('radio').first().check();
    }
    for (const select of await form.locator('input.mantine-Select-input').all()) {
      await select.click();
      await page.getByRole('option').first().click();
    }
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByRole('status').getByText('Thank you!').waitFor();
    await screenshot(page, 'feedback-sent');
  }, 120_000);
});
