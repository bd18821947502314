// The two counts the web app's shell polls every minute (spec §7), end to end: a batched GET through the
// gateway's permission guard to the real bookings module, on bookings written here with SQL.
import { transformer } from '@fleet/gateway';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

interface Booking {
  status: string;
  /** The network request status of a duty a network customer sent; absent for the operator's own. */
  network?: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'PAUSED';
  pendingAssociateRequest?: boolean;
  driverRejected?: boolean;
  supplierRejected?: boolean;
}

const COUNTS = 'booking.incomingRequestsCount,booking.needsAttentionCount';

describe('booking.incomingRequestsCount and booking.needsAttentionCount', () => {
  let h: GatewayHarness;
  let ownerToken: string;

  /** Writes bookings for an operator as the app role, under its row-level security. */
  async function insertBookings(tenantId: string, bookings: Booking[]) {
    const values = bookings.map(
      (b, i) => `(gen_random_uuid(), '${tenantId}', ${i + 1}, '${b.status}', gen_random_uuid(), 'pune',
        gen_random_uuid(), gen_random_uuid(), now(), current_date, ${b.network !== undefined},
        ${b.network ? `'${b.network}'` : 'null'}, ${Boolean(b.pendingAssociateRequest)},
        ${Boolean(b.driverRejected)}, ${Boolean(b.supplierRejected)})`,
    );
    await h.database.db.withTenant(tenantId, (tx) =>
      tx.execute(`
        insert into bookings.bookings (id, tenant_id, booking_no, status, customer_id, from_city_id,
          vehicle_group_id, duty_type_id, reporting_at, start_date, is_network_incoming,
          network_request_status, has_pending_associate_request, driver_rejected, supplier_rejected)
        values ${values.join(',\n')}`),
    );
  }

  async function tenantOf(token: string): Promise<string> {
    const me = await h.query('user.me', undefined, bearer(token));
    return (me.body.result!.data as { tenant: { id: string } }).tenant.id;
  }

  /** One GET carrying both queries, exactly as the web app's batching link sends them. */
  async function batchedCounts(token: string) {
    const input = JSON.stringify({
      0: transformer.serialize(undefined),
      1: transformer.serialize(undefined),
    });
    const res = await fetch(`${h.baseUrl}/api/trpc/${COUNTS}?batch=1&input=${encodeURIComponent(input)}`, {
      headers: bearer(token),
    });
    const body = (await res.json()) as {
      result?: { data: never };
      error?: { json: { message: string; data: { code: string; path: string } } };
    }[];
    return {
      status: res.status,
      answers: body.map((one) => (one.result ? { data: transformer.deserialize(one.result.data) } : one)),
    };
  }

  beforeAll(async () => {
    h = await bootGateway();
    ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Gamma Cabs' }));
    const { token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Delta Cabs' });
    await insertBookings(await tenantOf(ownerToken), [
      { status: 'BOOKED', network: 'PENDING' }, // incoming
      { status: 'UNCONFIRMED', network: 'PENDING' }, // incoming
      { status: 'BOOKED', network: 'ACCEPTED' },
      { status: 'CANCELLED', network: 'PENDING' },
      { status: 'DRIVER_REJECTED' }, // needs attention
      { status: 'BOOKED', supplierRejected: true }, // needs attention
      { status: 'ALLOTED', network: 'ACCEPTED', pendingAssociateRequest: true }, // needs attention
      { status: 'CLOSED', driverRejected: true },
      { status: 'ALLOTED' },
    ]);
    // Another operator's bookings never count for Gamma Cabs.
    await insertBookings(await tenantOf(otherToken), [
      { status: 'BOOKED', network: 'PENDING' },
      { status: 'DETAILS_NEEDED' },
    ]);
  });
  afterAll(() => h?.close());

  it('answers a batched GET with the spec’s shapes, counting the caller’s operator only', async () => {
    expect(await batchedCounts(ownerToken)).toEqual({
      status: 200,
      answers: [{ data: { incomingBookingsCount: 2 } }, { data: { needsAttentionCount: 3 } }],
    });
  });

  it('gives the web app’s client the same numbers', async () => {
    const owner = h.client(() => bearer(ownerToken));
    const [incoming, attention] = await Promise.all([
      owner.booking.incomingRequestsCount.query(),
      owner.booking.needsAttentionCount.query(),
    ]);
    expect(incoming).toEqual({ incomingBookingsCount: 2 });
    expect(attention).toEqual({ needsAttentionCount: 3 });
  });

  it('answers FORBIDDEN to a user without view_accept_reject_incoming_requests', async () => {
    const { body: profile } = await h.mutate(
      'permissionProfile.create',
      { name: 'Duties desk', permissions: ['view_booking'] },
      bearer(ownerToken),
    );
    const phone = freshPhone();
    const created = await h.mutate(
      'employee.create',
      { name: 'Ravi', phone, permissionProfileId: (profile.result!.data as { id: string }).id },
      bearer(ownerToken),
    );
    expect(created.status).toBe(200);
    const employee = await h.signIn(phone);

    const { status, answers } = await batchedCounts(employee.token);
    expect(status).toBe(403);
    expect(answers).toEqual(
      ['booking.incomingRequestsCount', 'booking.needsAttentionCount'].map((path) => ({
        error: {
          json: expect.objectContaining({
            message:
              'You need the “Accept or Reject Incoming Requests” permission to do this. Ask an administrator of your company to give it to you.',
            data: expect.objectContaining({ code: 'FORBIDDEN', httpStatus: 403, path }),
          }),
        },
      })),
    );
  });

  it('answers UNAUTHORIZED without a session', async () => {
    expect((await h.query('booking.needsAttentionCount')).status).toBe(401);
  });
});
