// What the fuel and expense screens share: a single master picker, and reading everything again after a
// change.
import type { ListedKind } from '@fleet/domain';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { useRefOptions } from '../masters/master-fields';

export function RefPicker<K extends ListedKind>(props: {
  target: K;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  description?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useRefOptions(props.target, props.value ? [props.value] : [], debounced);
  return (
    <Select
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      searchable
      clearable={!props.required}
      data={options}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? '')}
      onSearchChange={setSearch}
      nothingFoundMessage="Nothing matches"
      error={props.error}
    />
  );
}

/** Fuel logs, mileage, expenses and costs are all read again. */
export function useRefreshVehicleCosts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.fuelLog.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.vehicleExpense.pathKey() });
  };
}
