import { addCalendarDays, operatorDate } from '@fleet/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { trpcClient } from '../support/trpc-client';
import {
  expectText,
  launchBrowser,
  type RunningProduct,
  screenshot,
  startProduct,
  textedLink,
} from './browser';

/**
 * The driver app on a phone-sized Chromium against `npm start`'s process: staff book a duty and allot it
 * (through the API, beside the screens) to a driver master whose phone signs in at /driver; the driver
 * accepts it and records each event of the trip with the odometer and a photo, loses the network
 * mid-trip, records the end (with the passenger's signature) and the return to the garage, sees them
 * waiting — and the app still opens offline — then the network comes back and they are sent. The
 * office then finds each slip point once with its km, the duty closed, and each driver act once; the
 * passenger opens the digital slip from the text the closing sent, signs it and accepts it.
 */
const OWNER = '+919800000071';
const DRIVER = '+919811100071';
const CODE = '123456';
// A 1×1 PNG: the odometer's photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('the driver app on a phone', () => {
  let product: RunningProduct;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let owner: ReturnType<typeof trpcClient>;
  let bookingId: string;
  let dutyNo: string;

  beforeAll(async () => {
    product = await startProduct({ AUTH_TEST_OTP: `${OWNER}=${CODE},${DRIVER}=${CODE}`, DEMO_DATA: 'false' });
    base = product.base;

    // A new operator, its masters, and today's duty allotted to the driver's vehicle.
    const anonymous = trpcClient(base);
    await anonymous.auth.requestOtp.mutate({ phone: OWNER });
    const { token } = await anonymous.auth.verifyOtp.mutate({
      phone: OWNER,
      code: CODE,
      operatorName: 'Konkan Cabs',
    });
    owner = trpcClient(base, () => ({ authorization: `Bearer ${token}` }));
    // The operator texts its passengers (a new operator's flag is off), so the slip's link reaches them.
    await owner.user.updateProfile.mutate({ name: 'Konkan Owner', phone: OWNER, autoSendPassengerSms: true });
    const today = operatorDate(new Date());
    const customer = await owner.masters.customer.create.mutate({ values: { name: 'Harbour Logistics' } });
    const dutyType = await owner.masters.duty_type.create.mutate({
      values: { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8, is_g2g: true },
    });
    const sedan = await owner.masters.vehicle_group.create.mutate({ values: { name: 'Sedan' } });
    const driver = await owner.masters.driver.create.mutate({
      values: { name: 'Ravi Kumar', phone: DRIVER },
    });
    const vehicle = await owner.masters.vehicle.create.mutate({
      values: {
        vehicle_no: 'MH12AB1001',
        vehicle_model: 'Dzire',
        vehicle_group_id: sedan.id,
        vehicle_fuel_type: 'DIESEL',
        driver_id: driver.id,
      },
    });
    await owner.masters.rate_card.create.mutate({
      values: {
        name: 'Harbour Pune',
        party: 'CUSTOMER',
        customer_id: customer.id,
        duty_type_id: dutyType.id,
        vehicle_group_id: sedan.id,
        contract_start: addCalendarDays(today, -30),
        contract_end: addCalendarDays(today, 300),
        normal_rate: '2000',
        extra_km_rate: '14',
        extra_hour_rate: '150',
      },
    });
    const { booking } = await owner.booking.create.mutate({
      customerId: customer.id,
      dutyTypeId: dutyType.id,
      vehicleGroupId: sedan.id,
      fromCityId: 'mh-pune',
      reportingDate: today,
      reportingTime: '23:30',
      reportingAddress: 'Koregaon Park, Pune',
      passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    });
    bookingId = booking.id;
    dutyNo = String(booking.bookingNo).padStart(8, '0');
    await owner.booking.allot.mutate({ id: booking.id, kind: 'OWN', vehicleId: vehicle.id });
    // It reports at 23:30, hours after the trip below begins: the office lets the driver start early.
    await owner.booking.consentEarlyStart.mutate({ id: booking.id });
    // Identity makes the driver's account when it hears of the driver master; until then the phone is
    // no driver's.
    await waitUntil(async () => {
      try {
        await anonymous.auth.requestOtp.mutate({ phone: DRIVER, app: 'DRIVER' });
        return true;
      } catch {
        return false;
      }
    }, 'the driver’s account');

    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 360, height: 640 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      permissions: ['geolocation', 'notifications'],
      geolocation: { latitude: 18.5362, longitude: 73.8939, accuracy: 10 },
    });
    page = await context.newPage();
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  it('runs a duty from sign-in to garage end, part of it offline, and the office gets each act once', async () => {
    try {
      // Sign in with the driver's phone; the code step opens even when a code was sent moments ago.
      await page.goto(`${base}/driver`);
      await page.getByTestId('phone-input').fill(DRIVER);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByLabel('Sign-in code').locator('input').first().click();
      await page.keyboard.type(CODE);
      const card = page.getByRole('link', { name: `Duty ${dutyNo}` });
      await expectText(card, 'Harbour Logistics · Asha Rao');
      await expectText(card, 'Allotted');
      await screenshot(page, 'driver-01-duties');

      // The office dispatches it before the driver answers: the app still offers Accept beside Reject.
      await owner.booking.dispatch.mutate({ id: bookingId });
      await card.click();
      await page.waitForURL(/\/driver\/duty\/[0-9a-f-]{36}$/);
      await expectText(page.getByTestId('duty-status'), 'Dispatched');
      await page.getByRole('button', { name: 'Reject', exact: true }).waitFor();
      await expectText(page.getByRole('region', { name: 'Pickup' }), 'Koregaon Park, Pune');
      await expectText(page.getByRole('region', { name: 'Passengers' }), 'Asha Rao');
      const call = page.getByRole('link', { name: 'Call Asha Rao, +919800000101' });
      expect(await call.getAttribute('href')).toBe('tel:+919800000101');
      await page.getByRole('button', { name: 'Accept', exact: true }).click();
      await expectText(page.getByTestId('duty-status'), 'Driver accepted');
      await screenshot(page, 'driver-02-accepted');

      // The service worker holds the app's shell before the network goes.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      await recordEvent('Leave garage', '5000', 'Left garage');
      await recordEvent('Arrived at pickup', '5010', 'At pickup');
      await recordEvent('Start duty', '5012', 'On duty');
      await screenshot(page, 'driver-03-on-duty');

      // The network goes mid-trip: the end (with the passenger's signature) and the garage end wait.
      await context.setOffline(true);
      await expectText(page.getByTestId('offline-badge'), 'Offline');
      await openEvent('End duty');
      await fillEvent('5096');
      const pad = page.getByTestId('signature-pad');
      await pad.scrollIntoViewIfNeeded();
      const box = await pad.boundingBox();
      if (!box) throw new Error('The signature pad is not on the screen.');
      await page.mouse.move(box.x + 30, box.y + 120);
      await page.mouse.down();
      await page.mouse.move(box.x + 120, box.y + 40, { steps: 8 });
      await page.mouse.move(box.x + 220, box.y + 130, { steps: 8 });
      await page.mouse.up();
      await screenshot(page, 'driver-04-end-duty-form');
      await saveEvent('End duty');
      await expectText(page.getByTestId('told'), 'kept on the phone');
      await expectText(page.getByTestId('duty-status'), 'Duty ended');
      await recordEvent('Back at garage', '5108', 'Closed');
      await expectText(page.getByTestId('waiting-acts'), '2 waiting for network');
      await expectText(page.getByRole('table', { name: 'Slip' }), '5108 km');
      await screenshot(page, 'driver-05-offline-waiting');

      // Still offline, the app opens again from the phone: its shell, the duty, and what waits.
      await page.reload();
      await expectText(page.getByTestId('waiting-acts'), '2 waiting for network');
      await expectText(page.getByTestId('duty-status'), 'Closed');
      expect(await serverSlip()).toEqual([
        ['GARAGE_START', '5000.0'],
        ['ARRIVAL', '5010.0'],
        ['DUTY_START', '5012.0'],
      ]);

      // The network is back: both go, in order, and the duty is closed on the server.
      await context.setOffline(false);
      await page.getByTestId('waiting-acts').waitFor({ state: 'detached', timeout: 30_000 });
      await expectText(page.getByTestId('duty-status'), 'Closed');
      await expectText(page.getByRole('region', { name: 'Slip' }), 'Signed by the passenger');
      await screenshot(page, 'driver-06-sent');

      const { booking, salesSlip, activity } = await owner.booking.get.query({ id: bookingId });
      expect(booking.status).toBe('CLOSED');
      expect(salesSlip.map((p) => [p.point, p.km.toFixed(1), p.fileId !== null])).toEqual([
        ['GARAGE_START', '5000.0', true],
        ['ARRIVAL', '5010.0', true],
        ['DUTY_START', '5012.0', true],
        ['DUTY_END', '5096.0', true],
        ['GARAGE_END', '5108.0', true],
      ]);
      const driverActs = activity.filter((a) => a.actor === 'DRIVER').map((a) => a.action);
      expect(driverActs.sort()).toEqual(
        ['arriveAtPickup', 'completeDuty', 'driverAccept', 'endDuty', 'garageStart', 'startDuty'].sort(),
      );

      // The passenger gets the slip by text and reads it; having signed on the driver's phone, they are
      // not asked to sign again, only to accept.
      const passenger = await browser.newPage();
      await passenger.goto(await textedLink(product, '+919800000101', 's'));
      await passenger.getByRole('table', { name: 'Trip points' }).waitFor();
      await expectText(passenger, 'You signed this slip on the driver’s phone');
      expect(await passenger.getByRole('img', { name: 'Your signature' }).count()).toBe(0);
      await passenger.getByRole('button', { name: 'Accept the slip' }).click();
      await passenger.getByRole('status', { name: 'Your answer' }).waitFor();
      expect(await passenger.getByText('Accepted by the passenger').isVisible()).toBe(true);
      await screenshot(passenger, 'driver-07-passenger-signed');
      const answered = await owner.booking.get.query({ id: bookingId });
      expect(answered.slipApproval?.state).toBe('ACCEPTED');
    } catch (error) {
      await screenshot(page, 'driver-failed').catch(() => undefined);
      throw error;
    }
  }, 240_000);

  it('shows the office’s pushes about a duty as FCM delivers them, the latest about a duty alone', async () => {
    // What Firebase Cloud Messaging's Web Push delivery hands the service worker for NEW_DUTY_PUSH and
    // DUTY_CANCELLED_PUSH (the FCM HTTP v1 message messaging sends, as FCM delivers it to a browser).
    const delivered = (title: string, body: string, kind: string) =>
      JSON.stringify({
        from: '123456789012',
        fcmMessageId: `fcm-${kind}`,
        priority: 'high',
        notification: { title, body },
        data: { bookingId, bookingNo: dutyNo, kind },
      });
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const driver = registrations.find((r) => r.scopeURL === `${base}/driver/` && !r.isDeleted);
        if (driver) resolve(driver.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    const push = (data: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId, data });
    const shown = () =>
      page.evaluate(async () => {
        const notifications = await (await navigator.serviceWorker.ready).getNotifications();
        return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
      });

    await push(delivered('New duty 23:30', 'Koregaon Park, Pune · MH12AB1001', 'NEW_DUTY'));
    await waitUntil(async () => (await shown()).length === 1, 'the new duty’s notification');
    expect(await shown()).toEqual([
      {
        title: 'New duty 23:30',
        body: 'Koregaon Park, Pune · MH12AB1001',
        tag: `duty-${bookingId}`,
        data: { url: `/driver/duty/${bookingId}` },
      },
    ]);
    await push(delivered('Duty cancelled', 'Koregaon Park, Pune at 23:30', 'DUTY_CANCELLED'));
    await waitUntil(async () => (await shown())[0]?.title === 'Duty cancelled', 'the cancellation');
    expect((await shown()).map((n) => n.title)).toEqual(['Duty cancelled']);
    await cdp.detach();
  }, 60_000);

  /** The km each point of the office's slip holds now. */
  async function serverSlip() {
    const { salesSlip } = await owner.booking.get.query({ id: bookingId });
    return salesSlip.map((p) => [p.point, p.km.toFixed(1)]);
  }

  async function openEvent(label: string) {
    await page.getByRole('group', { name: 'Next on the trip' }).getByRole('button', { name: label }).click();
    await page.getByRole('dialog', { name: label }).waitFor({ state: 'visible' });
  }

  async function fillEvent(km: string) {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Odometer \(km\)/).fill(km);
    await dialog
      .getByTestId('photo-input')
      .setInputFiles({ name: 'odometer.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: /Photo of the odometer/ }).waitFor({ state: 'visible' });
  }

  async function saveEvent(label: string) {
    await page.getByRole('button', { name: `Save: ${label}` }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 });
  }

  /** Records a trip event with its km and a photo, and waits for the status it leads to. */
  async function recordEvent(label: string, km: string, status: string) {
    await openEvent(label);
    await fillEvent(km);
    await saveEvent(label);
    await expectText(page.getByTestId('duty-status'), status);
  }
});

/** Waits until the locator (or page) shows the text. */

async function waitUntil(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not come in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
