import type { Browser, BrowserContext, Page } from 'playwright-core';
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
 * The web app in a real Chromium against `npm start`'s process (embedded: PGlite, in-process events).
 * Phones with fixed codes: the demo owner, a brand-new operator, and a bookings-only clerk.
 */
const OWNER = '+919800000001';
const NEW_PHONE = '+919855500001';
const CLERK = '+919855500002';
const MOVER = '+919855500003';
const MOVED = '+919855500004';
const CODE = '123456';

describe('the web app in Chromium', () => {
  let product: RunningProduct;
  let proc: RunningProcess;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct({
      AUTH_TEST_OTP: [OWNER, NEW_PHONE, CLERK, MOVER, MOVED, '+919800000002']
        .map((p) => `${p}=${CODE}`)
        .join(','),
    });
    ({ base, proc } = product);
    // The demo operator is seeded after the port opens; wait for it.
    const deadline = Date.now() + 60_000;
    while (!proc.output().includes('demo operator seeded') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  beforeEach(async () => {
    context = await browser.newContext({
      viewport: { width: 1360, height: 860 },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  it('signs up a new operator, then signs out and back in', async () => {
    await page.goto(`${base}/auth/enter-phone-number`);
    await screenshot(page, '01-enter-phone');
    await page.getByTestId('phone-input').fill('98123');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectText(page, 'Enter the phone number with country code, e.g. +919812345678');

    await signIn(page, base, NEW_PHONE, CODE, { newOperator: 'Sunrise Cabs' });
    await expectVisible(page.getByTestId('tenant-name').filter({ hasText: 'Sunrise Cabs' }));
    await expectText(page, 'Welcome! Sunrise Cabs is ready.');
    await screenshot(page, '02-signed-up-owner');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth\/enter-phone-number/);
    await signIn(page, base, NEW_PHONE, CODE);
    await expectVisible(page.getByTestId('tenant-name').filter({ hasText: 'Sunrise Cabs' }));
  }, 90_000); // the first flow runs while a first start still delivers the demo's messages

  it('makes no call needing a session on the public pages, signed in or not', async () => {
    // Every procedure a public page asks for (a batch names several, comma-separated). The page that
    // sent a request is its referer: a signed-in page's call still in flight as the next page opens is
    // not the public page's.
    const procedures: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      const referer = request.headers().referer;
      const from = referer ? new URL(referer).pathname : '';
      if (pathname.startsWith('/api/trpc/') && publicPages.includes(from))
        procedures.push(...pathname.slice('/api/trpc/'.length).split(','));
    });
    const publicPages: string[] = [
      '/auth/enter-phone-number',
      '/auth/enter-otp',
      '/auth/login',
      '/privacy-policy',
      '/app-redirect',
      '/feedback/a1b2c3',
      '/digital-duty-slip/a1b2c3',
    ];
    const visitAll = async () => {
      for (const path of publicPages) {
        await page.goto(`${base}${path}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
      }
    };

    await visitAll();
    expect(procedures).toEqual([]);

    // Signed in (the session cookie is sent), the public pages still ask for nothing…
    const asksForPermissions = () =>
      page.waitForRequest((r) => r.url().includes('/api/trpc/') && r.url().includes('user.permissions'), {
        timeout: 20_000,
      });
    const signedIn = asksForPermissions();
    await signIn(page, base, OWNER, CODE);
    await signedIn;
    await page.waitForLoadState('networkidle');
    procedures.length = 0;
    await visitAll();
    expect(procedures).toEqual([]);
    // …while a signed-in page does ask for the permission list.
    const onProfile = asksForPermissions();
    await page.goto(`${base}/profile`);
    await onProfile;
  }, 60_000); // fourteen page loads, each to network idle, while the demo's first start is still busy

  it('sends a visitor without a session to sign in, and back after', async () => {
    await page.goto(`${base}/masters/employees`);
    await page.waitForURL(/\/auth\/enter-phone-number/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/masters/employees');
    // The owner holds view_accept_reject_incoming_requests: both counts load (and refresh every 60 s).
    const counts = page.waitForRequest(
      (r) => r.url().includes('incomingRequestsCount') && r.url().includes('needsAttentionCount'),
      {
        timeout: 20_000,
      },
    );
    await signIn(page, base, OWNER, CODE, { fromCurrentPage: true });
    expect(new URL(page.url()).pathname).toBe('/masters/employees');
    await counts;
  });

  it('shows a holder of only view_booking the Duties group and nothing else', async () => {
    const owner = await apiAs(base, OWNER, CODE);
    const { id } = await owner.permissionProfile.create.mutate({
      name: 'Bookings only',
      permissions: ['view_booking'],
    });
    await owner.employee.create.mutate({ name: 'Clerk Only', phone: CLERK, permissionProfileId: id });
    const countCalls: string[] = [];
    page.on('request', (r) => {
      // The two polled counts of spec §7 (the board's own tab counts need only view_booking).
      if (/incomingRequestsCount|needsAttentionCount/.test(r.url())) countCalls.push(r.url());
    });
    await signIn(page, base, CLERK, CODE);
    await expectVisible(page.getByTestId('nav-group-Duties'));
    await page.waitForTimeout(1500);
    // The clerk lacks view_accept_reject_incoming_requests: the counts are never asked for.
    expect(countCalls).toEqual([]);
    expect(await page.getByTestId('nav-group-Masters').count()).toBe(0);
    expect(await page.getByTestId('nav-group-Operations').count()).toBe(0);
    await expectVisible(page.getByRole('link', { name: 'Duty Failed' }));
    expect(await page.getByRole('link', { name: 'Ongoing' }).getAttribute('href')).toBe(
      '/duties/bookings/Onging',
    );
    await screenshot(page, '03-duties-only');
    // A deep link to a screen the clerk may not open explains why instead of showing it.
    await page.goto(`${base}/masters/employees`);
    await expectText(page, 'You cannot open Employees');
  });

  it('shows a toast for 5 seconds, pauses it on hover, and closes it on a swipe right or Escape', async () => {
    await signIn(page, base, OWNER, CODE);
    await page.goto(`${base}/profile`);
    const save = page.getByRole('button', { name: 'Save' });
    const toast = page.getByTestId('toast');

    // Shown, then gone by itself after 5 seconds.
    await save.click();
    await expectVisible(toast);
    await screenshot(page, '04-profile-with-toast');
    await page.waitForTimeout(5600);
    expect(await toast.count()).toBe(0);

    // A swipe right past 50 px dismisses it — well before its 5 seconds are up.
    await save.click();
    await expectVisible(toast);
    await page.waitForTimeout(300);
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    for (const dx of [30, 60, 90, 120, 150]) await page.mouse.move(box.x + 20 + dx, y, { steps: 3 });
    await page.mouse.up();
    await toast.waitFor({ state: 'detached', timeout: 3000 });

    // Hovering pauses the timer; F8 focuses the notification region; Escape closes it.
    await save.click();
    await expectVisible(toast);
    await toast.hover();
    await page.waitForTimeout(6500);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(5, 5);
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="region"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await toast.waitFor({ state: 'detached', timeout: 3000 });
  });

  it('masquerades as an employee with the watermark, and comes back', async () => {
    await signIn(page, base, OWNER, CODE);
    await page.goto(`${base}/masters/employees?search=Priya`);
    await page.getByRole('button', { name: 'Actions for Priya Nair' }).click();
    await page.getByRole('menuitem', { name: 'Sign in as Priya Nair' }).click();
    await expectVisible(page.getByTestId('masquerade-watermark'));
    await expectText(page, 'You are acting as');
    await screenshot(page, '05-masquerading');
    await page.getByRole('button', { name: 'Back to my account' }).click();
    await page.getByTestId('masquerade-watermark').waitFor({ state: 'detached', timeout: 15_000 });
    await expectVisible(page.getByTestId('user-menu').filter({ hasText: 'Demo Owner' }));
    await page.goto(`${base}/profile`);
    await expectVisible(page.getByTestId('audit-log'));
  });

  it('changes the sign-in number only with the code texted to the new number', async () => {
    const owner = await apiAs(base, OWNER, CODE);
    await owner.employee.create.mutate({ name: 'Mohan Mover', phone: MOVER });
    await signIn(page, base, MOVER, CODE);
    await page.goto(`${base}/profile`);
    await page.getByRole('button', { name: 'Change number' }).click();
    await page.getByTestId('new-phone-input').fill('98123');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectText(page, 'Enter the phone number with country code, e.g. +919812345678');
    await page.getByTestId('new-phone-input').fill(MOVED);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectText(page, 'We sent a 6-digit code to');
    await page.getByLabel('Code for the new number').first().click();
    await page.keyboard.type('000000');
    await expectText(page, 'That code is not right');
    expect(await page.getByTestId('sign-in-phone').inputValue()).toBe(MOVER);
    await screenshot(page, '10-sign-in-number-code');
    await page.getByLabel('Code for the new number').first().click();
    await page.keyboard.type(CODE);
    await expectText(page, `You now sign in with ${MOVED}`);
    await page.waitForFunction(
      (moved) =>
        (document.querySelector('[data-testid="sign-in-phone"]') as HTMLInputElement)?.value === moved,
      MOVED,
    );
  });

  it('ticks a permission’s dependencies in the editor and says why', async () => {
    await signIn(page, base, OWNER, CODE);
    await page.goto(`${base}/masters/permission-profiles`);
    await screenshot(page, '06-permission-profiles');
    await page.getByRole('button', { name: 'Add profile' }).click();
    await page.getByLabel('Name').fill('Invoice cancellers');
    await page.getByRole('textbox', { name: 'Find a permission' }).fill('cancel invoice');
    await page.locator('[data-permission="cancel_invoice"]').check();
    await expectText(page, 'also needs');
    await page.getByRole('textbox', { name: 'Find a permission' }).fill('');
    await page.getByRole('textbox', { name: 'Find a permission' }).fill('invoice');
    for (const dependency of ['manage_invoice', 'create_invoice', 'view_invoice']) {
      expect(await page.locator(`[data-permission="${dependency}"]`).isChecked()).toBe(true);
    }
    await screenshot(page, '07-permission-editor');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectText(page, 'Saved Invoice cancellers.');
  });

  it('runs the thin progress bar on a route change and finishes it', async () => {
    await signIn(page, base, OWNER, CODE);
    await page.goto(`${base}/masters/employees`);
    await expectVisible(page.getByRole('cell', { name: 'Priya Nair' }));
    await page.evaluate(() => {
      const bar = document.querySelector('[role="progressbar"]')!;
      const seen: string[] = [];
      (window as unknown as { progressStates: string[] }).progressStates = seen;
      new MutationObserver(() => seen.push(bar.getAttribute('data-state') ?? '')).observe(bar, {
        attributes: true,
        attributeFilter: ['data-state'],
      });
    });
    await page.getByRole('link', { name: 'Permission Profiles' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Permission Profiles' }));
    await page.waitForTimeout(600);
    const states = await page.evaluate(
      () => (window as unknown as { progressStates: string[] }).progressStates,
    );
    expect(states).toContain('running');
    expect(states.at(-1)).toBe('idle');
    expect(await page.locator('.mantine-Loader-root').count()).toBe(0);
  });

  it('keeps deep links, filters included, across a reload', async () => {
    await signIn(page, base, OWNER, CODE);
    await page.goto(`${base}/masters/employees?search=Arjun`);
    await expectVisible(page.getByRole('cell', { name: 'Arjun Mehta' }));
    await page.reload();
    await expectVisible(page.getByRole('cell', { name: 'Arjun Mehta' }));
    expect(await page.getByTestId('list-row').count()).toBe(1);
    await screenshot(page, '08-employees-filtered');
    await page.goto(`${base}/duties/bookings/all`);
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Duties' }));
    await screenshot(page, '09-duties-all');
    await page.goto(`${base}/privacy-policy`);
    await expectVisible(page.getByRole('heading', { name: 'Privacy policy' }));
    await page.goto(`${base}/app-redirect`);
    await expectVisible(page.getByRole('heading', { name: 'Fleet driver app' }));
  });
});

async function expectVisible(locator: import('playwright-core').Locator) {
  await locator.first().waitFor({ state: 'visible', timeout: 15_000 });
}
