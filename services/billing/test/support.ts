import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { type BookingsModule, createBookingsModule } from '@fleet/bookings';
import { allPermissionIds, PERMISSION } from '@fleet/domain';
import { createMastersModule, type MastersModule } from '@fleet/masters';
import { callAs } from '@fleet/platform';
import { BillingService } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { bootService, connectorTo, eventually, type ServiceHarness } from '@fleet/testing';
import { type BillingModule, createBillingModule } from '../src';

export type BillingHarness = ServiceHarness<BillingModule, typeof BillingService> & {
  masters: ServiceHarness<MastersModule, typeof MastersService>;
  bookings: ServiceHarness<BookingsModule, typeof BookingsService>;
};

/**
 * Billing on a real PostgreSQL and JetStream, called through its gRPC routes, with masters and bookings
 * booted beside it on the same bus: duties are booked and closed for real, and billing hears them.
 */
export async function bootBilling(options: { clock?: () => Date } = {}): Promise<BillingHarness> {
  const masters = await bootService({
    name: 'masters',
    grpcService: MastersService,
    defaultPermissions: allPermissionIds(),
    create: (deps) => createMastersModule({ ...deps, clock: options.clock }),
  });
  const bookings = await bootService({
    name: 'bookings',
    grpcService: BookingsService,
    defaultPermissions: allPermissionIds(),
    create: (deps) => createBookingsModule({ ...deps, clock: options.clock }),
    connect: connectorTo(masters),
    testBus: masters.testBus,
  });
  const billing = await bootService({
    name: 'billing',
    grpcService: BillingService,
    defaultPermissions: allPermissionIds(),
    create: (deps) => createBillingModule({ ...deps, clock: options.clock, autoInvoicer: { pollMs: 100 } }),
    connect: connectorTo(masters, bookings),
    testBus: masters.testBus,
  });
  return {
    ...billing,
    masters,
    bookings,
    async close() {
      await billing.close();
      await bookings.close();
      await masters.close();
    },
  };
}

/** An operator's masters for invoicing: its company and profile, a customer, a duty type, a vehicle. */
export async function operatorMasters(
  h: BillingHarness,
  tenantId: string,
  overrides: { customer?: object } = {},
) {
  const caller = callAs(h.masters.callerFor(tenantId));
  const create = async (kind: string, values: Record<string, unknown>) => {
    const { record } = await h.masters.client.createRecord(
      { kind, valuesJson: JSON.stringify(values) },
      caller,
    );
    return record!.id;
  };
  await h.masters.client.saveSettings(
    {
      kind: 'business_settings',
      valuesJson: JSON.stringify({ business_name: 'Konkan Cabs', rent_a_cab_gst: 'GST_5_NO_ITC' }),
    },
    caller,
  );
  const company = await create('company', {
    name: 'Konkan Cabs Pvt Ltd',
    business_type: 'PRIVATE_LIMITED',
    gst_no: '27AABCK1234E1Z1',
    state_id: 'MH',
    city_id: 'mh-pune',
    address: '12 FC Road, Pune',
    pincode: '411004',
    is_primary: true,
  });
  const profile = await create('company_profile', {
    name: 'Konkan invoices',
    company_id: company,
    invoice_title: 'Tax Invoice',
    invoice_prefix: 'KC/{FY}/',
  });
  const customer = await create('customer', {
    name: 'Harbour Logistics',
    tax_type: 'GSTIN',
    billing_details: [
      {
        billing_name: 'Harbour Logistics Pvt Ltd',
        gst_no: '27AAACH7409R1Z1',
        address: 'Andheri East, Mumbai',
        state_id: 'MH',
        email: 'accounts@harbour.example',
        is_default: true,
      },
    ],
    ...overrides.customer,
  });
  const sedan = await create('vehicle_group', { name: 'Sedan' });
  const dutyType = await create('duty_type', {
    name: '8 Hrs 80 Kms',
    type: 'HR_KM',
    max_km: 80,
    max_hr: 8,
    is_p2p: true,
  });
  await create('rate_card', {
    name: 'Harbour Pune',
    party: 'CUSTOMER',
    customer_id: customer,
    duty_type_id: dutyType,
    vehicle_group_id: sedan,
    contract_start: '2026-04-01',
    contract_end: '2027-03-31',
    normal_rate: '2000',
    extra_km_rate: '14',
    extra_hour_rate: '150',
  });
  const driver = await create('driver', {
    name: 'Ravi Kumar',
    phone: `+9198${String(Date.now()).slice(-8)}`,
  });
  const vehicle = await create('vehicle', {
    vehicle_no: 'MH12AB1001',
    vehicle_model: 'Dzire',
    vehicle_group_id: sedan,
    vehicle_fuel_type: 'DIESEL',
    driver_id: driver,
  });
  return { company, profile, customer, sedan, dutyType, vehicle, create };
}

export type OperatorMasters = Awaited<ReturnType<typeof operatorMasters>>;

/**
 * A duty booked, allotted, run (9 h 15 min, 108 km from duty start to end) and closed by bookings on
 * `date` — DOMAIN.md's worked example: ₹2,000 + 28 km × ₹14 + 1.25 h × ₹150 = ₹2,579.50 — and heard by
 * billing.
 */
export async function closedDuty(
  h: BillingHarness,
  tenantId: string,
  m: OperatorMasters,
  date: string,
  customerId = m.customer,
): Promise<string> {
  const ops = callAs(h.bookings.callerFor(tenantId));
  const { booking } = await h.bookings.client.createBooking(
    {
      draftJson: JSON.stringify({
        customerId,
        passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
        fromCityId: 'mh-pune',
        vehicleGroupId: m.sedan,
        dutyTypeId: m.dutyType,
        reportingDate: date,
        reportingTime: '08:00',
        reportingAddress: 'Aundh, Pune',
      }),
    },
    ops,
  );
  const id = booking!.id;
  await h.bookings.client.allotDuty({ id, kind: 'OWN', vehicleId: m.vehicle }, ops);
  const at = (time: string) => timestampFromDate(new Date(`${date}T${time}+05:30`));
  await h.bookings.client.recordDutySlip(
    {
      id,
      variant: 'SALES',
      medium: 'HARD_COPY',
      points: [
        { point: 'DUTY_START', at: at('08:00'), km: '1000', location: 'Aundh' },
        { point: 'DUTY_END', at: at('17:15'), km: '1108', location: 'Aundh' },
      ],
    },
    ops,
  );
  await h.bookings.client.closeDuty({ id }, ops);
  await eventually(
    () =>
      h.client.listBillableDuties(
        { billingStatus: 'ALL', dateFrom: date, dateTo: date },
        callAs(h.callerFor(tenantId, [PERMISSION.create_invoice])),
      ),
    (r) => r.duties.some((d) => d.bookingId === id),
  );
  return id;
}

/** A supplier with its card for the operator's sedans on 8 Hrs 80 Kms: ₹1,500, extra km ₹10, hour ₹100. */
export async function supplierMasters(m: OperatorMasters, name = 'Deccan Travels') {
  const supplier = await m.create('supplier', {
    name,
    supplier_type: 'COMPANY',
    phone: `+9198${String(Date.now()).slice(-8)}`,
    tax_type: 'GSTIN',
    tds_percentage: '2.00',
    tds_ledger_type: '194C_OTHERS',
  });
  await m.create('rate_card', {
    name: `${name} sedans`,
    party: 'SUPPLIER',
    supplier_id: supplier,
    duty_type_id: m.dutyType,
    vehicle_group_id: m.sedan,
    contract_start: '2026-04-01',
    contract_end: '2027-03-31',
    normal_rate: '1500',
    extra_km_rate: '10',
    extra_hour_rate: '100',
  });
  return supplier;
}

/**
 * A duty the supplier ran in its own vehicle (typed in at allotment), closed by bookings on `date` with
 * the supplier's slip of 9 h 15 min and 108 km — ₹1,500 + 28 km × ₹10 + 1.25 h × ₹100 = ₹1,905 to the
 * supplier — and heard by billing.
 */
export async function supplierDuty(
  h: BillingHarness,
  tenantId: string,
  m: OperatorMasters,
  supplierId: string,
  date: string,
): Promise<string> {
  const ops = callAs(h.bookings.callerFor(tenantId));
  const { booking } = await h.bookings.client.createBooking(
    {
      draftJson: JSON.stringify({
        customerId: m.customer,
        passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
        fromCityId: 'mh-pune',
        vehicleGroupId: m.sedan,
        dutyTypeId: m.dutyType,
        reportingDate: date,
        reportingTime: '08:00',
        reportingAddress: 'Aundh, Pune',
      }),
    },
    ops,
  );
  const id = booking!.id;
  await h.bookings.client.allotDuty(
    {
      id,
      kind: 'COMPANY_SUPPLIER',
      supplierId,
      vehicleNo: 'MH14XY4321',
      driverName: 'Sunil Pawar',
      driverPhone: '+919800000202',
    },
    ops,
  );
  const at = (time: string) => timestampFromDate(new Date(`${date}T${time}+05:30`));
  for (const variant of ['SALES', 'PURCHASE']) {
    await h.bookings.client.recordDutySlip(
      {
        id,
        variant,
        medium: 'HARD_COPY',
        points: [
          { point: 'DUTY_START', at: at('08:00'), km: '1000', location: 'Aundh' },
          { point: 'DUTY_END', at: at('17:15'), km: '1108', location: 'Aundh' },
        ],
      },
      ops,
    );
  }
  await h.bookings.client.closeDuty({ id }, ops);
  await eventually(
    () =>
      h.client
        .getPurchaseDuty({ bookingId: id }, callAs(h.callerFor(tenantId, [PERMISSION.view_purchase_duty])))
        .catch(() => undefined),
    (r) => !!r?.duty?.purchaseAmount,
  );
  return id;
}
