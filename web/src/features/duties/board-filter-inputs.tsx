// The board's filter inputs (spec §2's categories): a multi-select per category whose choices come from
// a master this person may list, and Duty Slip Received as Yes / No.
import { Select } from '@mantine/core';
import { mayListMaster, RefFilterInput } from '../common/list/list-filters';
import { type ListFilters, withFilter } from '../common/list/list-state';
import { BOARD_FILTERS, type BoardFilter, slipReceivedChoice } from './board-filters';

const WIDTH = 200;

/** A filter on another master is offered only to those who may list that master (its choices come from there). */
export const offeredBoardFilters = (permissions: ReadonlySet<string>): BoardFilter[] =>
  BOARD_FILTERS.filter((f) => f.choices !== 'master' || mayListMaster(f.master, permissions));

export function BoardFilterInputs({
  filters,
  permissions,
  onChange,
}: {
  filters: ListFilters;
  permissions: ReadonlySet<string>;
  onChange: (filters: ListFilters) => void;
}) {
  return (
    <>
      {offeredBoardFilters(permissions).map((filter) =>
        filter.choices === 'master' ? (
          <RefFilterInput
            key={filter.key}
            target={filter.master}
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
