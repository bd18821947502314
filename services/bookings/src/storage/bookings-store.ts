// The tab lists: one keyset-paged query over bookings.bookings per tab, the tab's predicate from
// tab-sql.ts and the order from the migration's (tenant_id, sort key, id) indexes. Row-level security
// keeps the query to the transaction's operator, so no tenant condition is written here.
import type { BookingTab } from '@fleet/domain';
import { type CursorShape, keyset, rows, type Tx } from '@fleet/platform';
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
  network_request_status as "networkRequestStatus", is_billed as "isBilled", created_at as "createdAt",
  customer_name as "customerName", vehicle_no as "vehicleNo", driver_name as "driverName",
  driver_phone as "driverPhone", supplier_name as "supplierName", label_ids::text[] as "labelIds",
  slip_medium as "slipMedium", version,
  coalesce((select jsonb_agg(jsonb_build_object('name', c.name, 'phone', c.phone, 'email', c.email,
      'customField', c.custom_field) order by c.position)
    from bookings.booking_contacts c
    where c.booking_id = bookings.id and c.role = 'PASSENGER' and c.position = 0), '[]') as passengers`);

/** The column behind each sort, and what its page links carry (every one of them is never null). */
const SORT_KEYS: Record<BookingSort, { column: string; cursor: CursorShape }> = {
  start_date: { column: 'start_date', cursor: { sort: { type: 'date', nullable: false } } },
  created_at: { column: 'created_at', cursor: { sort: { type: 'timestamp', nullable: false } } },
  reporting_date: { column: 'reporting_at', cursor: { sort: { type: 'timestamp', nullable: false } } },
};

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
 * The query for up to `limit + 1` bookings of a tab after the cursor, in the asked order. A cursor that
 * cannot be this sort's (a page link kept across a change of sort, or made up) is refused by keyset
 * before PostgreSQL is asked to read it.
 */
export function tabListSql(query: TabListQuery): SQL {
  const { column, cursor: shape } = SORT_KEYS[query.sortBy];
  const sortKey = sql.raw(column);
  const page = keyset({
    sortKey,
    id: sql.raw('id'),
    direction: query.direction,
    cursor: query.cursor,
    shape,
  });
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
