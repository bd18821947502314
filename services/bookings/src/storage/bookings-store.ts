// The tab lists: one keyset-paged query over bookings.bookings per tab, the tab's predicate from
// tab-sql.ts and the order from the migration's (tenant_id, sort key, id) indexes. Row-level security
// keeps the query to the transaction's operator, so no tenant condition is written here.
import type { BookingFilterKey, BookingTab } from '@fleet/domain';
import { type CursorShape, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import type { BookingRecord } from '../domain/booking';
import type { BookingSort, SortDirection, TabContext } from '../domain/tabs';
import { SCHEMA } from './migrations';
import { KEPT, tabPredicate } from './tab-sql';

export const BOOKING_COLUMNS = sql.raw(`
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

/** A list's filter categories (spec §2) as the board's columns hold them. */
export const BOOKING_FILTERS = {
  customers: { column: 'customer_id', type: 'uuid' },
  suppliers: { column: 'supplier_id', type: 'uuid' },
  duty_types: { column: 'duty_type_id', type: 'uuid' },
  purchase_duty_types: { column: 'purchase_duty_type_id', type: 'uuid' },
  cities: { column: 'from_city_id', type: 'code' },
  labels: { column: 'label_ids', type: 'uuids' },
  vehicle_groups: { column: 'vehicle_group_id', type: 'uuid' },
  purchase_vehicle_groups: { column: 'purchase_vehicle_group_id', type: 'uuid' },
  customer_groups: { column: 'customer_group_id', type: 'uuid' },
  supplier_groups: { column: 'supplier_group_id', type: 'uuid' },
  duty_slip_received: { column: 'slip_medium', type: 'received' },
} as const satisfies Record<BookingFilterKey, { column: string; type: string }>;

export interface TabListQuery {
  tab: BookingTab;
  on: TabContext;
  sortBy: BookingSort;
  direction: SortDirection;
  cursor?: string;
  limit: number;
  /** Checked values by key: ids, city codes, or 'true'/'false' for duty_slip_received. */
  filters?: { key: BookingFilterKey; values: string[] }[];
  /** A search term as searchTermOf makes it (lower-case, compact phones and vehicle numbers). */
  searchTerm?: string;
  /** A booking number the search names exactly (paddedBookingNoOf), found beside the term's matches. */
  bookingNoTerm?: string;
}

const listOf = (values: string[], type: string) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::${sql.raw(type)}`;

function filterSql({ key, values }: { key: BookingFilterKey; values: string[] }): SQL | undefined {
  const filter = BOOKING_FILTERS[key];
  const column = sql.raw(filter.column);
  switch (filter.type) {
    case 'uuid':
      return sql`${column} = any(${listOf(values, 'uuid[]')})`;
    case 'code':
      return sql`${column} = any(${listOf(values, 'text[]')})`;
    case 'uuids':
      return sql`${column} && ${listOf(values, 'uuid[]')}`;
    case 'received': {
      const received = values.includes('true');
      const notReceived = values.includes('false');
      if (received === notReceived) return undefined;
      return received ? sql`${column} is not null` : sql`${column} is null`;
    }
  }
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
  const conditions: SQL[] = [sql.raw(KEPT), sql.raw(`(${tabPredicate(query.tab, query.on)})`)];
  for (const filter of query.filters ?? []) {
    const condition = filterSql(filter);
    if (condition) conditions.push(condition);
  }
  if (query.searchTerm) {
    // `^@` (starts_with), not `like`: under row-level security only a leakproof operator may be an
    // index condition, and starts_with is one (like is not), so the prefix stays a range on the index.
    conditions.push(
      query.bookingNoTerm
        ? sql`id in (select booking_id from ${sql.raw(SCHEMA)}.booking_search_terms
            where term ^@ ${query.searchTerm} or term = ${query.bookingNoTerm})`
        : sql`id in (select booking_id from ${sql.raw(SCHEMA)}.booking_search_terms where term ^@ ${query.searchTerm})`,
    );
  }
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
