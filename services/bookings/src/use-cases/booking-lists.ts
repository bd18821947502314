import {
  BOOKING_FILTER_KEYS,
  BOOKING_TABS,
  bookingTab,
  getPermission,
  isReferenceCode,
  isUuid,
  type PermissionId,
} from '@fleet/domain';
import { invalidField, type Page, pageSize, permissionDenied, sortKey, toPage } from '@fleet/platform';
import { paddedBookingNoOf, searchTermOf } from '../domain/search-terms';
import {
  BOOKING_SORTS,
  DEFAULT_BOOKING_SORT,
  operatorDate,
  type SortDirection,
  TAB_DEFAULT_DIRECTION,
  TAB_LIST_PERMISSION,
  tabFromSlug,
} from '../domain/tabs';
import { BOOKING_FILTERS, type BookingRow, listTab } from '../storage/bookings-store';
import { countAllTabs } from '../storage/tab-sql';
import type { BookingsDeps, TenantCaller } from './deps';

export interface BookingListInput {
  /** A tab's slug as the web app's link carries it (/duties/bookings/{tab}). */
  tab: string;
  /** start_date unless given; '' counts as not given. */
  sortBy?: string;
  /** The tab's own default unless given. */
  direction?: SortDirection;
  cursor?: string;
  limit?: number;
  /** By key (BOOKING_FILTERS): ids, city codes, or true/false for duty_slip_received. */
  filters?: { key: string; values: string[] }[];
  search?: string;
}

const MAX_FILTER_VALUES = 100;

/** The filters as the store takes them, each key and value checked; a bad one is named. */
function checkedFilters(filters: { key: string; values: string[] }[]) {
  return filters.map((filter, i) => {
    const key = BOOKING_FILTER_KEYS.find((k) => k === filter.key);
    if (!key) {
      throw invalidField(`filters.${i}.key`, `Bookings filter by ${BOOKING_FILTER_KEYS.join(', ')}.`);
    }
    if (filter.values.length > MAX_FILTER_VALUES) {
      throw invalidField(`filters.${i}.values`, `Choose at most ${MAX_FILTER_VALUES} at a time.`);
    }
    const type = BOOKING_FILTERS[key].type;
    filter.values.forEach((value, j) => {
      const ok =
        type === 'received'
          ? value === 'true' || value === 'false'
          : type === 'code'
            ? isReferenceCode(value)
            : isUuid(value);
      if (!ok) throw invalidField(`filters.${i}.values.${j}`, 'This is not one of the choices.');
    });
    return { key, values: filter.values };
  });
}

function requireHeld(caller: TenantCaller, permission: PermissionId): void {
  if (!caller.permissions.includes(permission)) {
    throw permissionDenied(`You need the “${getPermission(permission)?.name}” permission to see bookings.`);
  }
}

/** The bookings behind each Duties tab, one keyset page at a time, for the caller's operator only. */
export function createBookingLists(deps: BookingsDeps) {
  const { db, clock } = deps;

  return {
    async list(caller: TenantCaller, input: BookingListInput): Promise<Page<BookingRow>> {
      requireHeld(caller, TAB_LIST_PERMISSION);
      const tab = tabFromSlug(input.tab);
      if (!tab) {
        throw invalidField(
          'tab',
          `There is no booking tab “${input.tab}”. The tabs are: ${BOOKING_TABS.join(', ')}.`,
        );
      }
      // Every tab needs view_booking today; a tab declared with a permission of its own would need that too.
      requireHeld(caller, bookingTab(tab).permission);
      const sortBy = sortKey(input.sortBy, BOOKING_SORTS, DEFAULT_BOOKING_SORT, 'Bookings');
      const limit = pageSize(input.limit);
      const filters = checkedFilters(input.filters ?? []);
      const search = (input.search ?? '').trim();
      if (search.length > 100) throw invalidField('search', 'Search with at most 100 characters.');
      const fetched = await db.read(caller.tenantId, (tx) =>
        listTab(tx, {
          tab,
          // Read once per page: "today" is the operator's date when the page is asked for.
          on: { today: operatorDate(clock()) },
          sortBy,
          direction: input.direction ?? TAB_DEFAULT_DIRECTION[tab],
          cursor: input.cursor,
          limit,
          filters,
          searchTerm: search ? searchTermOf(search) : undefined,
          bookingNoTerm: search ? paddedBookingNoOf(search) : undefined,
        }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.id]);
    },

    /** Every tab's count in one call (the board's tab badges), on the operator's date. */
    async countAll(caller: TenantCaller): Promise<Record<string, number>> {
      requireHeld(caller, TAB_LIST_PERMISSION);
      return db.read(caller.tenantId, (tx) => countAllTabs(tx, { today: operatorDate(clock()) }));
    },
  };
}
