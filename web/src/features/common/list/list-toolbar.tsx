import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ReactNode, type Ref, useEffect, useState } from 'react';
import type { ListSearch } from './list-state';

export interface SortOption {
  value: string;
  label: string;
}

/**
 * The list's search as typed, committed to the list state (the URL) once typing pauses, and taken back
 * from it when the URL changes under it (back, a link, "Clear filters").
 */
export function ListSearchInput({
  value,
  onCommit,
  placeholder,
  width = 260,
  inputRef,
}: {
  value: string;
  onCommit: (value: string) => void;
  placeholder: string;
  width?: number;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [typed, setTyped] = useState(value);
  const commit = useDebouncedCallback(onCommit, 300);
  useEffect(() => setTyped(value), [value]);
  return (
    <TextInput
      ref={inputRef}
      aria-label="Search"
      placeholder={placeholder}
      value={typed}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      w={width}
    />
  );
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
  const sortValue = `${state.sortBy ?? sortOptions[0]?.value}:${state.order}`;
  return (
    <Group gap="sm" wrap="wrap" align="end">
      <ListSearchInput
        value={state.search}
        onCommit={(search) => update({ search })}
        placeholder={searchPlaceholder}
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
