// GetTypedRecords, as another service's read model asks it: the records of the kinds other services
// copy, as the typed messages their events carry, only the asking operator's, with bad asks refused;
// business settings, one record per operator, asked for with no ids.
import { randomUUID } from 'node:crypto';
import { callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { bootMasters, type MastersHarness } from './support';

let h: MastersHarness;
const T = randomUUID();
let group: string;
let local8h: string;

beforeAll(async () => {
  h = await bootMasters();
  group = (await h.create(T, 'vehicle_group', { name: 'Sedan' })).id;
  local8h = (await h.create(T, 'duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 }))
    .id;
});
afterAll(() => h?.close());

it('gives the typed records of the ids asked for, and leaves out what is not the operator’s', async () => {
  const driver = await h.create(T, 'driver', { name: 'Ravi Kumar', phone: '+919800011111' });
  const vehicle = await h.create(T, 'vehicle', {
    vehicle_no: 'MH12AB1234',
    vehicle_model: 'Dzire',
    vehicle_group_id: group,
    vehicle_fuel_type: 'DIESEL',
    driver_id: driver.id,
    insurance_expiry: '2027-01-31',
  });
  const otherOperator = randomUUID();
  const otherGroup = (await h.create(otherOperator, 'vehicle_group', { name: 'SUV' })).id;
  const theirs = await h.create(otherOperator, 'vehicle', {
    vehicle_no: 'KA01XY0001',
    vehicle_model: 'Innova',
    vehicle_group_id: otherGroup,
    vehicle_fuel_type: 'DIESEL',
  });

  const found = await h.client.getTypedRecords(
    { kind: 'vehicle', ids: [vehicle.id, theirs.id, randomUUID()] },
    callAs(h.callerFor(T, [])),
  );
  expect(found.vehicles.map((v) => [v.id, v.vehicleNo, v.driverId, v.insuranceExpiry, v.isActive])).toEqual([
    [vehicle.id, 'MH12AB1234', driver.id, '2027-01-31', true],
  ]);
  const types = await h.client.getTypedRecords({ kind: 'duty_type', ids: [local8h] }, callAs(h.callerFor(T)));
  expect(types.dutyTypes.map((d) => [d.name, d.maxKm, d.maxHr])).toEqual([['8 Hrs 80 Kms', 80, 8]]);
});

it('gives the fuel stations the fuel log names, with whether the fleet fills on credit there', async () => {
  const station = await h.create(T, 'fuel_station', {
    name: 'HP Baner Road',
    brand: 'HP',
    city_id: 'mh-pune',
    has_credit_account: true,
  });
  const found = await h.client.getTypedRecords(
    { kind: 'fuel_station', ids: [station.id] },
    callAs(h.callerFor(T)),
  );
  expect(found.fuelStations.map((s) => [s.id, s.name, s.brand, s.cityId, s.hasCreditAccount])).toEqual([
    [station.id, 'HP Baner Road', 'HP', 'mh-pune', true],
  ]);
});

it('gives what invoicing reads: companies, their profiles, taxes, billing items and bank accounts', async () => {
  const account = await h.create(T, 'bank_account', {
    name: 'ICICI current',
    account_holder: 'Deccan Travels',
    bank_name: 'ICICI Bank',
    account_no: '000405001234',
    ifsc: 'ICIC0000004',
  });
  const company = await h.create(T, 'company', {
    name: 'Deccan Travels',
    gst_no: '29AAPFU0939F1ZR',
    state_id: 'KA',
    address: 'MG Road, Bengaluru',
    bank_account_id: account.id,
  });
  const profile = await h.create(T, 'company_profile', {
    name: 'Bengaluru',
    company_id: company.id,
    invoice_prefix: 'BLR-{FY}-',
  });
  const tax = await h.create(T, 'tax', { name: 'CGST 2.5%', percentage: '2.5' });
  const parking = await h.create(T, 'billing_item', { name: 'Parking', tax_id: tax.id, is_taxable: true });
  const otherOperator = randomUUID();
  const theirTax = await h.create(otherOperator, 'tax', { name: 'SGST 2.5%', percentage: '2.5' });
  const as = callAs(h.callerFor(T, []));

  const { companies } = await h.client.getTypedRecords({ kind: 'company', ids: [company.id] }, as);
  expect(companies.map((c) => [c.id, c.gstNo, c.stateId, c.cityId, c.bankAccountId, c.isPrimary])).toEqual([
    [company.id, '29AAPFU0939F1ZR', 'KA', '', account.id, false],
  ]);
  const { companyProfiles } = await h.client.getTypedRecords(
    { kind: 'company_profile', ids: [profile.id] },
    as,
  );
  expect(companyProfiles.map((p) => [p.id, p.companyId, p.invoicePrefix])).toEqual([
    [profile.id, company.id, 'BLR-{FY}-'],
  ]);
  const { taxes } = await h.client.getTypedRecords({ kind: 'tax', ids: [tax.id, theirTax.id] }, as);
  expect(taxes.map((t) => [t.id, t.name, t.percentage, t.isActive])).toEqual([
    [tax.id, 'CGST 2.5%', '2.50', true],
  ]);
  const { billingItems } = await h.client.getTypedRecords({ kind: 'billing_item', ids: [parking.id] }, as);
  expect(billingItems.map((b) => [b.id, b.name, b.isTaxable, b.taxId, b.sacCode])).toEqual([
    [parking.id, 'Parking', true, tax.id, ''],
  ]);
  const { bankAccounts } = await h.client.getTypedRecords({ kind: 'bank_account', ids: [account.id] }, as);
  expect(bankAccounts.map((a) => [a.id, a.accountNo, a.ifsc, a.accountType])).toEqual([
    [account.id, '000405001234', 'ICIC0000004', ''],
  ]);
});

it('gives the operator’s business settings when asked with no ids: none before the first save', async () => {
  const operator = randomUUID();
  const as = callAs(h.callerFor(operator, []));
  const before = await h.client.getTypedRecords({ kind: 'business_settings', ids: [] }, as);
  expect(before.businessSettings).toEqual([]);

  const { record } = await h.client.saveSettings(
    {
      kind: 'business_settings',
      valuesJson: JSON.stringify({
        business_name: 'Konkan Cabs',
        invoice_due_in_days: 30,
        slip_auto_accept_hours: 24,
      }),
    },
    callAs(h.callerFor(operator)),
  );
  await h.client.saveSettings(
    { kind: 'business_settings', valuesJson: JSON.stringify({ business_name: 'Another operator' }) },
    callAs(h.callerFor(randomUUID())),
  );
  const after = await h.client.getTypedRecords({ kind: 'business_settings', ids: [] }, as);
  expect(
    after.businessSettings.map((s) => [
      s.id,
      s.businessName,
      s.invoiceDueInDays,
      s.slipAutoAcceptHours,
      s.timeZone,
    ]),
  ).toEqual([[record!.id, 'Konkan Cabs', 30, 24, 'Asia/Kolkata']]);

  const withIds = await expectDomainError(
    h.client.getTypedRecords({ kind: 'business_settings', ids: [record!.id] }, as),
  );
  expect(withIds.fieldViolations.map((v) => v.field)).toEqual(['ids']);
});

it('refuses a kind no read model copies, too many ids and ids that are not ids', async () => {
  const owner = callAs(h.callerFor(T));
  const kind = await expectDomainError(h.client.getTypedRecords({ kind: 'branch', ids: [] }, owner));
  expect(kind.fieldViolations.map((v) => v.field)).toEqual(['kind']);
  const many = Array.from({ length: 101 }, () => randomUUID());
  const tooMany = await expectDomainError(h.client.getTypedRecords({ kind: 'vehicle', ids: many }, owner));
  expect(tooMany.fieldViolations.map((v) => v.field)).toEqual(['ids']);
  const notAnId = await expectDomainError(
    h.client.getTypedRecords({ kind: 'vehicle', ids: [randomUUID(), "1' or 1=1"] }, owner),
  );
  expect(notAnId.fieldViolations.map((v) => v.field)).toEqual(['ids.1']);
});
