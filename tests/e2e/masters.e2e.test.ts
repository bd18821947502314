import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  closePermissions,
  financialYearOf,
  MASTERS,
  type MasterDefinition,
  operatorDate,
  PREFIX_TEMPLATE_MESSAGE,
} from '@fleet/domain';
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
 * Setting up an operator from scratch through the master screens, in a real Chromium against `npm
 * start`'s process: business settings, a tax, a vehicle group, a vehicle with a lapsed insurance and
 * its uploaded copy, a duty type, a driver, a customer with billing details, a supplier with a bank
 * account, and a rate card; then the vehicle is deactivated. The steps build on each other, in order.
 */
const OWNER = '+919855600001';
const CLERK = '+919855600002';
const CODE = '123456';

describe('setting up masters in Chromium', () => {
  let product: RunningProduct;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct({ DEMO_DATA: 'false', AUTH_TEST_OTP: `${OWNER}=${CODE},${CLERK}=${CODE}` });
    base = product.base;
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1360, height: 900 },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    page = await context.newPage();
    await signIn(page, base, OWNER, CODE, { newOperator: 'Konkan Cabs' }).catch(async (error) => {
      await screenshot(page, 'masters-failed-sign-up').catch(() => undefined);
      throw error;
    });
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  const drawer = () => page.getByRole('dialog');
  // A required field's label ends in Mantine's asterisk.
  const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
  const field = (label: string, within: Locator = drawer()) => within.getByLabel(labelled(label));

  async function openAdd(path: string, button: string) {
    await page.goto(`${base}/masters/${path}`);
    await page.getByRole('button', { name: button }).click();
    await drawer().waitFor({ state: 'visible' });
  }

  async function choose(label: string, option: string, within: Locator = drawer()) {
    const input = field(label, within);
    await input.click();
    await input.fill(option);
    await page.getByRole('option', { name: option, exact: true }).first().click();
  }

  async function openSection(name: string) {
    const header = drawer().getByRole('button', { name, exact: true });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  }

  async function save(name: string) {
    await drawer().getByRole('button', { name: 'Save' }).click();
    await expectText(page, `Saved ${name}.`);
    await drawer().waitFor({ state: 'hidden' });
  }

  /** One repeated row of a rows field ("Billing detail 1"), so its inputs are told from the form's own. */
  const row = (name: string) => drawer().getByRole('group', { name, exact: true });

  /** A row's "•••" menu on the list, then one of its actions. */
  async function rowAction(name: string, action: string) {
    await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: action }).click();
  }

  /** The input is marked invalid and the message is the one its aria-describedby points at. */
  async function expectFieldError(input: Locator, message: string) {
    await expectVisible(drawer().getByText(message));
    await expectAttribute(input, 'aria-invalid', 'true');
    const described = (await input.getAttribute('aria-describedby')) ?? '';
    const texts = await Promise.all(
      described
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(texts.join(' ')).toContain(message);
  }

  /** A step that leaves a screenshot behind when it fails, to show what the page looked like. */
  const step = (name: string, body: () => Promise<void>) =>
    it(name, async () => {
      try {
        await body();
      } catch (error) {
        await screenshot(page, `masters-failed-${name.replace(/\W+/g, '-')}`).catch(() => undefined);
        throw error;
      }
    }, 120_000);

  step('saves the business settings', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Business Settings' }).click();
    await page.waitForURL(/\/business-settings$/);
    const form = page.getByRole('form', { name: 'Business settings form' });
    await field('Business name', form).fill('Konkan Cabs Pvt Ltd');
    await choose('GST on car hire', '18% with full input credit', form);
    await form.getByRole('button', { name: 'Save' }).click();
    await expectText(page, 'Business settings saved.');
    await screenshot(page, 'masters-01-business-settings');

    await page.reload();
    await expectValue(field('Business name', form), 'Konkan Cabs Pvt Ltd');
    await expectValue(field('GST on car hire', form), '18% with full input credit');
  });

  step('adds a tax', async () => {
    await openAdd('taxes', 'Add tax');
    await field('Name').fill('IGST 5%');
    await field('Percentage').fill('5');
    await save('IGST 5%');
    await expectVisible(page.getByRole('cell', { name: 'IGST 5%' }));
    await expectVisible(page.getByRole('cell', { name: '5.00%' }));
  });

  step('adds a vehicle group and a vehicle whose insurance has lapsed', async () => {
    await openAdd('vehicle-groups', 'Add vehicle group');
    await field('Name').fill('Sedan');
    await field('Seating capacity').fill('4');
    await save('Sedan');
    await expectVisible(page.getByRole('cell', { name: 'Sedan' }));

    await openAdd('vehicles', 'Add vehicle');
    await field('Vehicle number').fill('MH 12 AB-1234');
    await field('Model').fill('Maruti Dzire');
    await choose('Vehicle group', 'Sedan');
    await choose('Fuel type', 'Diesel');
    await openSection('Documents');
    await field('Insurance valid until').fill('01/01/2024');
    const pdf = join(product.dataDir, 'insurance.PDF');
    writeFileSync(pdf, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
    const chooser = page.waitForEvent('filechooser');
    await drawer().getByRole('button', { name: 'Upload Insurance copy' }).click();
    await (await chooser).setFiles(pdf);
    await expectVisible(drawer().getByRole('link', { name: 'insurance.PDF' }));
    await screenshot(page, 'masters-02-vehicle-form');
    await save('MH12AB1234');
    await expectVisible(page.getByRole('cell', { name: 'MH12AB1234' }));
    await expectText(page, 'Insurance lapsed');
    await screenshot(page, 'masters-03-vehicles');
  });

  step('adds a duty type', async () => {
    await openAdd('duty-types', 'Add duty type');
    await field('Name').fill('8 Hrs 80 Kms');
    await choose('Kind', 'Local');
    await field('Km included').fill('80');
    await field('Hours included').fill('8');
    await save('8 Hrs 80 Kms');
    const row = page.getByRole('row', { name: /8 Hrs 80 Kms/ });
    await expectVisible(row.getByRole('cell', { name: 'Local', exact: true }));
    await expectVisible(row.getByRole('cell', { name: '80', exact: true }));
  });

  step('adds a driver with a lapsed licence, refusing a mobile number without country code', async () => {
    await openAdd('drivers', 'Add driver');
    await field('Name').fill('Ramesh Patil');
    await field('Mobile number').fill('98123');
    await openSection('Licence, badge and police verification');
    await field('Driving licence number').fill('mh1220110012345');
    await field('Licence valid until').fill('15/06/2024');
    await drawer().getByRole('button', { name: 'Save' }).click();
    await expectFieldError(
      field('Mobile number'),
      'Enter the phone number with country code, e.g. +919812345678',
    );
    await screenshot(page, 'masters-04-driver-bad-mobile');
    await expectVisible(drawer());

    await field('Mobile number').fill('+919812300001');
    await save('Ramesh Patil');
    // The refused attempt saved nothing: the one driver there is got the first number.
    const rows = page.getByRole('row', { name: /Ramesh Patil/ });
    await expectVisible(rows);
    expect(await rows.count()).toBe(1);
    await expectVisible(rows.getByRole('cell', { name: '1', exact: true }));
    await expectVisible(rows.getByRole('cell', { name: '+919812300001' }));
    await expectVisible(rows.getByRole('cell', { name: 'MH1220110012345' }));
    await expectVisible(rows.getByText('Licence lapsed'));

    const expiring = page.getByRole('combobox', { name: 'Documents expiring' });
    await expiring.click();
    await page.getByRole('option', { name: 'Lapsed already' }).click();
    await page.waitForURL(/expiring=0/);
    await expectVisible(page.getByRole('row', { name: /Ramesh Patil/ }));
    await screenshot(page, 'masters-05-drivers-lapsed');
  });

  step('adds a customer with a billing detail, refusing a mistyped GSTIN', async () => {
    await openAdd('customers', 'Add customer');
    await field('Name').fill('Acme Logistics');
    await field('Phone').fill('+912226543210');
    await openSection('Billing details');
    await drawer().getByRole('button', { name: 'Add billing detail' }).click();
    const billing = row('Billing detail 1');
    await field('Billing name', billing).fill('Acme Logistics Pvt Ltd');
    await field('GSTIN', billing).fill('27AAPFU0939F1ZX');
    await field('Address', billing).fill('Plot 12, MIDC, Andheri East, Mumbai');
    await choose('State', 'Maharashtra', billing);
    await drawer().getByRole('button', { name: 'Save' }).click();
    await expectFieldError(
      field('GSTIN', billing),
      'This GSTIN is not valid: one of its characters is mistyped',
    );
    await screenshot(page, 'masters-06-customer-bad-gstin');

    await field('GSTIN', billing).fill('27AAPFU0939F1ZV');
    await save('Acme Logistics');
    await expectVisible(page.getByRole('cell', { name: 'Acme Logistics' }));

    await rowAction('Acme Logistics', 'Edit');
    await drawer().waitFor({ state: 'visible' });
    await openSection('Billing details');
    await expectValue(field('Billing name', row('Billing detail 1')), 'Acme Logistics Pvt Ltd');
    await expectValue(field('GSTIN', row('Billing detail 1')), '27AAPFU0939F1ZV');
    await expectValue(field('State', row('Billing detail 1')), 'Maharashtra');
    await screenshot(page, 'masters-07-customer-edit');
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });
  });

  step(
    'adds a company profile whose prefixes show their first number, refusing one without {FY}',
    async () => {
      await openAdd('companies', 'Add company');
      await field('Legal name').fill('Konkan Cabs Pvt Ltd');
      await choose('State', 'Maharashtra');
      await field('Address').fill('12 FC Road, Pune');
      await save('Konkan Cabs Pvt Ltd');

      const fy = financialYearOf(operatorDate(new Date())).short;
      await openAdd('company-profiles', 'Add company profile');
      await field('Profile name').fill('Konkan invoices');
      await choose('Company', 'Konkan Cabs Pvt Ltd');
      await expectVisible(
        drawer().getByText(`Left empty, the first number this financial year: INV/${fy}/0001`),
      );
      await field('Invoice number prefix').fill('KC/26-27/');
      await expectVisible(drawer().getByText('Put {FY} in the prefix to see its first number.'));
      await drawer().getByRole('button', { name: 'Save' }).click();
      await expectFieldError(field('Invoice number prefix'), PREFIX_TEMPLATE_MESSAGE);
      await field('Invoice number prefix').fill('KC/{FY}/');
      await expectVisible(drawer().getByText(`First number this financial year: KC/${fy}/0001`));
      await screenshot(page, 'masters-07b-company-profile-prefix');
      await save('Konkan invoices');
    },
  );

  step('adds a driver-cum-owner supplier with a bank account', async () => {
    await openAdd('suppliers', 'Add supplier');
    await field('Name').fill('Sandeep Jadhav');
    await choose('Supplier type', 'Driver-cum-owner (DCO)');
    await drawer().getByRole('button', { name: 'Add bank account' }).click();
    const bank = row('Bank account 1');
    await field('Account holder', bank).fill('Sandeep Jadhav');
    await field('Bank', bank).fill('HDFC Bank');
    await field('Account number', bank).fill('50100123456789');
    await field('IFSC', bank).fill('hdfc0000123');
    await save('Sandeep Jadhav');
    const rows = page.getByRole('row', { name: /Sandeep Jadhav/ });
    await expectVisible(rows.getByRole('cell', { name: 'Driver-cum-owner (DCO)' }));

    await rowAction('Sandeep Jadhav', 'Edit');
    await expectValue(field('IFSC', row('Bank account 1')), 'HDFC0000123');
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });
  });

  step('adds a customer rate card and refuses an overlapping contract', async () => {
    const fillContract = async (name: string, from: string, until: string) => {
      await openAdd('pricing', 'Add rate card');
      await field('Contract name').fill(name);
      await choose('For', 'A customer (sales)');
      await choose('Customer', 'Acme Logistics');
      await choose('Duty type', '8 Hrs 80 Kms');
      await choose('Vehicle group', 'Sedan');
      await choose('City', 'Mumbai');
      await field('Contract from').fill(from);
      await field('Contract until').fill(until);
      await openSection('Rates');
      await field('Base rate').fill('2000');
      await field('Extra km rate').fill('14');
      await field('Extra hour rate').fill('150');
    };
    await fillContract('Acme Mumbai 2026-27', '01/04/2026', '31/03/2027');
    await screenshot(page, 'masters-08-rate-card-form');
    await save('Acme Mumbai 2026-27');
    const card = page.getByRole('row', { name: /Acme Mumbai 2026-27/ });
    await expectVisible(card.getByRole('cell', { name: '₹2,000.00' }));
    await expectVisible(card.getByRole('cell', { name: 'Mumbai', exact: true }));
    await expectVisible(card.getByRole('cell', { name: '31/03/2027' }));
    await screenshot(page, 'masters-09-pricing');

    await fillContract('Acme Mumbai festive', '01/10/2026', '31/12/2026');
    await drawer().getByRole('button', { name: 'Save' }).click();
    await expectVisible(
      drawer().getByText(
        'Another contract for this duty type, city and vehicle group runs on some of these dates',
      ),
    );
    await screenshot(page, 'masters-10-rate-card-overlap');
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });
    await page.reload();
    await expectVisible(page.getByRole('row', { name: /Acme Mumbai 2026-27/ }));
    expect(await page.getByRole('row', { name: /Acme Mumbai festive/ }).count()).toBe(0);
  });

  step(
    'filters rate cards by a city and a customer found by typing, and keeps the filter in the link',
    async () => {
      await page.goto(`${base}/masters/pricing`);
      const card = page.getByRole('row', { name: /Acme Mumbai 2026-27/ });
      await expectVisible(card);
      const pick = async (filter: string, typed: string, option: string) => {
        const input = page.getByRole('combobox', { name: filter, exact: true });
        await input.click();
        await input.fill(typed);
        await page.getByRole('option', { name: option, exact: true }).click();
        await page.keyboard.press('Escape');
      };
      await pick('From Cities', 'Pun', 'Pune');
      await expectText(page, 'No pricing match');
      await page.goto(`${base}/masters/pricing`);
      await pick('Customers', 'acme', 'Acme Logistics');
      await expectVisible(card);
      expect(decodeURIComponent(page.url())).toContain('customers');
      await page.reload();
      await expectVisible(card);
      // The chosen customer is named in its pill (looked up by id), not shown as an id.
      await expectVisible(page.locator('.mantine-MultiSelect-pill', { hasText: 'Acme Logistics' }));
    },
  );

  step('deactivates the vehicle, which then lists under Inactive', async () => {
    await page.goto(`${base}/masters/vehicles`);
    const cell = page.getByRole('cell', { name: 'MH12AB1234', exact: true });
    await expectVisible(cell);
    await rowAction('MH12AB1234', 'Deactivate');
    await expectText(page, 'MH12AB1234 is now inactive.');
    await cell.waitFor({ state: 'detached', timeout: 15_000 });
    await expectText(page, 'No vehicles match');

    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Inactive', { exact: true }).click();
    const vehicle = page.getByRole('row', { name: /MH12AB1234/ });
    await expectVisible(vehicle.getByText('Inactive', { exact: true }));
    await screenshot(page, 'masters-11-inactive-vehicles');
  });

  step('opens every master screen and Business Settings for the owner', async () => {
    for (const definition of (MASTERS as readonly MasterDefinition[]).filter((m) => m.path)) {
      await page.goto(`${base}/masters/${definition.path}`);
      await expectVisible(page.getByRole('heading', { name: definition.many, exact: true }));
      // Loaded: rows, or the list's own empty message — never the error panel.
      await expectVisible(page.locator('tbody tr').or(page.getByText(`No ${definition.many.toLowerCase()}`)));
      expect(await page.getByTestId('list-error').count()).toBe(0);
      if (!definition.readOnly) {
        await expectVisible(page.getByRole('button', { name: `Add ${definition.one.toLowerCase()}` }));
      }
    }
    await page.goto(`${base}/business-settings`);
    await expectValue(
      field('Business name', page.getByRole('form', { name: 'Business settings form' })),
      'Konkan Cabs Pvt Ltd',
    );
  });

  step(
    'shows a holder of only view_vehicle the Vehicles screen, read-only, and nothing else of the masters',
    async () => {
      const owner = await apiAs(base, OWNER, CODE);
      const { id } = await owner.permissionProfile.create.mutate({
        name: 'Vehicles, read only',
        permissions: closePermissions(['view_vehicle']),
      });
      await owner.employee.create.mutate({ name: 'Yard Clerk', phone: CLERK, permissionProfileId: id });
      const clerkContext = await browser.newContext({ viewport: { width: 1360, height: 900 } });
      const clerk = await clerkContext.newPage();
      try {
        await signIn(clerk, base, CLERK, CODE);
        const nav = clerk.getByRole('navigation', { name: 'Main navigation' });
        await expectVisible(nav.getByRole('link', { name: 'Vehicles', exact: true }));
        expect(await nav.getByRole('link').allTextContents()).toEqual(['Vehicles']);

        await clerk.goto(`${base}/masters/vehicles`);
        await clerk.getByRole('radiogroup', { name: 'Show' }).getByText('Inactive', { exact: true }).click();
        await expectVisible(clerk.getByRole('cell', { name: 'MH12AB1234', exact: true }));
        expect(await clerk.getByRole('button', { name: 'Add vehicle' }).count()).toBe(0);
        // Fuel types are the vehicle's own choices; groups and suppliers are masters the clerk cannot list.
        await expectVisible(clerk.getByRole('combobox', { name: 'Fuel Types', exact: true }));
        expect(await clerk.getByRole('combobox', { name: 'Vehicle Groups', exact: true }).count()).toBe(0);
        expect(await clerk.getByRole('combobox', { name: 'Suppliers', exact: true }).count()).toBe(0);
        await screenshot(clerk, 'masters-12-vehicles-read-only');

        for (const [path, title] of [
          ['drivers', 'Drivers'],
          ['pricing', 'Pricing'],
        ]) {
          await clerk.goto(`${base}/masters/${path}`);
          await expectText(clerk, `You cannot open ${title}`);
        }
        await clerk.goto(`${base}/business-settings`);
        await expectText(clerk, 'You cannot open Business settings');
      } finally {
        await clerkContext.close();
      }
    },
  );
});

async function expectVisible(locator: Locator) {
  await locator.first().waitFor({ state: 'visible', timeout: 15_000 });
}

async function expectValue(locator: Locator, value: string) {
  await expectAttribute(locator, 'value', value, (l) => l.inputValue());
}

/** Waits for an attribute (or what `read` reads) to become the value, as the page settles. */
async function expectAttribute(
  locator: Locator,
  name: string,
  value: string,
  read: (l: Locator) => Promise<string | null> = (l) => l.getAttribute(name),
) {
  const deadline = Date.now() + 15_000;
  let seen: string | null = null;
  while (Date.now() < deadline) {
    seen = await read(locator.first()).catch(() => null);
    if (seen === value) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Expected ${name} ${JSON.stringify(value)}, saw ${JSON.stringify(seen)} (${locator})`);
}
