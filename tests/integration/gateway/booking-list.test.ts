// The list behind the Duties tabs (/duties/bookings/{tab}) end to end: batched GETs through the gateway's
// permission guard to the real bookings module, on bookings written here with SQL.
import { randomUUID } from 'node:crypto';
import { transformer } from '@fleet/gateway';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

interface Seed {
  id: string;
  no: number;
  status: string;
  startDate: string;
  /** Defaults to 09:00 in Kolkata on the start date. */
  reportingAt?: string;
  createdAt?: string;
  toCityId?: string;
  allotedVehicleId?: string;
  allotedDriverId?: string;
  network?: 'PENDING' | 'ACCEPTED';
  isBilled?: boolean;
}

const LIST = 'booking.list,booking.list';

describe('booking.list', () => {
  let h: GatewayHarness;
  let ownerToken: string;
  let otherToken: string;
  // Dates far ahead, so the real clock never moves a booking between tabs while the test runs.
  const vehicle = randomUUID();
  const driver = randomUUID();
  const A: Seed = {
    id: randomUUID(),
    no: 1,
    status: 'ALLOTED',
    startDate: '2040-03-02',
    reportingAt: '2040-03-02T03:30:00Z',
    createdAt: '2040-02-01T10:00:00Z',
    toCityId: 'pune',
    allotedVehicleId: vehicle,
    allotedDriverId: driver,
  };
  const B: Seed = { id: randomUUID(), no: 2, status: 'ALLOTED', startDate: '2040-03-01' };
  const C: Seed = {
    id: randomUUID(),
    no: 3,
    status: 'DRIVER_ACCEPTED',
    startDate: '2040-03-03',
    network: 'ACCEPTED',
  };
  const D: Seed = { id: randomUUID(), no: 4, status: 'CLOSED', startDate: '2040-02-20' };
  const E: Seed = { id: randomUUID(), no: 5, status: 'CLOSED', startDate: '2040-02-21', isBilled: true };
  const F: Seed = { id: randomUUID(), no: 6, status: 'CANCELLED', startDate: '2040-02-22' };

  const text = (value: string | undefined) => (value === undefined ? 'null' : `'${value}'`);

  /** Writes bookings for an operator as the app role, under its row-level security. */
  async function insertBookings(tenantId: string, bookings: Seed[]) {
    const values = bookings.map(
      (b) => `('${b.id}', '${tenantId}', ${b.no}, '${b.status}', '00000000-0000-4000-8000-00000000000${b.no}',
        'mumbai', ${text(b.toCityId)}, gen_random_uuid(), gen_random_uuid(),
        coalesce(${text(b.reportingAt)}::timestamptz, ('${b.startDate}'::date + time '09:00') at time zone 'Asia/Kolkata'),
        '${b.startDate}', ${text(b.allotedVehicleId)}::uuid, ${text(b.allotedDriverId)}::uuid, ${b.network !== undefined},
        ${text(b.network)}, ${Boolean(b.isBilled)}, coalesce(${text(b.createdAt)}::timestamptz, now()))`,
    );
    await h.database.db.withTenant(tenantId, (tx) =>
      tx.execute(`
        insert into bookings.bookings (id, tenant_id, booking_no, status, customer_id, from_city_id, to_city_id,
          vehicle_group_id, duty_type_id, reporting_at, start_date, alloted_vehicle_id, alloted_driver_id,
          is_network_incoming, network_request_status, is_billed, created_at)
        values ${values.join(',\n')}`),
    );
  }

  async function tenantOf(token: string): Promise<string> {
    const me = await h.query('user.me', undefined, bearer(token));
    return (me.body.result!.data as { tenant: { id: string } }).tenant.id;
  }

  /** One GET carrying two lists, exactly as the web app's batching link sends them. */
  async function batchedLists(token: string, inputs: [unknown, unknown]) {
    const input = JSON.stringify({
      0: transformer.serialize(inputs[0]),
      1: transformer.serialize(inputs[1]),
    });
    const res = await fetch(`${h.baseUrl}/api/trpc/${LIST}?batch=1&input=${encodeURIComponent(input)}`, {
      headers: bearer(token),
    });
    // Parsed from text so Dates are made in this test's realm (see support.ts).
    const body = JSON.parse(await res.text()) as {
      result?: { data: never };
      error?: { json: { message: string; data: { code: string; path: string } } };
    }[];
    return {
      status: res.status,
      answers: body.map((one) => (one.result ? { data: transformer.deserialize(one.result.data) } : one)),
    };
  }

  /** The ids of seeds, in the order given. */
  const ids = (...seeds: Seed[]) => seeds.map((s) => s.id);

  beforeAll(async () => {
    h = await bootGateway();
    ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Epsilon Cabs' }));
    ({ token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Zeta Cabs' }));
    await insertBookings(await tenantOf(ownerToken), [A, B, C, D, E, F]);
    // Another operator's allotted duty never shows in Epsilon Cabs' lists.
    await insertBookings(await tenantOf(otherToken), [
      { id: randomUUID(), no: 1, status: 'ALLOTED', startDate: '2040-03-01' },
    ]);
  });
  afterAll(() => h?.close());

  it('answers a batched GET with a page per tab, each in the tab’s own order', async () => {
    const { status, answers } = await batchedLists(ownerToken, [
      { tab: 'allotted' },
      { tab: 'completed', limit: 1 },
    ]);
    expect(status).toBe(200);
    const [allotted, completed] = answers as {
      data: { bookings: { id: string }[]; nextCursor: string | null; hasMore: boolean };
    }[];
    // Work ahead: soonest first.
    expect(allotted!.data.bookings.map((b) => b.id)).toEqual(ids(B, A, C));
    expect(allotted!.data).toEqual(expect.objectContaining({ nextCursor: null, hasMore: false }));
    // History: newest first, one at a time.
    expect(completed!.data.bookings.map((b) => b.id)).toEqual(ids(E));
    expect(completed!.data).toEqual(
      expect.objectContaining({ nextCursor: expect.any(String), hasMore: true }),
    );
  });

  it('gives each booking as camelCase JSON: Dates, a numeric booking number, nulls for unset fields', async () => {
    const owner = h.client(() => bearer(ownerToken));
    const page = await owner.booking.list.query({ tab: 'allotted', sortBy: 'start_date', order: 'desc' });
    expect(page.bookings.map((b) => b.id)).toEqual(ids(C, A, B));
    const [c, a] = page.bookings;
    expect(a).toEqual({
      id: A.id,
      bookingNo: 1,
      type: 'PARENT',
      status: 'ALLOTED',
      customerId: '00000000-0000-4000-8000-000000000001',
      fromCityId: 'mumbai',
      toCityId: 'pune',
      vehicleGroupId: expect.any(String),
      dutyTypeId: expect.any(String),
      reportingAt: new Date('2040-03-02T03:30:00Z'),
      startDate: '2040-03-02',
      allotedVehicleId: vehicle,
      allotedDriverId: driver,
      isNetworkIncoming: false,
      networkRequestStatus: null,
      isBilled: false,
      createdAt: new Date('2040-02-01T10:00:00Z'),
      customerName: '',
      passengers: [],
      vehicleNo: null,
      driverName: null,
      driverPhone: null,
      supplierName: null,
      labelIds: [],
      slipMedium: null,
      version: 1,
      // Named from the ids; these seeded ones name no city, duty type or group the operator has.
      fromCityName: null,
      toCityName: null,
      dutyTypeName: null,
      vehicleGroupName: null,
      labels: [],
    });
    expect(a!.reportingAt).toBeInstanceOf(Date);
    expect(c).toEqual(
      expect.objectContaining({
        bookingNo: 3,
        toCityId: null,
        allotedVehicleId: null,
        allotedDriverId: null,
        isNetworkIncoming: true,
        networkRequestStatus: 'ACCEPTED',
        reportingAt: new Date('2040-03-03T03:30:00Z'),
      }),
    );
  });

  it('pages with the cursor it hands out, and takes the spec’s Onging link', async () => {
    const owner = h.client(() => bearer(ownerToken));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await owner.booking.list.query({ tab: 'all', sortBy: 'created_at', limit: 2, cursor });
      seen.push(...page.bookings.map((b) => b.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual(ids(A, B, C, D, E, F).sort());
    expect(await owner.booking.list.query({ tab: 'Onging' })).toEqual({
      bookings: [],
      nextCursor: null,
      hasMore: false,
    });
    expect((await owner.booking.list.query({ tab: 'bill-pending' })).bookings.map((b) => b.id)).toEqual(
      ids(D),
    );
  });

  it('answers BAD_REQUEST naming the tabs for a tab that does not exist', async () => {
    const { status, body } = await h.query('booking.list', { tab: 'finished' }, bearer(ownerToken));
    expect(status).toBe(400);
    expect(body.error?.message).toBe(
      'There is no booking tab “finished”. The tabs are: incoming, needs-attention, allotment-pending, allotted, upcoming, dispatched, ongoing, completed, failed, cancelled, bill-pending, all.',
    );
    expect((await h.query('booking.list', { tab: 'x'.repeat(41) }, bearer(ownerToken))).status).toBe(400);
    expect((await h.query('booking.list', {}, bearer(ownerToken))).status).toBe(400);
  });

  it('answers FORBIDDEN to a user without view_booking', async () => {
    const { body: profile } = await h.mutate(
      'permissionProfile.create',
      { name: 'Messages desk', permissions: ['view_sms'] },
      bearer(ownerToken),
    );
    const phone = freshPhone();
    const created = await h.mutate(
      'employee.create',
      { name: 'Meena', phone, permissionProfileId: (profile.result!.data as { id: string }).id },
      bearer(ownerToken),
    );
    expect(created.status).toBe(200);
    const employee = await h.signIn(phone);

    const { status, answers } = await batchedLists(employee.token, [{ tab: 'allotted' }, { tab: 'all' }]);
    expect(status).toBe(403);
    expect(answers).toEqual(
      ['booking.list', 'booking.list'].map((path) => ({
        error: {
          json: expect.objectContaining({
            message:
              'You need the “View Bookings” permission to do this. Ask an administrator of your company to give it to you.',
            data: expect.objectContaining({ code: 'FORBIDDEN', httpStatus: 403, path }),
          }),
        },
      })),
    );
  });

  it('answers UNAUTHORIZED without a session', async () => {
    expect((await h.query('booking.list', { tab: 'all' })).status).toBe(401);
  });
});
