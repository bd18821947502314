// A booking's picker of another master's records (customer, company, city, vehicle group, duty type),
// and the board's filters on them: their choices come from booking.choices, open to whoever may see
// bookings, so taking and finding bookings needs the bookings permissions alone, not the masters' screens.
import type { BookingChoiceKind } from '@fleet/domain';
import { type MultiSelectProps, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { trpc } from '../../lib/trpc';
import { SearchedMultiSelect, useTypedSearch } from '../common/list/list-filters';

/** The searched choices of a kind plus those already chosen, by name. */
function useBookingChoices(kind: BookingChoiceKind, chosen: readonly string[], search: string) {
  const found = useQuery(
    trpc.booking.choices.queryOptions({ kind, search: search || undefined }, { staleTime: 30_000 }),
  );
  const known = useQuery(
    trpc.booking.choices.queryOptions(
      { kind, ids: [...chosen] },
      { enabled: chosen.length > 0, staleTime: 5 * 60_000 },
    ),
  );
  return useMemo(() => {
    const byId = new Map<string, string>();
    for (const choice of [...(known.data ?? []), ...(found.data ?? [])]) byId.set(choice.id, choice.name);
    for (const id of chosen) if (!byId.has(id)) byId.set(id, known.isFetching ? '…' : id);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [chosen, found.data, known.data, known.isFetching]);
}

const NONE: readonly string[] = [];

export function BookingChoiceField({
  name,
  label,
  kind,
  required,
}: {
  name: string;
  label: string;
  kind: BookingChoiceKind;
  required?: boolean;
}) {
  const { control } = useFormContext();
  const { field: input, fieldState } = useController({ name, control });
  const typed = useTypedSearch();
  const value = typeof input.value === 'string' && input.value !== '' ? input.value : null;
  const chosen = useMemo(() => (value ? [value] : NONE), [value]);
  const options = useBookingChoices(kind, chosen, typed.debounced);
  return (
    <Select
      label={label}
      withAsterisk={required}
      searchable
      clearable
      data={options}
      value={value}
      onSearchChange={typed.setSearch}
      onChange={(v) => input.onChange(v ?? '')}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
      nothingFoundMessage="Nothing matches"
      name={name}
    />
  );
}

/** A list's filter on records a booking names (the board's customers, labels, groups…), by booking.choices. */
export function BookingChoicesFilter({
  kind,
  value,
  ...props
}: { kind: BookingChoiceKind; value: string[] } & Omit<MultiSelectProps, 'data' | 'value'>) {
  const typed = useTypedSearch();
  const options = useBookingChoices(kind, value, typed.debounced);
  return <SearchedMultiSelect options={options} typed={typed} value={value} {...props} />;
}
