// Spec §2's filter categories as the duties board offers them: each key of BOOKING_FILTER_KEYS with the
// spec's labels and where its choices come from (another master, or Yes/No for the slip), and the
// filters kept in the URL turned into what booking.list takes.
import { BOOKING_FILTER_KEYS, type BookingChoiceKind, type BookingFilterKey } from '@fleet/domain';
import type { ListFilters } from '../common/list/list-state';

export type BoardFilter =
  | { key: BookingFilterKey; one: string; many: string; choices: 'master'; master: BookingChoiceKind }
  | { key: 'duty_slip_received'; one: string; many: string; choices: 'yes-no' };

export const BOARD_FILTERS: readonly BoardFilter[] = [
  { key: 'customers', one: 'Customer', many: 'Customers', choices: 'master', master: 'customer' },
  { key: 'suppliers', one: 'Supplier', many: 'Suppliers', choices: 'master', master: 'supplier' },
  { key: 'duty_types', one: 'Duty Type', many: 'Duty Types', choices: 'master', master: 'duty_type' },
  {
    key: 'purchase_duty_types',
    one: 'Purchase Duty Type',
    many: 'Purchase Duty Types',
    choices: 'master',
    master: 'duty_type',
  },
  { key: 'cities', one: 'From City', many: 'From Cities', choices: 'master', master: 'city' },
  { key: 'labels', one: 'Label', many: 'Labels', choices: 'master', master: 'label' },
  {
    key: 'vehicle_groups',
    one: 'Vehicle Group',
    many: 'Vehicle Groups',
    choices: 'master',
    master: 'vehicle_group',
  },
  {
    key: 'purchase_vehicle_groups',
    one: 'Purchase Vehicle Group',
    many: 'Purchase Vehicle Groups',
    choices: 'master',
    master: 'vehicle_group',
  },
  { key: 'duty_slip_received', one: 'Duty Slip Received', many: 'Duty Slip Received', choices: 'yes-no' },
  {
    key: 'customer_groups',
    one: 'Customer Group',
    many: 'Customer Groups',
    choices: 'master',
    master: 'customer_group',
  },
  {
    key: 'supplier_groups',
    one: 'Supplier Group',
    many: 'Supplier Groups',
    choices: 'master',
    master: 'supplier_group',
  },
];

const isFilterKey = (key: string): key is BookingFilterKey => BOOKING_FILTER_KEYS.some((k) => k === key);

/** What "Duty Slip Received" holds: received, not received, or either (no filter). */
export type SlipReceivedChoice = 'true' | 'false' | null;

export function slipReceivedChoice(filters: ListFilters): SlipReceivedChoice {
  const values = filters.duty_slip_received ?? [];
  const received = values.includes('true');
  const notReceived = values.includes('false');
  if (received === notReceived) return null;
  return received ? 'true' : 'false';
}

/**
 * The URL's filters as booking.list takes them: only the board's keys, only chosen values, and the slip
 * as one Yes or No (a hand-edited URL asking for both means either). Undefined when nothing is chosen.
 */
export function boardFilterInput(
  filters: ListFilters,
): Partial<Record<BookingFilterKey, string[]>> | undefined {
  const input: Partial<Record<BookingFilterKey, string[]>> = {};
  for (const [key, values] of Object.entries(filters)) {
    if (!isFilterKey(key) || values.length === 0) continue;
    if (key === 'duty_slip_received') {
      const choice = slipReceivedChoice(filters);
      if (choice) input[key] = [choice];
    } else {
      input[key] = [...new Set(values)];
    }
  }
  return Object.keys(input).length ? input : undefined;
}
