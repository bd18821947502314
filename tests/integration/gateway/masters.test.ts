import type { PermissionId } from '@fleet/domain';
// The masters through the gateway as the web app uses them: tRPC procedures built from each master's
// declaration (masters.<kind>.*), each guarded by the master's own view and manage permissions, field
// errors named for the form, and uploads/downloads at /api/files checked by extension and content.
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let ownerToken: string;
let clerkToken: string;
let other: ReturnType<GatewayHarness['client']>;
let otherToken: string;

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Masters Cabs' }));
  owner = h.client(() => bearer(ownerToken));
  ({ token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' }));
  other = h.client(() => bearer(otherToken));
  // A clerk who may look at vehicles and nothing else.
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Vehicle desk',
    permissions: ['view_vehicle'],
  });
  const clerkPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Vik Clerk',
    phone: clerkPhone,
    permissionProfileId: profile.id,
  });
  ({ token: clerkToken } = await h.signIn(clerkPhone));
}, 120_000);
afterAll(() => h?.close());

/** A client signed in as a new employee of the owner's operator holding `permissions`. */
async function signedInHolding(permissions: PermissionId[]) {
  const profile = await owner.permissionProfile.create.mutate({ name: permissions.join(' '), permissions });
  const phone = freshPhone();
  await owner.employee.create.mutate({ name: 'Hal Holder', phone, permissionProfileId: profile.id });
  const { token } = await h.signIn(phone);
  return h.client(() => bearer(token));
}

const upload = (
  token: string,
  name: string,
  body: Uint8Array,
  [kind, field] = ['vehicle', 'insurance_file_id'],
  type = 'application/octet-stream',
) =>
  fetch(`${h.baseUrl}/api/files?kind=${kind}&field=${field}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': type, ...bearer(token) },
    body: Buffer.from(body),
  });

describe('masters over tRPC', () => {
  let groupId: string;

  it('creates, lists with a filter and reads back a vehicle, money as exact decimal text', async () => {
    const group = await owner.masters.vehicle_group.create.mutate({
      values: { name: 'Sedan', seating_capacity: '4' },
    });
    groupId = group.id;
    await owner.masters.vehicle_group.create.mutate({ values: { name: 'SUV' } });
    const vehicle = await owner.masters.vehicle.create.mutate({
      values: {
        vehicle_no: 'KA 01 MX 4455',
        vehicle_model: 'Honda City',
        vehicle_group_id: group.id,
        vehicle_fuel_type: 'PETROL',
        loan_emi: '18,250.5',
      },
    });
    expect(vehicle.values).toMatchObject({
      vehicle_no: 'KA01MX4455',
      loan_emi: '18250.50',
      is_available_for_booking: true,
    });
    expect(vehicle.refNames.vehicle_group_id).toEqual(['Sedan']);
    expect(vehicle.createdAt).toBeInstanceOf(Date);

    const listed = await owner.masters.vehicle.list.query({
      filters: { vehicle_groups: [group.id] },
      sortBy: 'vehicle_no',
    });
    expect(listed.records.map((r) => r.values.vehicle_no)).toEqual(['KA01MX4455']);
    const none = await owner.masters.vehicle.list.query({
      filters: { vehicle_groups: [] },
      search: 'innova',
    });
    expect(none.records).toEqual([]);
    expect(await owner.masters.vehicle.get.query({ id: vehicle.id })).toEqual(vehicle);
  });

  it('names the wrong field in words a person can act on, and saves nothing', async () => {
    const error = await expectTrpcError(
      owner.masters.vehicle.create.mutate({
        values: {
          vehicle_no: 'KA-01',
          vehicle_model: 'Swift',
          vehicle_group_id: groupId,
          vehicle_fuel_type: 'PETROL',
        },
      }),
    );
    expect(error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
    expect(Object.values(error.data?.fieldErrors ?? {})).toContain(
      'Enter the registration number without spaces or dashes, e.g. MH12AB1234',
    );
    const duplicate = await expectTrpcError(
      owner.masters.vehicle.create.mutate({
        values: {
          vehicle_no: 'ka01mx4455',
          vehicle_model: 'Swift',
          vehicle_group_id: groupId,
          vehicle_fuel_type: 'PETROL',
        },
      }),
    );
    expect(duplicate.data).toMatchObject({
      code: 'CONFLICT',
      fieldErrors: { vehicle_no: 'A vehicle with this number exists.' },
    });
    expect((await owner.masters.vehicle.list.query({ active: 'all' })).records).toHaveLength(1);
  });

  it('keeps every operator to its own masters', async () => {
    expect((await other.masters.vehicle.list.query()).records).toEqual([]);
    const owned = (await owner.masters.vehicle.list.query()).records;
    expect(owned).toHaveLength(1);
    const [vehicle] = owned;
    const error = await expectTrpcError(other.masters.vehicle.get.query({ id: vehicle!.id }));
    expect(error.data).toMatchObject({ code: 'NOT_FOUND' });
    // Another operator's vehicle group cannot be pointed at.
    const theirs = await expectTrpcError(
      other.masters.vehicle.create.mutate({
        values: {
          vehicle_no: 'DL1CAB1234',
          vehicle_model: 'Aura',
          vehicle_group_id: groupId,
          vehicle_fuel_type: 'CNG',
        },
      }),
    );
    expect(theirs.data?.fieldErrors).toMatchObject({
      vehicle_group_id: 'Choose the vehicle group from the list.',
    });
  });

  it('guards each master by its own permissions', async () => {
    const clerk = h.client(() => bearer(clerkToken));
    expect((await clerk.masters.vehicle.list.query()).records).toHaveLength(1);
    const create = await expectTrpcError(
      clerk.masters.vehicle_group.create.mutate({ values: { name: 'Luxury' } }),
    );
    expect(create.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
    await expect(clerk.masters.customer.list.query()).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    await expect(clerk.masters.business_settings.get.query()).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    // Reference data needs only a session.
    const cities = await clerk.masters.city.list.query({ search: 'bengal' });
    expect(cities.records.map((c) => c.values.name)).toContain('Bengaluru');
  });

  it('leaves the primary company to whoever may edit it, while managers of companies edit the others', async () => {
    const desk = await signedInHolding(['view_my_company', 'manage_my_company']);
    const values = (name: string, isPrimary: boolean) => ({
      name,
      state_id: 'MH',
      address: 'FC Road, Pune',
      gst_no: '27AABCK1234E1Z1',
      is_primary: isPrimary,
    });
    const primary = await owner.masters.company.create.mutate({
      values: values('Masters Cabs Pvt Ltd', true),
    });
    const sister = await desk.masters.company.create.mutate({ values: values('Masters Tours LLP', false) });
    await desk.masters.company.update.mutate({
      id: sister.id,
      values: values('Masters Tours & Travels LLP', false),
    });
    for (const refused of [
      desk.masters.company.create.mutate({ values: values('Another Primary Pvt Ltd', true) }),
      desk.masters.company.update.mutate({ id: sister.id, values: values('Masters Tours LLP', true) }),
      desk.masters.company.update.mutate({ id: primary.id, values: values('Renamed Pvt Ltd', true) }),
      desk.masters.company.setActive.mutate({ id: primary.id, isActive: false }),
    ]) {
      expect((await expectTrpcError(refused)).data?.code).toBe('FORBIDDEN');
    }
    const editor = await signedInHolding([
      'view_my_company',
      'manage_my_company',
      'edit_primary_company_information',
    ]);
    const renamed = await editor.masters.company.update.mutate({
      id: primary.id,
      values: values('Masters Cabs India Pvt Ltd', true),
    });
    expect(renamed.values.name).toBe('Masters Cabs India Pvt Ltd');
  });

  it('lets customer pricing change customer rate cards only, and supplier pricing supplier ones', async () => {
    const supplier = await owner.masters.supplier.create.mutate({
      values: { name: 'Rao Cabs', supplier_type: 'DCO' },
    });
    const dutyType = await owner.masters.duty_type.create.mutate({
      values: { name: '8 hr 80 km', type: 'HR_KM', max_km: '80', max_hr: '8' },
    });
    const card = {
      name: 'Rao 2026-27',
      party: 'SUPPLIER' as const,
      supplier_id: supplier.id,
      duty_type_id: dutyType.id,
      vehicle_group_id: groupId,
      contract_start: '2026-04-01',
      contract_end: '2027-03-31',
      normal_rate: '2500',
    };
    const sales = await signedInHolding(['manage_customer_pricing']);
    expect((await expectTrpcError(sales.masters.rate_card.create.mutate({ values: card }))).data?.code).toBe(
      'FORBIDDEN',
    );
    expect((await sales.masters.rate_card.list.query()).records).toEqual([]);
    const purchase = await signedInHolding(['manage_supplier_pricing']);
    const made = await purchase.masters.rate_card.create.mutate({ values: card });
    expect((await purchase.masters.rate_card.list.query()).records.map((r) => r.id)).toEqual([made.id]);
  });

  it('shows someone holding only basic vehicle information the number and model, not the loan', async () => {
    const basic = await signedInHolding(['view_basic_vehicle_information']);
    const [listed] = (await basic.masters.vehicle.list.query()).records;
    expect(listed?.values.vehicle_no).toBe('KA01MX4455');
    const read = await basic.masters.vehicle.get.query({ id: listed!.id });
    expect([read.values.vehicle_model, read.values.loan_emi]).toEqual(['Honda City', null]);
    const full = await owner.masters.vehicle.get.query({ id: listed!.id });
    expect(full.values.loan_emi).toBe('18250.50');
    expect((await expectTrpcError(basic.masters.customer.list.query())).data?.code).toBe('FORBIDDEN');
  });

  it('saves business settings once per operator', async () => {
    expect(await owner.masters.business_settings.get.query()).toBeNull();
    await owner.masters.business_settings.save.mutate({ values: { business_name: 'Masters Cabs Pvt Ltd' } });
    const saved = await owner.masters.business_settings.save.mutate({
      values: { business_name: 'Masters Cabs', rent_a_cab_gst: 'GST_18_WITH_ITC' },
    });
    expect(await owner.masters.business_settings.get.query()).toMatchObject({
      id: saved.id,
      values: { business_name: 'Masters Cabs', rent_a_cab_gst: 'GST_18_WITH_ITC', time_zone: 'Asia/Kolkata' },
    });
  });

  it('lists channel partners read-only, empty until the channels service fills them', async () => {
    expect((await owner.masters.channel_partner.list.query()).records).toEqual([]);
    const create = await h.mutate(
      'masters.channel_partner.create',
      { values: { name: 'X' } },
      bearer(ownerToken),
    );
    expect(create.status).toBe(404);
  });
});

describe('files at /api/files', () => {
  it('stores an image checked by content and serves it only inside the operator', async () => {
    const stored = await upload(ownerToken, 'RC-Book.PNG', PNG);
    expect(stored.status).toBe(201);
    const file = (await stored.json()) as { id: string; contentType: string; sizeBytes: number };
    expect(file).toMatchObject({ contentType: 'image/png', sizeBytes: PNG.length });

    const read = await fetch(`${h.baseUrl}/api/files/${file.id}`, { headers: bearer(ownerToken) });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await read.arrayBuffer())).toEqual(PNG);

    expect((await fetch(`${h.baseUrl}/api/files/${file.id}`, { headers: bearer(otherToken) })).status).toBe(
      404,
    );
    expect((await fetch(`${h.baseUrl}/api/files/${file.id}`)).status).toBe(401);
  });

  it('refuses a spoofed extension, a file over 3.5 MB, a JSON body and an unsigned upload', async () => {
    const spoofed = await upload(ownerToken, 'invoice.pdf', PNG);
    expect(spoofed.status).toBe(400);
    expect(((await spoofed.json()) as { error: { message: string } }).error.message).toMatch(
      /not really a \.pdf file/,
    );

    const big = await upload(ownerToken, 'scan.pdf', new Uint8Array(3_670_017));
    expect(big.status).toBe(413);
    expect(JSON.stringify(await big.json())).toContain('larger than 3.5 MB');

    expect((await upload(ownerToken, 'a.png', PNG, undefined, 'application/json')).status).toBe(415);
    expect((await upload('', 'a.png', PNG)).status).toBe(401);
  });

  it('lets only holders of the purpose’s permissions upload and open a file', async () => {
    const licence: [string, string] = ['driver', 'licence_file_id'];
    const clerkUpload = await upload(clerkToken, 'licence.png', PNG, licence);
    expect(clerkUpload.status).toBe(403);
    const stored = (await (await upload(ownerToken, 'licence.png', PNG, licence)).json()) as {
      id: string;
    };
    expect((await fetch(`${h.baseUrl}/api/files/${stored.id}`, { headers: bearer(clerkToken) })).status).toBe(
      403,
    );
  });
});
