import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import type { ListSearch } from './list-state';

export interface SortOption {
  value: string;
  label: string;
}

/** Search, the active/inactive switch and the sort choice, the same on every list. */
export function ListToolbar({
  state,
  update,
  sortOptions,
  searchPlaceholder = 'Search',
  filters,
}: {
  state: ListSearch;
  update: (patch: Partial<ListSearch>) => void;
  sortOptions: SortOption[];
  searchPlaceholder?: string;
  filters?: ReactNode;
}) {
  const [search, setSearch] = useState(state.search);
  const commit = useDebouncedCallback((value: string) => update({ search: value }), 300);
  useEffect(() => setSearch(state.search), [state.search]);
  const sortValue = `${state.sortBy ?? sortOptions[0]?.value}:${state.order}`;
  return (
    <Group gap="sm" wrap="wrap" align="end">
      <TextInput
        aria-label="Search"
        placeholder={searchPlaceholder}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          commit(e.currentTarget.value);
        }}
        w={260}
      />
      <SegmentedControl
        aria-label="Show"
        value={state.active}
        onChange={(value) => update({ active: value as ListSearch['active'] })}
        data={[
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
          { value: 'all', label: 'All' },
        ]}
      />
      {filters}
      <Select
        aria-label="Sort by"
        w={220}
        allowDeselect={false}
        value={sortValue}
        onChange={(value) => {
          const [sortBy, order] = (value ?? '').split(':');
          update({ sortBy, order: order as ListSearch['order'] });
        }}
        data={sortOptions.flatMap((o) => [
          { value: `${o.value}:asc`, label: `${o.label} ↑` },
          { value: `${o.value}:desc`, label: `${o.label} ↓` },
        ])}
      />
    </Group>
  );
}
