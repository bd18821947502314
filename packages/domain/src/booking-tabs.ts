// The Duties tabs (spec §2), declared once: the bookings service lists and counts them, the gateway
// guards them, and the web app's navigation and tab bar show them, all from this list. Which bookings
// each tab holds is the bookings service's rule (services/bookings/src/domain/tabs.ts), keyed by `id`.
//
// Permissions are written as checked literals rather than read from the catalogue, so the web app's
// first page does not download the whole permission catalogue for two names.
import type { PermissionId } from './permissions/catalogue';

/** Spec §2: every link under /duties/bookings/{tab} needs view_booking. */
export const BOOKING_LIST_PERMISSION = 'view_booking' satisfies PermissionId;

/** Spec §7: only holders of this permission poll the counted tabs' counts. */
export const BOOKING_COUNT_PERMISSION = 'view_accept_reject_incoming_requests' satisfies PermissionId;

export interface BookingTabDefinition {
  /** What the services and the API call the tab. */
  id: string;
  /** What the tab's link carries: /duties/bookings/{slug}. */
  slug: string;
  /** What the navigation and the tab bar show. */
  label: string;
  /** What the tab's list needs. */
  permission: PermissionId;
  /** For a tab whose count the shell polls beside its link: what the count needs. */
  countPermission?: PermissionId;
}

const list = BOOKING_LIST_PERMISSION;
const counted = { permission: list, countPermission: BOOKING_COUNT_PERMISSION } as const;

/** The tabs in navigation order; `all` is the unfiltered list. */
export const BOOKING_TAB_DEFINITIONS = [
  { id: 'incoming', slug: 'incoming', label: 'Incoming', ...counted },
  { id: 'needs-attention', slug: 'needs-attention', label: 'Needs Attention', ...counted },
  { id: 'allotment-pending', slug: 'allotment-pending', label: 'Allotment Pending', permission: list },
  { id: 'allotted', slug: 'allotted', label: 'Allotted', permission: list },
  { id: 'upcoming', slug: 'upcoming', label: 'Upcoming', permission: list },
  { id: 'dispatched', slug: 'dispatched', label: 'Dispatched', permission: list },
  // The spec spells this link Onging.
  { id: 'ongoing', slug: 'Onging', label: 'Ongoing', permission: list },
  { id: 'completed', slug: 'completed', label: 'Completed', permission: list },
  { id: 'failed', slug: 'failed', label: 'Duty Failed', permission: list },
  { id: 'cancelled', slug: 'cancelled', label: 'Cancelled', permission: list },
  { id: 'bill-pending', slug: 'bill-pending', label: 'Bill Pending', permission: list },
  { id: 'all', slug: 'all', label: 'All', permission: list },
] as const satisfies readonly BookingTabDefinition[];

type Definition = (typeof BOOKING_TAB_DEFINITIONS)[number];
export type BookingTab = Definition['id'];
/** The tabs whose counts the shell polls (spec §7). */
export type CountedBookingTab = Extract<Definition, { countPermission: PermissionId }>['id'];

/** The tabs' ids, in navigation order. */
export const BOOKING_TABS: readonly BookingTab[] = BOOKING_TAB_DEFINITIONS.map((tab) => tab.id);

export const COUNTED_BOOKING_TABS: readonly CountedBookingTab[] = BOOKING_TAB_DEFINITIONS.filter(
  (tab): tab is Extract<Definition, { countPermission: PermissionId }> => 'countPermission' in tab,
).map((tab) => tab.id);

/** Spellings of a tab in links other than its id: each link slug that differs from it, and lower-case onging. */
export const BOOKING_TAB_ALIASES: Readonly<Record<string, BookingTab>> = Object.freeze({
  ...Object.fromEntries(
    BOOKING_TAB_DEFINITIONS.filter((tab) => tab.slug !== tab.id).map((tab) => [tab.slug, tab.id]),
  ),
  onging: 'ongoing',
});

const byId = new Map<string, BookingTabDefinition & { id: BookingTab }>(
  BOOKING_TAB_DEFINITIONS.map((tab) => [tab.id, tab]),
);

/** The tab a link's slug (or a tab's id) names, or undefined when it names none. */
export function bookingTabFromSlug(slug: string): BookingTab | undefined {
  if (byId.has(slug)) return slug as BookingTab;
  return Object.hasOwn(BOOKING_TAB_ALIASES, slug) ? BOOKING_TAB_ALIASES[slug] : undefined;
}

/** A tab's slug, label and permissions. */
export function bookingTab(tab: BookingTab): BookingTabDefinition & { id: BookingTab } {
  return byId.get(tab)!;
}

/** Spec §2: bookings sort by start_date, created_at or reporting_date (the reporting date and time). */
export const BOOKING_SORTS = ['start_date', 'created_at', 'reporting_date'] as const;

/** Spec §2's filter categories, as a Duties list offers them (their labels are the spec's). */
export const BOOKING_FILTER_KEYS = [
  'customers',
  'suppliers',
  'duty_types',
  'purchase_duty_types',
  'cities',
  'labels',
  'vehicle_groups',
  'purchase_vehicle_groups',
  'duty_slip_received',
  'customer_groups',
  'supplier_groups',
] as const;
export type BookingFilterKey = (typeof BOOKING_FILTER_KEYS)[number];
export type BookingSort = (typeof BOOKING_SORTS)[number];
export const DEFAULT_BOOKING_SORT: BookingSort = 'start_date';
