// The board's filter inputs (spec §2's categories): a multi-select per category whose choices are the
// names booking.choices gives whoever sees bookings, and Duty Slip Received as Yes / No.
import { Select } from '@mantine/core';
import { type ListFilters, withFilter } from '../common/list/list-state';
import { BOARD_FILTERS, slipReceivedChoice } from './board-filters';
import { BookingChoicesFilter } from './booking-choice-field';

const WIDTH = 200;

export function BoardFilterInputs({
  filters,
  onChange,
}: {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
}) {
  return (
    <>
      {BOARD_FILTERS.map((filter) =>
        filter.choices === 'master' ? (
          <BookingChoicesFilter
            key={filter.key}
            kind={filter.master}
            aria-label={filter.many}
            placeholder={filter.many}
            w={WIDTH}
            clearable
            value={filters[filter.key] ?? []}
            onChange={(values) => onChange(withFilter(filters, filter.key, values))}
          />
        ) : (
          <Select
            key={filter.key}
            aria-label={filter.one}
            placeholder={filter.one}
            w={WIDTH}
            clearable
            value={slipReceivedChoice(filters)}
            onChange={(value) => onChange(withFilter(filters, filter.key, value ? [value] : []))}
            data={[
              { value: 'true', label: 'Slip received: Yes' },
              { value: 'false', label: 'Slip received: No' },
            ]}
          />
        ),
      )}
    </>
  );
}
