// The incoming and needs-attention counts on a real PostgreSQL: the rows are written here with SQL (the
// service has no way to create bookings yet), then counted through the gRPC routes as the gateway calls them.
// The combination test at the end also lists every tab, so every tab's SQL is checked against `isInTab`.
import { randomUUID } from 'node:crypto';
import { BOOKING_STATUSES, BOOKING_TABS, CONNECTION_REQUEST_STATUSES } from '@fleet/domain';
import { anonymousCaller, type Caller, callAs, rows } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { COUNTED_TABS, isInTab, TAB_LIST_PERMISSION, type TabFacts } from '../src';
import { tabCountSql } from '../src/storage/tab-sql';
import {
  type BookingSeed,
  type BookingsHarness,
  bootBookings,
  insertBookings as insertRows,
} from './support';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

// The module's clock: 01:30 on 16 January 2030 in Kolkata, still the 15th in UTC.
const NOW = new Date('2030-01-15T20:00:00Z');
const TODAY = '2030-01-16';
const YESTERDAY = '2030-01-15';
const TOMORROW = '2030-01-17';

let h: BookingsHarness;

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
});
afterAll(() => h?.close());

const own = (status: TabFacts['status'], flags: Partial<TabFacts> = {}): TabFacts => ({
  status,
  networkRequestStatus: null,
  isNetworkIncoming: false,
  hasPendingAssociateRequest: false,
  driverRejected: false,
  supplierRejected: false,
  isBilled: false,
  startDate: TOMORROW,
  ...flags,
});
const fromNetwork = (
  request: NonNullable<TabFacts['networkRequestStatus']>,
  status: TabFacts['status'] = 'BOOKED',
  flags: Partial<TabFacts> = {},
): TabFacts => own(status, { isNetworkIncoming: true, networkRequestStatus: request, ...flags });

const insertBookings = (tenantId: string, bookings: BookingSeed[]) => insertRows(h, tenantId, bookings);

async function counts(caller: Caller) {
  const [incoming, needsAttention] = await Promise.all([
    h.client.countIncomingRequests({}, callAs(caller)),
    h.client.countNeedsAttention({}, callAs(caller)),
  ]);
  return { incoming: incoming.count, needsAttention: needsAttention.count };
}

// [what the booking is, the booking, in incoming?, in needs-attention?]
const CASES: [string, TabFacts, boolean, boolean][] = [
  ['a network customer’s duty we have not answered', fromNetwork('PENDING'), true, false],
  ['an unanswered network duty still unconfirmed', fromNetwork('PENDING', 'UNCONFIRMED'), true, false],
  ['a network duty we accepted', fromNetwork('ACCEPTED'), false, false],
  ['a network duty we rejected', fromNetwork('REJECTED'), false, false],
  ['a network duty whose request is paused', fromNetwork('PAUSED'), false, false],
  ['an unanswered network duty cancelled', fromNetwork('PENDING', 'CANCELLED'), false, false],
  [
    'an unanswered network duty cancelled as a no-show',
    fromNetwork('PENDING', 'CANCELLATION_NO_SHOW'),
    false,
    false,
  ],
  ['our own booking', own('BOOKED'), false, false],
  [
    'an associate’s pending update or cancellation request',
    own('ALLOTED', { hasPendingAssociateRequest: true }),
    false,
    true,
  ],
  ['a duty the driver rejected (status)', own('DRIVER_REJECTED'), false, true],
  ['a duty waiting for the supplier’s vehicle and driver', own('DETAILS_NEEDED'), false, true],
  ['a cancellation requested by the network customer', own('CANCELLATION_REQUESTED'), false, true],
  ['a cancellation requested by the associate', own('CANCELLATION_REQUEST_BY_ASSOCIATE'), false, true],
  [
    'a duty back in allotment after a driver rejection (flag)',
    own('DRIVER_NEEDED', { driverRejected: true }),
    false,
    true,
  ],
  ['a duty the network supplier rejected', own('BOOKED', { supplierRejected: true }), false, true],
  [
    'an unanswered network duty the customer asks to cancel',
    fromNetwork('PENDING', 'CANCELLATION_REQUESTED'),
    true,
    true,
  ],
  [
    'an accepted network duty with an associate request',
    fromNetwork('ACCEPTED', 'ALLOTED', { hasPendingAssociateRequest: true }),
    false,
    true,
  ],
  [
    'a cancelled booking with an associate request left over',
    own('CANCELLED', { hasPendingAssociateRequest: true }),
    false,
    false,
  ],
  [
    'a no-show cancellation the supplier had rejected',
    own('CANCELLATION_NO_SHOW', { supplierRejected: true }),
    false,
    false,
  ],
  ['a closed duty the driver once rejected', own('CLOSED', { driverRejected: true }), false, false],
  ['an allotted duty with nothing pending', own('ALLOTED'), false, false],
  ['a duty the driver accepted', own('DRIVER_ACCEPTED'), false, false],
  ['a duty under way', own('DRIVER_DUTY_START'), false, false],
];

describe('each kind of booking', () => {
  it.each(CASES)('%s', async (_what, booking, incoming, needsAttention) => {
    const tenantId = randomUUID();
    await insertBookings(tenantId, [booking]);
    expect(await counts(h.callerFor(tenantId))).toEqual({
      incoming: incoming ? 1 : 0,
      needsAttention: needsAttention ? 1 : 0,
    });
    // The in-memory reading of the same rule agrees.
    expect({
      incoming: isInTab('incoming', booking),
      needsAttention: isInTab('needs-attention', booking),
    }).toEqual({ incoming, needsAttention });
  });
});

describe('several operators', () => {
  const alpha = randomUUID();
  const beta = randomUUID();
  const expected = {
    incoming: CASES.filter(([, , incoming]) => incoming).length,
    needsAttention: CASES.filter(([, , , needsAttention]) => needsAttention).length,
  };

  beforeAll(async () => {
    const bookings = CASES.map(([, booking]) => booking);
    await insertBookings(alpha, bookings);
    await insertBookings(beta, [...bookings, ...bookings]);
  });

  it('counts only the caller’s own operator’s bookings', async () => {
    expect(expected).toEqual({ incoming: 3, needsAttention: 9 });
    expect(await counts(h.callerFor(alpha))).toEqual(expected);
    expect(await counts(h.callerFor(beta))).toEqual({
      incoming: 2 * expected.incoming,
      needsAttention: 2 * expected.needsAttention,
    });
    expect(await counts(h.callerFor(randomUUID()))).toEqual({ incoming: 0, needsAttention: 0 });
  });

  it('numbers each operator’s bookings 1, 2, 3… from its own counter', async () => {
    const numbers = (tenantId: string) =>
      h.database.db.withTenant(tenantId, (tx) =>
        rows<{ no: string }>(
          tx,
          sql`select booking_no::text as no from bookings.bookings order by booking_no`,
        ),
      );
    const sequence = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
    expect((await numbers(alpha)).map((r) => r.no)).toEqual(sequence(CASES.length));
    expect((await numbers(beta)).map((r) => r.no)).toEqual(sequence(2 * CASES.length));
  });
});

describe('every status with every network state, flag and start date', () => {
  const tenantId = randomUUID();
  const everything: (TabFacts & { id: string })[] = [];
  for (const status of BOOKING_STATUSES) {
    for (const request of [null, ...CONNECTION_REQUEST_STATUSES]) {
      for (let flags = 0; flags < 16; flags += 1) {
        for (const startDate of [YESTERDAY, TODAY, TOMORROW]) {
          everything.push({
            id: randomUUID(),
            status,
            isNetworkIncoming: request !== null,
            networkRequestStatus: request,
            hasPendingAssociateRequest: (flags & 1) !== 0,
            driverRejected: (flags & 2) !== 0,
            supplierRejected: (flags & 4) !== 0,
            isBilled: (flags & 8) !== 0,
            startDate,
          });
        }
      }
    }
  }

  beforeAll(async () => {
    await insertBookings(tenantId, everything);
    // The planner judges the indexes by the table's statistics, as it would on a table in use.
    await h.database.db.asOwner((tx) => tx.execute(sql`analyze bookings.bookings`));
  });

  it('counts exactly the bookings the tab rules select', async () => {
    expect(everything).toHaveLength(BOOKING_STATUSES.length * 5 * 16 * 3);
    expect(await counts(h.callerFor(tenantId))).toEqual({
      incoming: everything.filter((b) => isInTab('incoming', b)).length,
      needsAttention: everything.filter((b) => isInTab('needs-attention', b)).length,
    });
  });

  it('counts every tab in one call exactly as the tab rules select, on the operator’s today', async () => {
    const { counts } = await h.client.countTabs({}, callAs(h.callerFor(tenantId, [TAB_LIST_PERMISSION])));
    expect(counts).toEqual(
      Object.fromEntries(
        BOOKING_TABS.map((tab) => [tab, everything.filter((b) => isInTab(tab, b, { today: TODAY })).length]),
      ),
    );
  });

  it.each(COUNTED_TABS)('answers %s from its partial index', async (tab) => {
    const [explained] = await h.database.db.withTenant(tenantId, async (tx) => {
      // A table this small would be read whole; forbid that, as the planner would for a large one.
      await tx.execute(sql`set local enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(tx, sql`explain (format json) ${tabCountSql(tab)}`);
    });
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const plan = nodes(explained!['QUERY PLAN'][0].Plan);
    // An index-only or a bitmap scan, as the planner judges the visibility map; no other index, no table scan.
    expect(plan.flatMap((node) => node['Index Name'] ?? [])).toEqual([
      `bookings_tab_${tab.replace(/-/g, '_')}`,
    ]);
    expect(plan.map((node) => node['Node Type'])).not.toContain('Seq Scan');
  });

  it.each(BOOKING_TABS)(
    'lists exactly the bookings the %s rule selects on the operator’s today',
    async (tab) => {
      const caller = h.callerFor(tenantId, [TAB_LIST_PERMISSION]);
      const listed: string[] = [];
      let cursor = '';
      do {
        const page = await h.client.listBookings({ tab, page: { limit: 1000, cursor } }, callAs(caller));
        listed.push(...page.bookings.map((b) => b.id));
        cursor = page.pageInfo?.nextCursor ?? '';
      } while (cursor);
      const expected = everything.filter((b) => isInTab(tab, b, { today: TODAY })).map((b) => b.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(listed.sort()).toEqual(expected.sort());
    },
  );
});

describe('who may ask', () => {
  it('refuses a caller without view_accept_reject_incoming_requests', async () => {
    const caller = h.callerFor(randomUUID(), ['view_booking', 'view_basic_driver_information']);
    // Each call starts only when awaited: a second call rejecting while the first is awaited would
    // be an unhandled rejection.
    for (const call of [
      () => h.client.countIncomingRequests({}, callAs(caller)),
      () => h.client.countNeedsAttention({}, callAs(caller)),
    ]) {
      const error = await expectDomainError(call());
      expect(error.code).toBe('PERMISSION_DENIED');
      expect(error.message).toBe(
        'You need the “Accept or Reject Incoming Requests” permission to see this count.',
      );
    }
  });

  it('refuses a caller who is not signed in to an operator', async () => {
    const error = await expectDomainError(h.client.countIncomingRequests({}, callAs(anonymousCaller())));
    expect(error.code).toBe('UNAUTHENTICATED');
  });
});
