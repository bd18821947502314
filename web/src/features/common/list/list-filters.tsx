// The filters every list offers (spec §2's categories): a multi-select over another master's records,
// searched on the server as the user types, offered only to those who may list that master; and the
// "Clear filters" button. The masters screens and the duties board both use these.
import { type ListedKind, type MasterDefinition, masterOf } from '@fleet/domain';
import { Button, MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useRefOptions } from '../../masters/master-fields';

/**
 * Whether this person may list a master, and so be offered a filter on it (its options come from
 * there): reference data (cities, states) is everyone's, the rest needs the master's view permission.
 */
export function mayListMaster(kind: string, permissions: ReadonlySet<string> | undefined): boolean {
  const definition: MasterDefinition = masterOf(kind);
  return (
    definition.system === true ||
    definition.view === 'signed-in' ||
    (permissions?.has(definition.view) ?? false)
  );
}

/** What a person types into a searched picker, and the same text once they pause (what is asked for). */
export function useTypedSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  return { search, setSearch, debounced };
}

/** A multi-select whose options the server finds for what is typed (`typed`, from useTypedSearch). */
export function SearchedMultiSelect({
  options,
  typed,
  ...props
}: {
  options: MultiSelectProps['data'];
  typed: ReturnType<typeof useTypedSearch>;
  value: string[];
} & Omit<MultiSelectProps, 'data' | 'value' | 'searchValue' | 'onSearchChange'>) {
  return (
    <MultiSelect
      searchable
      data={options}
      searchValue={typed.search}
      onSearchChange={typed.setSearch}
      nothingFoundMessage="Nothing matches"
      {...props}
    />
  );
}

/** Another master's records, searched on the server as the user types (there may be 100,000 of them). */
export function RefFilterInput<K extends ListedKind>({
  target,
  value,
  ...props
}: { target: K; value: string[] } & Omit<MultiSelectProps, 'data' | 'value'>) {
  const typed = useTypedSearch();
  const options = useRefOptions(target, value, typed.debounced);
  return <SearchedMultiSelect options={options} typed={typed} value={value} {...props} />;
}

/**
 * A list's filter on another master's records, named by `label` (its aria-label and placeholder), offered
 * only to those who may list that master; nothing for the others.
 */
export function MasterFilterInput<K extends ListedKind>({
  target,
  label,
  permissions,
  value,
  onChange,
  w = 220,
}: {
  target: K;
  label: string;
  permissions: ReadonlySet<string> | undefined;
  value: string[];
  onChange: (value: string[]) => void;
  w?: number;
}) {
  if (!mayListMaster(target, permissions)) return null;
  return (
    <RefFilterInput
      target={target}
      aria-label={label}
      placeholder={value.length ? undefined : label}
      w={w}
      clearable
      value={value}
      onChange={onChange}
    />
  );
}

/** Shown while any filter is set (`active`); empties them all at once. */
export function ClearFiltersButton({ active, onClear }: { active: boolean; onClear: () => void }) {
  if (!active) return null;
  return (
    <Button variant="subtle" size="sm" onClick={onClear}>
      Clear filters
    </Button>
  );
}
