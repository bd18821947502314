import { BOOKING_TABS, bookingTab, getPermission, type PermissionId } from '@fleet/domain';
import { invalidField, type Page, pageSize, permissionDenied, sortKey, toPage } from '@fleet/platform';
import {
  BOOKING_SORTS,
  DEFAULT_BOOKING_SORT,
  operatorDate,
  type SortDirection,
  TAB_DEFAULT_DIRECTION,
  TAB_LIST_PERMISSION,
  tabFromSlug,
} from '../domain/tabs';
import { type BookingRow, listTab } from '../storage/bookings-store';
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
      const fetched = await db.read(caller.tenantId, (tx) =>
        listTab(tx, {
          tab,
          // Read once per page: "today" is the operator's date when the page is asked for.
          on: { today: operatorDate(clock()) },
          sortBy,
          direction: input.direction ?? TAB_DEFAULT_DIRECTION[tab],
          cursor: input.cursor,
          limit,
        }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.id]);
    },
  };
}
