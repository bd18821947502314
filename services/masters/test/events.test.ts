// What other services hear about masters, read off a real JetStream as a consumer would: every change of
// a vehicle, vehicle group, driver, customer, supplier, duty type, rate card or label, and of what invoicing reads (companies,
// company profiles, taxes, billing items, bank accounts, business settings), is published on
// fleet.masters.<kind>.<created|updated|deactivated|activated> as its own typed message (VehicleChanged,
// CompanyChanged…) carrying the record as it now is, the operator, what happened and who did it; the
// other masters keep the generic MasterChanged; a write that is refused publishes nothing.
import { randomUUID } from 'node:crypto';
import { type DescMessage, fromBinary, type MessageShape } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { type BusMessage, type Caller, callAs, EVENT_HEADERS, type Subscription } from '@fleet/platform';
import {
  BankAccountChangedSchema,
  BillingItemChangedSchema,
  BusinessSettingsChangedSchema,
  ChangeKind,
  CompanyChangedSchema,
  CompanyProfileChangedSchema,
  CustomerChangedSchema,
  DriverChangedSchema,
  DutyTypeChangedSchema,
  LabelChangedSchema,
  MasterChangedSchema,
  RateCardChangedSchema,
  SupplierChangedSchema,
  TaxChangedSchema,
  VehicleChangedSchema,
  VehicleGroupChangedSchema,
} from '@fleet/proto/fleet/masters/v1/events_pb';
import { RateParty } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import { recordValues } from '@fleet/testing';
import { MASTER_CHANGES, masterEvent, TYPED_EVENT_KINDS } from '../src';
import { bootMasters, type MastersHarness } from './support';

let h: MastersHarness;
let subscription: Subscription;
const heard: BusMessage[] = [];
const T = randomUUID();
let owner: Caller;
let groupId: string;

beforeAll(async () => {
  h = await bootMasters();
  owner = h.callerFor(T);
  subscription = await h.testBus.bus.subscribe({
    durable: 'masters-events-test',
    subjects: ['fleet.masters.>'],
    async deliver(message) {
      heard.push(message);
    },
  });
  groupId = (await h.create(T, 'vehicle_group', { name: 'Sedan' })).id;
});
afterAll(async () => {
  await subscription?.stop();
  await h?.close();
});

/** The events on `subject` (a NATS filter) heard after `from`, waiting until there are `count`. */
async function heardOn(filter: RegExp, from: number, count: number): Promise<BusMessage[]> {
  const deadline = Date.now() + 10_000;
  const matching = () => heard.slice(from).filter((m) => filter.test(m.subject));
  while (matching().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return matching();
}

/** Decodes an event as the message its type header names, checking the header names `schema`. */
function decode<S extends DescMessage>(schema: S, message: BusMessage): MessageShape<S> {
  expect(message.headers[EVENT_HEADERS.type]).toBe(schema.typeName);
  return fromBinary(schema, message.data);
}

const vehicle = (no: string, more: Record<string, string> = {}) => ({
  vehicle_no: no,
  vehicle_model: 'Dzire',
  vehicle_group_id: groupId,
  vehicle_fuel_type: 'CNG',
  ...more,
});

describe('vehicles', () => {
  it('publishes VehicleChanged on created, updated, deactivated and activated, the vehicle as it now is', async () => {
    const from = heard.length;
    const { record: created } = await h.client.createRecord(
      {
        kind: 'vehicle',
        valuesJson: JSON.stringify(
          vehicle('mh 12 ab-1234', { loan_emi: '18,250.5', insurance_expiry: '2030-01-31' }),
        ),
      },
      callAs(owner),
    );
    const id = created!.id;
    await h.client.updateRecord(
      {
        kind: 'vehicle',
        id,
        valuesJson: JSON.stringify(vehicle('MH12AB1234', { vehicle_model: 'Dzire Tour S', colour: 'White' })),
      },
      callAs(owner),
    );
    await h.client.setRecordActive({ kind: 'vehicle', id, isActive: false }, callAs(owner));
    await h.client.setRecordActive({ kind: 'vehicle', id, isActive: true }, callAs(owner));

    const events = await heardOn(/^fleet\.masters\.vehicle\./, from, 4);
    expect(events.map((e) => e.subject)).toEqual(
      MASTER_CHANGES.map((change) => `fleet.masters.vehicle.${change}`),
    );
    const decoded = events.map((e) => decode(VehicleChangedSchema, e));
    expect(decoded.map((e) => e.change)).toEqual([
      ChangeKind.CREATED,
      ChangeKind.UPDATED,
      ChangeKind.DEACTIVATED,
      ChangeKind.ACTIVATED,
    ]);
    for (const event of decoded) {
      expect(event.tenantId).toBe(T);
      expect(event.changedByUserId).toBe(owner.userId);
      expect(event.vehicle!.id).toBe(id);
      // Stored as the service normalises it: capitals, no spaces or dashes.
      expect(event.vehicle!.vehicleNo).toBe('MH12AB1234');
      expect(event.vehicle!.vehicleGroupId).toBe(groupId);
      expect(event.vehicle!.vehicleFuelType).toBe('CNG');
      expect(event.vehicle!.isAvailableForBooking).toBe(true);
      expect(timestampDate(event.vehicle!.createdAt!)).toBeInstanceOf(Date);
    }
    const [first, second] = decoded;
    expect(first!.vehicle).toMatchObject({
      vehicleModel: 'Dzire',
      // Money as exact decimal text, two places; a date as YYYY-MM-DD; nothing set is '' or absent.
      loanEmi: '18250.50',
      insuranceExpiry: '2030-01-31',
      colour: '',
      driverId: '',
    });
    expect(first!.vehicle!.vehicleSeatingCapacity).toBeUndefined();
    expect(second!.vehicle).toMatchObject({ vehicleModel: 'Dzire Tour S', colour: 'White', loanEmi: '' });
    expect(decoded.map((e) => e.vehicle!.isActive)).toEqual([true, true, false, true]);
    // The service's own event types name the same subjects and message.
    expect(events.map((e) => e.subject)).toEqual(
      MASTER_CHANGES.map((c) => masterEvent('vehicle', c).subject),
    );
    expect(masterEvent('vehicle', 'created').schema.typeName).toBe('fleet.masters.v1.VehicleChanged');
    // Headers say which operator; each event has its own id.
    expect(events.every((e) => e.headers[EVENT_HEADERS.tenantId] === T)).toBe(true);
    expect(new Set(events.map((e) => e.id)).size).toBe(4);
  });

  it('publishes nothing for a refused write, nor for activating what is already active', async () => {
    const start = heard.length;
    const existing = await h.create(T, 'vehicle', vehicle('KA01AB0001'));
    await heardOn(/^fleet\.masters\.vehicle\./, start, 1);
    const from = heard.length;

    // Duplicate number, invalid values, a missing record, no permission: all refused.
    await expect(h.create(T, 'vehicle', vehicle('ka-01-ab-0001'))).rejects.toThrow();
    await expect(
      h.create(T, 'vehicle', vehicle('KA01AB0002', { vehicle_fuel_type: 'STEAM' })),
    ).rejects.toThrow();
    await expect(
      h.client.updateRecord(
        { kind: 'vehicle', id: randomUUID(), valuesJson: JSON.stringify(vehicle('KA01AB0003')) },
        callAs(owner),
      ),
    ).rejects.toThrow();
    const viewer = h.callerFor(T, ['view_vehicle']);
    await expect(
      h.client.setRecordActive({ kind: 'vehicle', id: existing.id, isActive: false }, callAs(viewer)),
    ).rejects.toThrow();
    // Activating an active vehicle changes nothing, so says nothing.
    await h.client.setRecordActive({ kind: 'vehicle', id: existing.id, isActive: true }, callAs(owner));

    // A write that does succeed afterwards is the next thing heard: nothing came before it.
    const marker = await h.create(T, 'vehicle', vehicle('KA01AB0009'));
    await heardOn(/^fleet\.masters\./, from, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.slice(from).map((e) => [e.subject, decode(VehicleChangedSchema, e).vehicle!.id])).toEqual([
      ['fleet.masters.vehicle.created', marker.id],
    ]);
  });
});

describe('the other masters other services read', () => {
  it('publishes DriverChanged with the number the service gave, pay as decimal text and documents', async () => {
    const from = heard.length;
    const driver = await h.create(T, 'driver', {
      name: 'Ravi Kumar',
      phone: '+919876543210',
      monthly_salary: '18000',
      daily_allowance: '350.5',
      licence_no: 'mh14 20110062821',
      licence_expiry: '2031-05-31',
      gender: 'MALE',
    });
    const [event] = await heardOn(/^fleet\.masters\.driver\./, from, 1);
    expect(event!.subject).toBe('fleet.masters.driver.created');
    const { driver: sent, change, tenantId } = decode(DriverChangedSchema, event!);
    expect([change, tenantId]).toEqual([ChangeKind.CREATED, T]);
    expect(sent).toMatchObject({
      id: driver.id,
      userRecordId: 1,
      name: 'Ravi Kumar',
      phone: '+919876543210',
      gender: 'MALE',
      monthlySalary: '18000.00',
      dailyWage: '',
      licenceNo: 'MH14 20110062821',
      licenceExpiry: '2031-05-31',
      isContractor: false,
      isActive: true,
    });
    expect(sent!.allowances).toMatchObject({ dailyAllowance: '350.50', nightAllowance: '' });
  });

  it('publishes CustomerChanged and SupplierChanged: the connection they share and what is their own', async () => {
    const from = heard.length;
    const customerGroup = await h.create(T, 'customer_group', { name: 'Corporate' });
    const label = await h.create(T, 'label', { name: 'Airport', colour: 'red' });
    const customer = await h.create(T, 'customer', {
      name: 'Acme Technologies',
      phone: '+912040001234',
      customer_group_id: customerGroup.id,
      city_id: 'mh-pune',
      label_ids: [label.id],
      tds_percentage: '2',
      billing_details: [
        {
          billing_name: 'Acme Technologies Pvt Ltd',
          gst_no: '27aapfu0939f1zv',
          address: 'Baner, Pune',
          state_id: 'MH',
        },
      ],
    });
    const supplierGroup = await h.create(T, 'supplier_group', { name: 'Attached' });
    const supplier = await h.create(T, 'supplier', {
      name: 'Sai Travels',
      supplier_type: 'DCO',
      supplier_group_id: supplierGroup.id,
      revenue_share_percentage: '12.5',
      dco_vehicle_no: 'mh 12 xy 9876',
      dco_licence_expiry: '2029-12-31',
      bank_accounts: [
        {
          account_holder: 'Sai Travels',
          bank_name: 'HDFC Bank',
          account_no: '50100123456',
          ifsc: 'hdfc0001234',
        },
      ],
    });

    const [customerEvent] = await heardOn(/^fleet\.masters\.customer\./, from, 1);
    expect(customerEvent!.subject).toBe('fleet.masters.customer.created');
    const { customer: c } = decode(CustomerChangedSchema, customerEvent!);
    expect(c!.connection).toMatchObject({
      id: customer.id,
      name: 'Acme Technologies',
      groupId: customerGroup.id,
      cityId: 'mh-pune',
      labelIds: [label.id],
      // Defaults the declaration gives: GST registered, messages on.
      taxType: 'GSTIN',
      sendPassengerMessages: true,
      tdsPercentage: '2.00',
      isActive: true,
    });
    expect(c!.connection!.billingDetails).toMatchObject([
      { billingName: 'Acme Technologies Pvt Ltd', gstNo: '27AAPFU0939F1ZV', stateId: 'MH', isDefault: false },
    ]);
    expect(c!.billTo).toBe('COMPANY_OR_CUSTOMER');

    const [supplierEvent] = await heardOn(/^fleet\.masters\.supplier\./, from, 1);
    expect(supplierEvent!.subject).toBe('fleet.masters.supplier.created');
    const { supplier: s } = decode(SupplierChangedSchema, supplierEvent!);
    expect(s!.connection).toMatchObject({ id: supplier.id, name: 'Sai Travels', groupId: supplierGroup.id });
    expect(s).toMatchObject({ supplierType: 'DCO', revenueSharePercentage: '12.50' });
    expect(s!.dco).toMatchObject({ vehicleNo: 'MH12XY9876', licenceExpiry: '2029-12-31', permitNo: '' });
    expect(s!.bankAccounts).toMatchObject([{ accountNo: '50100123456', ifsc: 'HDFC0001234' }]);
  });

  it('publishes DutyTypeChanged and RateCardChanged, a rate card’s rates as exact decimal text', async () => {
    const from = heard.length;
    const dutyType = await h.create(T, 'duty_type', {
      name: '8 Hrs 80 Kms',
      type: 'HR_KM',
      max_km: 80,
      max_hr: '8',
    });
    const customer = await h.create(T, 'customer', { name: 'Rate Card Customer' });
    const card = await h.create(T, 'rate_card', {
      name: 'Pune FY26',
      party: 'CUSTOMER',
      customer_id: customer.id,
      duty_type_id: dutyType.id,
      vehicle_group_id: groupId,
      city_id: 'mh-pune',
      contract_start: '2026-04-01',
      contract_end: '2027-03-31',
      normal_rate: '2,000',
      extra_km_rate: '12.5',
    });
    await h.client.setRecordActive({ kind: 'rate_card', id: card.id, isActive: false }, callAs(owner));

    const [dutyEvent] = await heardOn(/^fleet\.masters\.duty_type\./, from, 1);
    const { dutyType: d } = decode(DutyTypeChangedSchema, dutyEvent!);
    expect(d).toMatchObject({ id: dutyType.id, name: '8 Hrs 80 Kms', type: 'HR_KM', maxKm: 80, maxHr: 8 });
    expect(d!.maxDays).toBeUndefined();

    const cardEvents = await heardOn(/^fleet\.masters\.rate_card\./, from, 2);
    expect(cardEvents.map((e) => e.subject)).toEqual([
      'fleet.masters.rate_card.created',
      'fleet.masters.rate_card.deactivated',
    ]);
    const [created, deactivated] = cardEvents.map((e) => decode(RateCardChangedSchema, e));
    expect(created!.rateCard).toMatchObject({
      id: card.id,
      party: RateParty.CUSTOMER,
      customerId: customer.id,
      supplierId: '',
      dutyTypeId: dutyType.id,
      vehicleGroupId: groupId,
      cityId: 'mh-pune',
      contractStart: '2026-04-01',
      contractEnd: '2027-03-31',
      normalRate: '2000.00',
      extraKmRate: '12.5000',
      switchPathGroup: 'OFF',
      isActive: true,
    });
    expect([deactivated!.change, deactivated!.rateCard!.isActive]).toEqual([ChangeKind.DEACTIVATED, false]);
  });
});

describe('the names a duty board shows', () => {
  it('publishes VehicleGroupChanged and LabelChanged, each as it now is', async () => {
    const from = heard.length;
    const group = await h.create(T, 'vehicle_group', { name: 'SUV', seating_capacity: '6' });
    const label = await h.create(T, 'label', { name: 'Night shift', colour: 'red' });
    await h.client.setRecordActive({ kind: 'label', id: label.id, isActive: false }, callAs(owner));

    const [groupEvent] = await heardOn(/^fleet\.masters\.vehicle_group\./, from, 1);
    expect(groupEvent!.subject).toBe('fleet.masters.vehicle_group.created');
    expect(decode(VehicleGroupChangedSchema, groupEvent!)).toMatchObject({
      tenantId: T,
      change: ChangeKind.CREATED,
      vehicleGroup: { id: group.id, name: 'SUV', seatingCapacity: 6, isActive: true },
    });
    const labelEvents = await heardOn(/^fleet\.masters\.label\./, from, 2);
    expect(labelEvents.map((e) => e.subject)).toEqual([
      'fleet.masters.label.created',
      'fleet.masters.label.deactivated',
    ]);
    const [created, deactivated] = labelEvents.map((e) => decode(LabelChangedSchema, e));
    expect(created!.label).toMatchObject({
      id: label.id,
      name: 'Night shift',
      colour: 'red',
      isActive: true,
    });
    expect([deactivated!.change, deactivated!.label!.isActive]).toEqual([ChangeKind.DEACTIVATED, false]);
  });
});

describe('the masters invoicing reads', () => {
  it('publishes BankAccountChanged, CompanyChanged and CompanyProfileChanged, who an invoice is from', async () => {
    const from = heard.length;
    const { record: account } = await h.client.createRecord(
      {
        kind: 'bank_account',
        valuesJson: JSON.stringify({
          name: 'HDFC current',
          account_holder: 'Sahyadri Cabs LLP',
          bank_name: 'HDFC Bank',
          account_no: '50200012345678',
          ifsc: 'hdfc0000123',
          account_type: 'CURRENT',
        }),
      },
      callAs(owner),
    );
    const company = await h.create(T, 'company', {
      name: 'Sahyadri Cabs LLP',
      business_type: 'LLP',
      gst_no: '27aapfu0939f1zv',
      pan_no: 'AAPFU0939F',
      state_id: 'MH',
      city_id: 'mh-pune',
      address: 'Baner Road, Pune',
      pincode: '411045',
      bank_account_id: account!.id,
      is_primary: true,
    });
    const profile = await h.create(T, 'company_profile', {
      name: 'Pune invoices',
      company_id: company.id,
      invoice_title: 'Tax Invoice',
      invoice_prefix: 'PUN/{FY}/',
      bank_account_id: account!.id,
    });
    await h.client.setRecordActive({ kind: 'company', id: company.id, isActive: false }, callAs(owner));

    const [accountEvent] = await heardOn(/^fleet\.masters\.bank_account\./, from, 1);
    expect(accountEvent!.subject).toBe('fleet.masters.bank_account.created');
    expect(decode(BankAccountChangedSchema, accountEvent!)).toMatchObject({
      tenantId: T,
      change: ChangeKind.CREATED,
      changedByUserId: owner.userId,
      bankAccount: {
        id: account!.id,
        accountNo: '50200012345678',
        ifsc: 'HDFC0000123',
        accountType: 'CURRENT',
        branchName: '',
        upiId: '',
        isActive: true,
      },
    });

    const companyEvents = await heardOn(/^fleet\.masters\.company\./, from, 2);
    expect(companyEvents.map((e) => e.subject)).toEqual([
      'fleet.masters.company.created',
      'fleet.masters.company.deactivated',
    ]);
    const [created, deactivated] = companyEvents.map((e) => decode(CompanyChangedSchema, e));
    expect(created!.company).toMatchObject({
      id: company.id,
      name: 'Sahyadri Cabs LLP',
      businessType: 'LLP',
      gstNo: '27AAPFU0939F1ZV',
      stateId: 'MH',
      cityId: 'mh-pune',
      bankAccountId: account!.id,
      isPrimary: true,
      lutNo: '',
      email: '',
      isActive: true,
    });
    expect([deactivated!.change, deactivated!.company!.isActive]).toEqual([ChangeKind.DEACTIVATED, false]);

    const [profileEvent] = await heardOn(/^fleet\.masters\.company_profile\./, from, 1);
    expect(decode(CompanyProfileChangedSchema, profileEvent!).companyProfile).toMatchObject({
      id: profile.id,
      companyId: company.id,
      invoiceTitle: 'Tax Invoice',
      invoicePrefix: 'PUN/{FY}/',
      receiptPrefix: '',
      logoFileId: '',
      bankAccountId: account!.id,
    });
  });

  it('publishes TaxChanged with the percentage as stored, and BillingItemChanged naming its tax', async () => {
    const from = heard.length;
    const tax = await h.create(T, 'tax', { name: 'IGST 5%', percentage: '5' });
    await h.client.updateRecord(
      { kind: 'tax', id: tax.id, valuesJson: JSON.stringify({ name: 'IGST 5%', percentage: '5.5' }) },
      callAs(owner),
    );
    const toll = await h.create(T, 'billing_item', {
      name: 'Toll',
      sac_code: '9967',
      is_taxable: true,
      tax_id: tax.id,
      driver_can_add: true,
    });

    const taxEvents = (await heardOn(/^fleet\.masters\.tax\./, from, 2)).map((e) =>
      decode(TaxChangedSchema, e),
    );
    expect(
      taxEvents.map((e) => [e.change, e.tax!.id, e.tax!.name, e.tax!.percentage, e.tax!.description]),
    ).toEqual([
      [ChangeKind.CREATED, tax.id, 'IGST 5%', '5.00', ''],
      [ChangeKind.UPDATED, tax.id, 'IGST 5%', '5.50', ''],
    ]);

    const [itemEvent] = await heardOn(/^fleet\.masters\.billing_item\./, from, 1);
    expect(itemEvent!.subject).toBe('fleet.masters.billing_item.created');
    expect(decode(BillingItemChangedSchema, itemEvent!).billingItem).toMatchObject({
      id: toll.id,
      name: 'Toll',
      sacCode: '9967',
      isTaxable: true,
      taxId: tax.id,
      driverCanAdd: true,
      requiredBeforeStart: false,
    });
  });

  it('publishes BusinessSettingsChanged: created on the first save, updated on the next', async () => {
    const operator = randomUUID();
    const settingsOwner = callAs(h.callerFor(operator));
    const from = heard.length;
    const save = (values: Record<string, unknown>) =>
      h.client.saveSettings({ kind: 'business_settings', valuesJson: JSON.stringify(values) }, settingsOwner);
    const { record } = await save({ business_name: 'Sahyadri Cabs', head_office_city_id: 'mh-pune' });
    await save({
      business_name: 'Sahyadri Cabs',
      rent_a_cab_gst: 'GST_18_WITH_ITC',
      invoice_due_in_days: 15,
      extra_hour_rounding: 'STEP_30',
    });

    const events = await heardOn(/^fleet\.masters\.business_settings\./, from, 2);
    expect(events.map((e) => e.subject)).toEqual([
      'fleet.masters.business_settings.created',
      'fleet.masters.business_settings.updated',
    ]);
    const [first, second] = events.map((e) => decode(BusinessSettingsChangedSchema, e));
    expect(first).toMatchObject({ tenantId: operator, change: ChangeKind.CREATED });
    expect(first!.businessSettings).toMatchObject({
      id: record!.id,
      businessName: 'Sahyadri Cabs',
      headOfficeCityId: 'mh-pune',
      // The declaration's defaults.
      timeZone: 'Asia/Kolkata',
      rentACabGst: 'GST_5_NO_ITC',
      extraHourRounding: 'PRO_RATA',
      sendPassengerSms: true,
    });
    expect(first!.businessSettings!.invoiceDueInDays).toBeUndefined();
    expect(second!.change).toBe(ChangeKind.UPDATED);
    expect(second!.businessSettings).toMatchObject({
      id: record!.id,
      headOfficeCityId: '',
      rentACabGst: 'GST_18_WITH_ITC',
      invoiceDueInDays: 15,
      extraHourRounding: 'STEP_30',
    });
  });
});

it('publishes the masters no other service reads yet as MasterChanged, on their own subjects', async () => {
  const from = heard.length;
  const group = await h.create(T, 'customer_group', { name: 'Corporates' });
  const [event] = await heardOn(/^fleet\.masters\.customer_group\./, from, 1);
  expect(event!.subject).toBe('fleet.masters.customer_group.created');
  const generic = decode(MasterChangedSchema, event!);
  expect(generic).toMatchObject({ tenantId: T, kind: 'customer_group', change: ChangeKind.CREATED });
  expect(generic.record!.id).toBe(group.id);
  expect(recordValues(generic.record)).toMatchObject({ name: 'Corporates' });
  expect(masterEvent('customer_group', 'created').schema.typeName).toBe('fleet.masters.v1.MasterChanged');
  expect(TYPED_EVENT_KINDS).toEqual([
    'vehicle',
    'driver',
    'customer',
    'supplier',
    'duty_type',
    'rate_card',
    'company',
    'company_profile',
    'tax',
    'billing_item',
    'bank_account',
    'business_settings',
    'fuel_station',
    'vehicle_group',
    'label',
  ]);
  // No vehicle event came of it.
  await new Promise((r) => setTimeout(r, 300));
  expect(heard.slice(from).map((e) => e.subject)).toEqual(['fleet.masters.customer_group.created']);
});
