// Someone whose job is taking bookings (View and Manage Bookings, nothing of the masters) can fill in
// the booking form: its pickers list the names and ids of what may be chosen, through booking.choices,
// and the board's rows carry the names they show.
import { bearer, bookingMasters, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let ownerToken: string;
let clerkToken: string;
let masters: { customerId: string; dutyTypeId: string; vehicleGroupId: string };
let labelId: string;

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Desk Cabs' }));
  const owner = h.client(() => bearer(ownerToken));
  masters = await bookingMasters(owner);
  labelId = (await owner.masters.label.create.mutate({ values: { name: 'VIP', colour: 'red' } })).id;
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Booking desk',
    permissions: ['view_booking', 'manage_booking'],
  });
  const phone = freshPhone();
  await owner.employee.create.mutate({ name: 'Bina Desk', phone, permissionProfileId: profile.id });
  ({ token: clerkToken } = await h.signIn(phone));
}, 120_000);
afterAll(() => h?.close());

it('lists the names and ids a booking form picks from to someone holding only the bookings permissions', async () => {
  const clerk = h.client(() => bearer(clerkToken));
  const customers = await clerk.booking.choices.query({ kind: 'customer', search: 'acme' });
  expect(customers).toEqual([{ id: masters.customerId, name: 'Acme Corp', details: {} }]);
  expect(await clerk.booking.choices.query({ kind: 'duty_type' })).toEqual([
    { id: masters.dutyTypeId, name: '8 Hrs 80 Kms' },
  ]);
  expect(await clerk.booking.choices.query({ kind: 'vehicle_group', ids: [masters.vehicleGroupId] })).toEqual(
    [{ id: masters.vehicleGroupId, name: 'Sedan' }],
  );
  expect(await clerk.booking.choices.query({ kind: 'city', search: 'pune' })).toEqual(
    expect.arrayContaining([{ id: 'mh-pune', name: 'Pune' }]),
  );
  // The board's filters pick from these too, labels and groups included.
  expect(await clerk.booking.choices.query({ kind: 'label', ids: [labelId] })).toEqual([
    { id: labelId, name: 'VIP' },
  ]);
  for (const kind of ['supplier', 'customer_group', 'supplier_group'] as const) {
    await expect(clerk.booking.choices.query({ kind })).resolves.toEqual([]);
  }
  // The masters screens themselves stay closed to this person.
  await expect(clerk.masters.customer.list.query({})).rejects.toMatchObject({
    data: { code: 'FORBIDDEN' },
  });
});

it('gives that person what the form fills in from a chosen customer: city, contact, billed from', async () => {
  const owner = h.client(() => bearer(ownerToken));
  const clerk = h.client(() => bearer(clerkToken));
  const company = await owner.masters.company.create.mutate({
    values: {
      name: 'Desk Cabs Pvt Ltd',
      business_type: 'PRIVATE_LIMITED',
      state_id: 'MH',
      city_id: 'mh-pune',
      address: '12 FC Road, Pune',
      pincode: '411004',
      is_primary: true,
    },
  });
  const customer = await owner.masters.customer.create.mutate({
    values: {
      name: 'Zenith Travels',
      billed_from_company_id: company.id,
      city_id: 'mh-pune',
      contact_person: 'Ravi Kumar',
      phone: '+919811100022',
      email: 'desk@zenith.example',
      address: 'Baner Road, Pune',
    },
  });
  const [chosen] = await clerk.booking.choices.query({ kind: 'customer', ids: [customer.id] });
  expect(chosen).toEqual({
    id: customer.id,
    name: 'Zenith Travels',
    details: {
      city_id: 'mh-pune',
      contact_person: 'Ravi Kumar',
      phone: '+919811100022',
      email: 'desk@zenith.example',
      billed_from_company_id: company.id,
    },
  });
  // Kinds the form fills nothing in from carry names alone.
  expect(await clerk.booking.choices.query({ kind: 'duty_type', ids: [masters.dutyTypeId] })).toEqual([
    { id: masters.dutyTypeId, name: '8 Hrs 80 Kms' },
  ]);
});

it('refuses a kind no booking form picks, naming the field', async () => {
  const clerk = h.client(() => bearer(clerkToken));
  const answer = await h.query('booking.choices', { kind: 'employee' }, bearer(clerkToken));
  expect(answer.status).toBe(400);
  expect(JSON.stringify(answer.body)).toContain('kind');
  // @ts-expect-error a kind the booking form never picks from, as a hand-made call could send
  await expect(clerk.booking.choices.query({ kind: 'vehicle' })).rejects.toMatchObject({
    data: { code: 'BAD_REQUEST' },
  });
});

it('lets that person take a booking and see its city, duty type, group and labels named on the board', async () => {
  const clerk = h.client(() => bearer(clerkToken));
  const owner = h.client(() => bearer(ownerToken));
  const { booking } = await clerk.booking.create.mutate({
    ...masters,
    fromCityId: 'mh-pune',
    toCityId: 'mh-mumbai',
    reportingDate: '2040-05-02',
    reportingTime: '09:00',
    reportingAddress: 'Koregaon Park, Pune',
    passengers: [{ name: 'Asha Rao', phone: '+919800000001' }],
  });
  await owner.booking.setLabels.mutate({ id: booking.id, labelIds: [labelId] });
  const page = await clerk.booking.list.query({ tab: 'all' });
  const row = page.bookings.find((b) => b.id === booking.id);
  expect(row).toMatchObject({
    fromCityName: 'Pune',
    toCityName: 'Mumbai',
    dutyTypeName: '8 Hrs 80 Kms',
    vehicleGroupName: 'Sedan',
    labels: [{ id: labelId, name: 'VIP', colour: 'red' }],
  });
});

it('names the board from bookings’ own copies, which follow a rename in masters', async () => {
  const clerk = h.client(() => bearer(clerkToken));
  const owner = h.client(() => bearer(ownerToken));
  const group = await owner.masters.vehicle_group.create.mutate({ values: { name: 'Tempo Traveller' } });
  const { booking } = await clerk.booking.create.mutate({
    ...masters,
    vehicleGroupId: group.id,
    fromCityId: 'mh-pune',
    reportingDate: '2040-05-03',
    reportingTime: '07:00',
    reportingAddress: 'Baner, Pune',
    passengers: [{ name: 'Ravi Rao', phone: '+919800000002' }],
  });
  const groupOnBoard = async () =>
    (await clerk.booking.list.query({ tab: 'all' })).bookings.find((b) => b.id === booking.id)
      ?.vehicleGroupName;
  expect(await groupOnBoard()).toBe('Tempo Traveller');
  await owner.masters.vehicle_group.update.mutate({ id: group.id, values: { name: '12-seater Tempo' } });
  const deadline = Date.now() + 15_000;
  while ((await groupOnBoard()) !== '12-seater Tempo' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(await groupOnBoard()).toBe('12-seater Tempo');
  const page = await clerk.booking.get.query({ id: booking.id });
  expect(page.booking).toMatchObject({ vehicleGroupName: '12-seater Tempo', dutyTypeName: '8 Hrs 80 Kms' });
});

it('refuses an id that is not one of a record, naming it, before it reaches the database', async () => {
  const clerk = h.client(() => bearer(clerkToken));
  await expect(
    clerk.booking.choices.query({ kind: 'vehicle_group', ids: [masters.vehicleGroupId, "x' or 1=1"] }),
  ).rejects.toMatchObject({ data: { code: 'BAD_REQUEST', fieldErrors: { 'ids.1': expect.any(String) } } });
  await expect(clerk.booking.choices.query({ kind: 'city', ids: ['not a city'] })).rejects.toMatchObject({
    data: { code: 'BAD_REQUEST', fieldErrors: { 'ids.0': expect.any(String) } },
  });
});
