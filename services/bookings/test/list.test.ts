// The list behind each Duties tab (/duties/bookings/{tab}) on a real PostgreSQL, through the gRPC route
// as the gateway calls it: which bookings each tab holds, keyset paging in every order, the operator's
// "today", isolation between operators, and the refusals.
import { randomUUID } from 'node:crypto';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { BOOKING_TABS, type BookingTab } from '@fleet/domain';
import { anonymousCaller, type Caller, callAs, rows } from '@fleet/platform';
import type { Booking } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import { SortDirection } from '@fleet/proto/fleet/common/v1/common_pb';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingSort, isInTab, TAB_COUNT_PERMISSION, TAB_LIST_PERMISSION, type TabFacts } from '../src';
import { tabListSql } from '../src/storage/bookings-store';
import { type BookingSeed, type BookingsHarness, bootBookings, insertBookings } from './support';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

// The module's clock: 01:30 on 16 January 2030 in Kolkata, when it is still the 15th in UTC.
const NOW = new Date('2030-01-15T20:00:00Z');
const TODAY = '2030-01-16';
const YESTERDAY = '2030-01-15';
const TOMORROW = '2030-01-17';

let h: BookingsHarness;

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
});
afterAll(() => h?.close());

const viewer = (tenantId: string) => h.callerFor(tenantId, [TAB_LIST_PERMISSION]);

const facts = (status: TabFacts['status'], more: Partial<TabFacts> = {}): TabFacts => ({
  status,
  networkRequestStatus: null,
  isNetworkIncoming: false,
  hasPendingAssociateRequest: false,
  driverRejected: false,
  supplierRejected: false,
  isBilled: false,
  startDate: TOMORROW,
  ...more,
});

interface PageAsked {
  tab: string;
  sortBy?: BookingSort | string;
  direction?: SortDirection;
  cursor?: string;
  limit?: number;
}

function listPage(caller: Caller, ask: PageAsked) {
  return h.client.listBookings(
    {
      tab: ask.tab,
      page: {
        sortBy: ask.sortBy ?? '',
        direction: ask.direction ?? SortDirection.UNSPECIFIED,
        cursor: ask.cursor ?? '',
        limit: ask.limit ?? 0,
      },
    },
    callAs(caller),
  );
}

/** Every page of a list, following the cursors; each page's size and has-more as it came. */
async function listAll(caller: Caller, ask: PageAsked) {
  const bookings: Booking[] = [];
  const pages: { size: number; hasMore: boolean }[] = [];
  let cursor = '';
  do {
    const page = await listPage(caller, { ...ask, cursor });
    bookings.push(...page.bookings);
    pages.push({ size: page.bookings.length, hasMore: page.pageInfo?.hasMore ?? false });
    cursor = page.pageInfo?.nextCursor ?? '';
    if (pages.length > 100) throw new Error('the cursor never ran out');
  } while (cursor);
  return { ids: bookings.map((b) => b.id), pages, bookings };
}

// [what the booking is, the booking, the tabs it is in besides `all`] — written out by hand, so the
// rules are checked against a reading of DOMAIN.md rather than against themselves.
const KINDS: [string, TabFacts, BookingTab[]][] = [
  [
    'an unanswered network duty for tomorrow',
    facts('BOOKED', { isNetworkIncoming: true, networkRequestStatus: 'PENDING' }),
    ['incoming', 'allotment-pending', 'upcoming'],
  ],
  [
    'an allotted duty today with an associate’s pending request',
    facts('ALLOTED', { hasPendingAssociateRequest: true, startDate: TODAY }),
    ['needs-attention', 'allotted', 'upcoming'],
  ],
  [
    'a duty from yesterday still without a driver',
    facts('DRIVER_NEEDED', { startDate: YESTERDAY }),
    ['allotment-pending'],
  ],
  [
    'a supplier request the supplier rejected',
    facts('SUPPLIER_REQUESTED', { supplierRejected: true }),
    ['needs-attention', 'allotment-pending', 'upcoming'],
  ],
  [
    'a supplier request still waiting, today',
    facts('SUPPLIER_REQUESTED', { startDate: TODAY }),
    ['upcoming'],
  ],
  [
    'a supplier’s accepted duty with details',
    facts('SUPPLIER_ACCEPTED', { startDate: TODAY }),
    ['allotted', 'upcoming'],
  ],
  [
    'a duty the driver rejected yesterday',
    facts('DRIVER_REJECTED', { startDate: YESTERDAY }),
    ['needs-attention', 'allotment-pending'],
  ],
  ['a tentative booking for tomorrow', facts('UNCONFIRMED'), ['upcoming']],
  ['a dispatched duty', facts('DISPATCHED', { startDate: TODAY }), ['dispatched']],
  ['a driver on the way to the garage', facts('DRIVER_GARAGE_START', { startDate: TODAY }), ['dispatched']],
  [
    'a duty started after a passenger no-show',
    facts('DRIVER_DUTY_START_PASSENGER_NO_SHOW', { startDate: TODAY }),
    ['ongoing'],
  ],
  ['a duty the driver ended', facts('DRIVER_DUTY_END', { startDate: YESTERDAY }), ['completed']],
  ['a closed duty not billed yet', facts('CLOSED', { startDate: YESTERDAY }), ['completed', 'bill-pending']],
  ['a closed and billed duty', facts('CLOSED', { startDate: YESTERDAY, isBilled: true }), ['completed']],
  ['an unfulfilled duty', facts('UNFULFILLED', { startDate: YESTERDAY }), ['failed']],
  ['a cancelled duty for tomorrow', facts('CANCELLED'), ['cancelled']],
  ['a no-show cancellation', facts('CANCELLATION_NO_SHOW', { startDate: YESTERDAY }), ['cancelled']],
  ['a cancellation the network customer asked for', facts('CANCELLATION_REQUESTED'), ['needs-attention']],
];

describe('each tab', () => {
  const alpha = randomUUID();
  const beta = randomUUID();
  const seeded = { alpha: [] as string[], beta: [] as string[] };

  beforeAll(async () => {
    const seeds = (ids: string[]): BookingSeed[] =>
      KINDS.map(([, booking]) => {
        const id = randomUUID();
        ids.push(id);
        return { ...booking, id };
      });
    await insertBookings(h, alpha, seeds(seeded.alpha));
    // Another operator with the same kinds of bookings, which no list of alpha's may show.
    await insertBookings(h, beta, seeds(seeded.beta));
  });

  it.each(BOOKING_TABS)('%s lists exactly its bookings, the caller’s operator’s only', async (tab) => {
    const expected = (ids: string[]) =>
      KINDS.flatMap(([, , tabs], i) => (tab === 'all' || tabs.includes(tab) ? [ids[i]] : [])).sort();
    expect(expected(seeded.alpha).length).toBeGreaterThan(0);
    expect((await listAll(viewer(alpha), { tab })).ids.sort()).toEqual(expected(seeded.alpha));
    expect((await listAll(viewer(beta), { tab })).ids.sort()).toEqual(expected(seeded.beta));
    // The in-memory rule agrees with the hand-written table.
    const inMemory = KINDS.flatMap(([, booking], i) =>
      isInTab(tab, booking, { today: TODAY }) ? [seeded.alpha[i]] : [],
    );
    expect(inMemory.sort()).toEqual(expected(seeded.alpha));
  });

  it('reads "today" in the operator’s time zone: upcoming starts at Kolkata’s date, not UTC’s', async () => {
    const upcoming = await listAll(viewer(alpha), { tab: 'upcoming' });
    const dates = new Set(upcoming.bookings.map((b) => b.startDate));
    expect([...dates].sort()).toEqual([TODAY, TOMORROW]);
  });

  it('takes the spec’s Onging link for ongoing', async () => {
    const [onging, ongoing] = await Promise.all([
      listAll(viewer(alpha), { tab: 'Onging' }),
      listAll(viewer(alpha), { tab: 'ongoing' }),
    ]);
    expect(onging.ids).toEqual(ongoing.ids);
    expect(onging.bookings.map((b) => b.status)).toEqual(['DRIVER_DUTY_START_PASSENGER_NO_SHOW']);
  });

  it('shows an operator with no bookings an empty last page', async () => {
    expect((await listPage(viewer(alpha), { tab: 'all' })).bookings.length).toBeGreaterThan(0);
    const page = await listPage(viewer(randomUUID()), { tab: 'all' });
    expect(page.bookings).toEqual([]);
    expect(page.pageInfo).toEqual(expect.objectContaining({ nextCursor: '', hasMore: false }));
  });
});

describe('a booking in a list', () => {
  const tenantId = randomUUID();

  it('carries its fields as the Booking message', async () => {
    const id = randomUUID();
    await insertBookings(h, tenantId, [
      {
        ...facts('BOOKED', { isNetworkIncoming: true, networkRequestStatus: 'PENDING', startDate: TODAY }),
        id,
        reportingAt: '2030-01-16T04:15:00Z',
        createdAt: '2030-01-10T08:00:00.5Z',
      },
      facts('CLOSED', { isBilled: true }),
    ]);
    const { bookings } = await listAll(viewer(tenantId), { tab: 'incoming' });
    expect(bookings).toHaveLength(1);
    const [booking] = bookings;
    const [stored] = await h.database.db.withTenant(tenantId, (tx) =>
      rows<Record<string, string>>(
        tx,
        sql`select customer_id::text as "customerId", vehicle_group_id::text as "vehicleGroupId",
              duty_type_id::text as "dutyTypeId" from bookings.bookings where id = ${id}`,
      ),
    );
    expect({
      id: booking!.id,
      bookingNo: booking!.bookingNo,
      type: booking!.type,
      status: booking!.status,
      customerId: booking!.customerId,
      fromCityId: booking!.fromCityId,
      toCityId: booking!.toCityId,
      vehicleGroupId: booking!.vehicleGroupId,
      dutyTypeId: booking!.dutyTypeId,
      reportingAt: timestampDate(booking!.reportingAt!).toISOString(),
      startDate: booking!.startDate,
      allotedVehicleId: booking!.allotedVehicleId,
      allotedDriverId: booking!.allotedDriverId,
      isNetworkIncoming: booking!.isNetworkIncoming,
      networkRequestStatus: booking!.networkRequestStatus,
      isBilled: booking!.isBilled,
      createdAt: timestampDate(booking!.createdAt!).toISOString(),
    }).toEqual({
      id,
      bookingNo: 1n,
      type: 'PARENT',
      status: 'BOOKED',
      ...stored,
      fromCityId: 'mumbai',
      toCityId: '',
      reportingAt: '2030-01-16T04:15:00.000Z',
      startDate: TODAY,
      allotedVehicleId: '',
      allotedDriverId: '',
      isNetworkIncoming: true,
      networkRequestStatus: 'PENDING',
      isBilled: false,
      createdAt: '2030-01-10T08:00:00.500Z',
    });

    const [billed] = (await listAll(viewer(tenantId), { tab: 'completed' })).bookings;
    expect({
      no: billed!.bookingNo,
      isBilled: billed!.isBilled,
      request: billed!.networkRequestStatus,
    }).toEqual({
      no: 2n,
      isBilled: true,
      request: '',
    });
  });
});

describe('paging', () => {
  const tenantId = randomUUID();
  // Five allotted duties whose sort keys tie in pairs (broken by id) and, for created_at, differ by a
  // single microsecond — a cursor that rounded to milliseconds would skip or repeat a row.
  const FIVE: (BookingSeed & { id: string; createdAt: string; reportingAt: string })[] = [
    ['2030-01-20', '2030-01-01T10:00:00.000000Z', '2030-01-20T04:00:00.000000Z'],
    ['2030-01-18', '2030-01-01T10:00:00.000000Z', '2030-01-18T04:00:00.000000Z'],
    ['2030-01-20', '2030-01-02T09:00:00.123456Z', '2030-01-18T04:00:00.000000Z'],
    ['2030-01-19', '2030-01-02T09:00:00.123457Z', '2030-01-21T04:00:00.000000Z'],
    ['2030-01-18', '2029-12-31T23:00:00.000000Z', '2030-01-19T04:00:00.000000Z'],
  ].map(([startDate, createdAt, reportingAt]) => ({
    ...facts('ALLOTED', { startDate }),
    id: randomUUID(),
    createdAt: createdAt!,
    reportingAt: reportingAt!,
  }));
  const keyOf: Record<BookingSort, (b: (typeof FIVE)[number]) => string> = {
    start_date: (b) => b.startDate,
    created_at: (b) => b.createdAt,
    reporting_date: (b) => b.reportingAt,
  };
  const order = (sortBy: BookingSort, direction: 'asc' | 'desc') => {
    const key = keyOf[sortBy];
    const asc = [...FIVE]
      .sort((a, b) => (key(a) === key(b) ? (a.id < b.id ? -1 : 1) : key(a) < key(b) ? -1 : 1))
      .map((b) => b.id);
    return direction === 'asc' ? asc : asc.reverse();
  };

  beforeAll(() => insertBookings(h, tenantId, FIVE));

  describe.each<BookingSort>(['start_date', 'created_at', 'reporting_date'])('by %s', (sortBy) => {
    it.each([
      ['asc', SortDirection.ASC],
      ['desc', SortDirection.DESC],
    ] as const)('%s, two at a time, returns every booking once, in order', async (direction, proto) => {
      const listed = await listAll(viewer(tenantId), { tab: 'allotted', sortBy, direction: proto, limit: 2 });
      expect(listed.ids).toEqual(order(sortBy, direction));
      expect(listed.pages).toEqual([
        { size: 2, hasMore: true },
        { size: 2, hasMore: true },
        { size: 1, hasMore: false },
      ]);
    });
  });

  it('runs by start date, oldest first, for work ahead and newest first for history', async () => {
    expect((await listAll(viewer(tenantId), { tab: 'allotted', limit: 2 })).ids).toEqual(
      order('start_date', 'asc'),
    );
    expect((await listAll(viewer(tenantId), { tab: 'all', limit: 2 })).ids).toEqual(
      order('start_date', 'desc'),
    );
    // The caller's direction wins over the tab's.
    expect((await listAll(viewer(tenantId), { tab: 'all', direction: SortDirection.ASC })).ids).toEqual(
      order('start_date', 'asc'),
    );
  });

  it('refuses a cursor from another sort, or a made-up one', async () => {
    const first = await listPage(viewer(tenantId), { tab: 'allotted', sortBy: 'start_date', limit: 2 });
    const cursor = first.pageInfo!.nextCursor;
    for (const bad of [
      { sortBy: 'created_at', cursor },
      { sortBy: 'start_date', cursor: 'not-a-cursor' },
      {
        sortBy: 'start_date',
        cursor: Buffer.from(JSON.stringify(['2030-01-18', 'x'])).toString('base64url'),
      },
      { sortBy: 'start_date', cursor: Buffer.from(JSON.stringify([1, randomUUID()])).toString('base64url') },
    ]) {
      const error = await expectDomainError(
        listPage(viewer(tenantId), { tab: 'allotted', limit: 2, ...bad }),
      );
      expect({ code: error.code, fields: error.fieldViolations.map((v) => v.field) }).toEqual({
        code: 'INVALID_ARGUMENT',
        fields: ['cursor'],
      });
    }
  });

  it.each<[BookingSort, string]>([
    ['start_date', 'bookings_by_start_date'],
    ['created_at', 'bookings_by_created_at'],
    ['reporting_date', 'bookings_by_reporting_at'],
  ])('reads pages by %s from %s, in order, without sorting', async (sortBy, index) => {
    for (const direction of ['asc', 'desc'] as const) {
      const [explained] = await h.database.db.withTenant(tenantId, async (tx) => {
        // A table this small would be read whole; forbid that, as the planner would for a large one.
        await tx.execute(sql`set local enable_seqscan = off`);
        const query = tabListSql({ tab: 'all', on: { today: TODAY }, sortBy, direction, limit: 50 });
        return rows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(tx, sql`explain (format json) ${query}`);
      });
      const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
      const plan = nodes(explained!['QUERY PLAN'][0].Plan);
      // The page from its sort's index; each row's first passenger by the contacts' key.
      expect(plan.flatMap((node) => node['Index Name'] ?? [])).toEqual([index, 'booking_contacts_pkey']);
      expect(plan.map((node) => node['Node Type'])).not.toContain('Sort');
    }
  });
});

describe('what the service refuses', () => {
  const tenantId = randomUUID();

  it('an unknown tab, naming the tabs there are', async () => {
    for (const tab of ['finished', '', 'Ongoing']) {
      const error = await expectDomainError(listPage(viewer(tenantId), { tab }));
      expect(error.code).toBe('INVALID_ARGUMENT');
      expect(error.message).toBe(
        `There is no booking tab “${tab}”. The tabs are: incoming, needs-attention, allotment-pending, allotted, upcoming, dispatched, ongoing, completed, failed, cancelled, bill-pending, all.`,
      );
      expect(error.fieldViolations.map((v) => v.field)).toEqual(['tab']);
    }
  });

  it('a sort the spec does not offer for bookings', async () => {
    const error = await expectDomainError(listPage(viewer(tenantId), { tab: 'all', sortBy: 'name' }));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toBe('Bookings sort by start_date, created_at, reporting_date.');
  });

  it('a page larger than the spec’s limit', async () => {
    const error = await expectDomainError(listPage(viewer(tenantId), { tab: 'all', limit: 1001 }));
    expect(error.code).toBe('INVALID_ARGUMENT');
  });

  it('a caller without view_booking, before looking at the tab', async () => {
    for (const tab of ['all', 'no-such-tab']) {
      const error = await expectDomainError(listPage(h.callerFor(tenantId, [TAB_COUNT_PERMISSION]), { tab }));
      expect(error.code).toBe('PERMISSION_DENIED');
      expect(error.message).toBe('You need the “View Bookings” permission to see bookings.');
    }
  });

  it('a caller who is not signed in to an operator', async () => {
    const error = await expectDomainError(listPage(anonymousCaller(), { tab: 'all' }));
    expect(error.code).toBe('UNAUTHENTICATED');
  });
});
