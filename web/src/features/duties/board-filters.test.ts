import { BOOKING_FILTER_KEYS } from '@fleet/domain';
import { hasFilters, listFiltersSearch, withFilter } from '../common/list/list-state';
import { BOARD_FILTERS, boardFilterInput, slipReceivedChoice } from './board-filters';

const CUSTOMER = '0b6f2b4e-8d0a-4c52-9d55-2f0c9a4d7e11';
const LABEL = '5a1c7e90-3b4d-4f6e-8a2b-1c3d5e7f9a0b';

describe('the board’s filters in the URL', () => {
  it('offers every one of spec §2’s categories, with the spec’s labels', () => {
    expect(BOARD_FILTERS.map((f) => f.key).sort()).toEqual([...BOOKING_FILTER_KEYS].sort());
    expect(BOARD_FILTERS.find((f) => f.key === 'cities')?.many).toBe('From Cities');
  });

  it('reads what the URL holds, and a mangled URL as no filters rather than an error', () => {
    expect(listFiltersSearch.parse({ customers: [CUSTOMER] })).toEqual({ customers: [CUSTOMER] });
    expect(listFiltersSearch.parse('customers=oops')).toEqual({});
    expect(listFiltersSearch.parse(undefined)).toEqual({});
  });

  it('drops a category when its last value is removed, so Clear filters appears only while one is set', () => {
    const one = withFilter({}, 'customers', [CUSTOMER]);
    expect(one).toEqual({ customers: [CUSTOMER] });
    expect(hasFilters(one)).toBe(true);
    const none = withFilter(one, 'customers', []);
    expect(none).toEqual({});
    expect(hasFilters(none)).toBe(false);
  });

  it('asks booking.list for the chosen categories only, each value once', () => {
    expect(
      boardFilterInput({ customers: [CUSTOMER, CUSTOMER], labels: [LABEL], suppliers: [], colour: ['red'] }),
    ).toEqual({ customers: [CUSTOMER], labels: [LABEL] });
    expect(boardFilterInput({})).toBeUndefined();
    expect(boardFilterInput({ unknown: ['x'] })).toBeUndefined();
  });

  it('reads Duty Slip Received as one Yes or No; both or anything else is no filter', () => {
    expect(slipReceivedChoice({ duty_slip_received: ['true'] })).toBe('true');
    expect(boardFilterInput({ duty_slip_received: ['false'] })).toEqual({ duty_slip_received: ['false'] });
    expect(slipReceivedChoice({ duty_slip_received: ['true', 'false'] })).toBeNull();
    expect(boardFilterInput({ duty_slip_received: ['true', 'false'] })).toBeUndefined();
    expect(boardFilterInput({ duty_slip_received: ['maybe'] })).toBeUndefined();
  });
});
