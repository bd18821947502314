// The tab lists: one keyset-paged query over bookings.bookings per tab, the tab's predicate from
// tab-sql.ts and the order from the migration's (tenant_id, sort key, id) indexes. Row-level security
// keeps the query to the transaction's operator, so no tenant condition is written here.
import type { BookingTab } from '@fleet/domain';
import { decodeCursor, invalidField, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import type { BookingRecord } from '../domain/booking';
import type { BookingSort, SortDirection, TabContext } from '../domain/tabs';
import { SCHEMA } from './migrations';
import { tabPredicate } from './tab-sql';

const BOOKING_COLUMNS = sql.raw(`
  id, booking_no::text as "bookingNo", type, status, customer_id as "customerId", from_city_id as "fromCityId",
  to_city_id as "toCityId", vehicle_group_id as "vehicleGroupId", duty_type_id as "dutyTypeId",
  reporting_at as "reportingAt", start_date::text as "startDate", alloted_vehicle_id as "allotedVehicleId",
  alloted_driver_id as "allotedDriverId", is_network_incoming as "isNetworkIncoming",
  network_request_status as "networkRequestStatus", is_billed as "isBilled", created_at as "createdAt"`);

/** The column behind each sort, and the shape of its text in a cursor. */
const SORT_KEYS: Record<BookingSort, { column: string; text: RegExp }> = {
  start_date: { column: 'start_date', text: /^\d{4,}-\d{2}-\d{2}$/ },
  created_at: {
    column: 'created_at',
    text: /^\d{4,}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}(:\d{2}){0,2}$/,
  },
  reporting_date: {
    column: 'reporting_at',
    text: /^\d{4,}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}(:\d{2}){0,2}$/,
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type BookingRow = BookingRecord & { sortKey: string };

export interface TabListQuery {
  tab: BookingTab;
  on: TabContext;
  sortBy: BookingSort;
  direction: SortDirection;
  cursor?: string;
  limit: number;
}

/**
 * A cursor carries the last row's sort key as text: refuse one that cannot be this sort's (a page link
 * kept across a change of sort, or made up) before PostgreSQL is asked to read it.
 */
function checkCursor(cursor: string, sortBy: BookingSort): void {
  const [value, id] = decodeCursor(cursor, 2);
  if (
    typeof value !== 'string' ||
    !SORT_KEYS[sortBy].text.test(value) ||
    typeof id !== 'string' ||
    !UUID.test(id)
  ) {
    throw invalidField('cursor', 'This page link is no longer valid; reload the list from the start.');
  }
}

/** The query for up to `limit + 1` bookings of a tab after the cursor, in the asked order. */
export function tabListSql(query: TabListQuery): SQL {
  if (query.cursor) checkCursor(query.cursor, query.sortBy);
  const sortKey = sql.raw(SORT_KEYS[query.sortBy].column);
  const page = keyset({ sortKey, id: sql.raw('id'), direction: query.direction, cursor: query.cursor });
  const conditions: SQL[] = [sql.raw(`(${tabPredicate(query.tab, query.on)})`)];
  if (page.after) conditions.push(page.after);
  return sql`select ${BOOKING_COLUMNS}, ${sortKey}::text as "sortKey"
    from ${sql.raw(SCHEMA)}.bookings
    where ${sql.join(conditions, sql` and `)}
    order by ${page.orderBy} limit ${query.limit + 1}`;
}

/** Up to `limit + 1` bookings of a tab (toPage turns them into a page and its cursor). */
export function listTab(tx: Tx, query: TabListQuery): Promise<BookingRow[]> {
  return rows<BookingRow>(tx, tabListSql(query));
}
