// A booking's picker of another master's records (customer, company, city, vehicle group, duty type):
// its choices come from booking.choices, open to whoever may see bookings, so taking a booking needs
// the bookings permissions alone, not the masters' screens.
import type { BookingChoiceKind } from '@fleet/domain';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { trpc } from '../../lib/trpc';

/** The searched choices of a kind plus the one already chosen, by name. */
function useBookingChoices(kind: BookingChoiceKind, chosen: string | null, search: string) {
  const found = useQuery(
    trpc.booking.choices.queryOptions({ kind, search: search || undefined }, { staleTime: 30_000 }),
  );
  const known = useQuery(
    trpc.booking.choices.queryOptions(
      { kind, ids: chosen ? [chosen] : [] },
      { enabled: !!chosen, staleTime: 5 * 60_000 },
    ),
  );
  return useMemo(() => {
    const byId = new Map<string, string>();
    for (const choice of [...(known.data ?? []), ...(found.data ?? [])]) byId.set(choice.id, choice.name);
    if (chosen && !byId.has(chosen)) byId.set(chosen, known.isFetching ? '…' : chosen);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [chosen, found.data, known.data, known.isFetching]);
}

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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const value = typeof input.value === 'string' && input.value !== '' ? input.value : null;
  const options = useBookingChoices(kind, value, debounced);
  return (
    <Select
      label={label}
      withAsterisk={required}
      searchable
      clearable
      data={options}
      value={value}
      onSearchChange={setSearch}
      onChange={(v) => input.onChange(v ?? '')}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
      nothingFoundMessage="Nothing matches"
      name={name}
    />
  );
}
