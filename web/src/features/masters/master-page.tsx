// Every screen under /masters/ (but employees and permission profiles) is this one screen, driven by
// the master's declaration: its list columns, search, spec §2 filters, sorts, expiring documents,
// activate/deactivate, and the create/edit form.
import { MASTERS, type MasterDefinition, masterOf } from '@fleet/domain';
import { Alert, Badge, Group, MultiSelect, type MultiSelectProps, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage } from '../../lib/trpc';
import { ListScreen, pagedList, RowActions, statusColumn } from '../common/list/list-screen';
import { baseListSearch, useListState } from '../common/list/list-state';
import { cellText } from './format';
import { displayOf, type MasterRow, masterApi } from './master-api';
import { useRefOptions } from './master-fields';
import { MasterForm } from './master-form';

const search = baseListSearch.extend({
  filters: z.record(z.string(), z.array(z.string())).catch({}).default({}),
  expiring: z.coerce.number().int().min(0).max(3650).optional().catch(undefined),
});

const EXPIRING = [7, 15, 30, 60, 90];

function FilterInput({
  definition,
  filterKey,
  value,
  onChange,
}: {
  definition: MasterDefinition;
  filterKey: string;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const filter = definition.filters!.find((f) => f.key === filterKey)!;
  const field = definition.fields[filter.field]!;
  const props = {
    'aria-label': filter.many,
    placeholder: filter.many,
    w: 220,
    clearable: true,
    value,
    onChange,
  };
  if (field.type === 'ref' || field.type === 'refs') {
    return <RefFilterInput target={field.target} {...props} />;
  }
  const data =
    field.type === 'choice' ? field.options.map((o) => ({ value: o, label: field.labels?.[o] ?? o })) : [];
  return <MultiSelect searchable data={data} {...props} />;
}

/** Another master's records, searched on the server as the user types (there may be 100,000 of them). */
function RefFilterInput({
  target,
  value,
  ...props
}: { target: string; value: string[] } & Omit<MultiSelectProps, 'data' | 'value'>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useRefOptions(target, value, debounced);
  return (
    <MultiSelect
      searchable
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage="Nothing matches"
      {...props}
    />
  );
}

/**
 * A filter on another master is offered only to those who may list that master (its options come
 * from there): a holder of view_vehicle alone filters vehicles by fuel type, not by supplier.
 */
const offeredTo =
  (definition: MasterDefinition, permissions: ReadonlySet<string> | undefined) =>
  (filter: NonNullable<MasterDefinition['filters']>[number]) => {
    const field = definition.fields[filter.field]!;
    if (field.type !== 'ref' && field.type !== 'refs') return true;
    const target = masterOf(field.target);
    return target.system === true || (permissions?.has(target.view) ?? false);
  };

function MasterList({ definition }: { definition: MasterDefinition }) {
  const [state, update] = useListState(search);
  const permissions = usePermissions();
  const canManage = !definition.readOnly && (permissions?.has(definition.manage) ?? false);
  const queryClient = useQueryClient();
  const api = masterApi(definition.kind);
  const sortBy =
    state.sortBy && definition.sorts.includes(state.sortBy) ? state.sortBy : definition.defaultSort;

  const query = useInfiniteQuery(
    api.list.infiniteQueryOptions(
      {
        search: state.search || undefined,
        active: state.active,
        filters: Object.keys(state.filters).length ? state.filters : undefined,
        expiringWithinDays: definition.expiries?.length ? state.expiring : undefined,
        sortBy,
        order: state.order,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.list.pathKey() });
  const options = {
    onError: (e: unknown) => showToast(errorMessage(e), 'alert-danger'),
  };
  const setActive = useMutation(
    api.setActive.mutationOptions({
      ...options,
      onSuccess: (r) => {
        showToast(`${displayOf(definition, r)} is now ${r.isActive ? 'active' : 'inactive'}.`);
        refresh();
      },
    }),
  );
  const create = useMutation(api.create.mutationOptions());
  const save = useMutation(api.update.mutationOptions());

  const label = (name: string) =>
    name === 'created_at' ? 'Created' : (definition.fields[name]?.label ?? name);
  const columns = (edit: (row: MasterRow) => void): ColumnDef<MasterRow, unknown>[] => [
    ...definition.columns.map(
      (name): ColumnDef<MasterRow, unknown> => ({
        id: name,
        header: label(name),
        cell: ({ row }) => cellText(name, definition.fields[name]!, row.original),
      }),
    ),
    ...(definition.expiries?.length
      ? [
          {
            id: 'lapsed',
            header: 'Documents',
            cell: ({ row }) =>
              row.original.lapsed.length ? (
                <Group gap={4}>
                  {row.original.lapsed.map((name) => (
                    <Badge key={name} color="red" variant="light" size="sm">
                      {(definition.fields[name]?.label ?? name).replace(/ valid until$/, '')} lapsed
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Badge color="green" variant="light" size="sm">
                  In force
                </Badge>
              ),
          } satisfies ColumnDef<MasterRow, unknown>,
        ]
      : []),
    statusColumn<MasterRow>(),
    {
      id: 'actions',
      header: '',
      cell: ({ row }) => (
        <RowActions
          name={displayOf(definition, row.original)}
          actions={[
            { label: 'Edit', onClick: () => edit(row.original), show: canManage },
            {
              label: row.original.isActive ? 'Deactivate' : 'Activate',
              onClick: () => setActive.mutate({ id: row.original.id, isActive: !row.original.isActive }),
              show: canManage,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListScreen<MasterRow>
      title={definition.many}
      addLabel={`Add ${definition.one.toLowerCase()}`}
      canAdd={canManage}
      state={state}
      update={update}
      sortOptions={definition.sorts.map((s) => ({ value: s, label: label(s) }))}
      searchPlaceholder={`Search ${definition.search.map((s) => label(s).toLowerCase()).join(', ')}`}
      filters={
        <>
          {(definition.filters ?? []).filter(offeredTo(definition, permissions)).map((f) => (
            <FilterInput
              key={f.key}
              definition={definition}
              filterKey={f.key}
              value={state.filters[f.key] ?? []}
              onChange={(value) => update({ filters: { ...state.filters, [f.key]: value } })}
            />
          ))}
          {definition.expiries?.length ? (
            <Select
              aria-label="Documents expiring"
              placeholder="Documents expiring"
              w={200}
              clearable
              value={state.expiring === undefined ? null : String(state.expiring)}
              onChange={(v) => update({ expiring: v === null ? undefined : Number(v) })}
              data={[
                { value: '0', label: 'Lapsed already' },
                ...EXPIRING.map((d) => ({ value: String(d), label: `Expiring within ${d} days` })),
              ]}
            />
          ) : null}
        </>
      }
      list={pagedList(query, (page) => page.records as MasterRow[])}
      rowKey={(r) => r.id}
      sortable={Object.fromEntries(
        definition.columns.filter((c) => definition.sorts.includes(c)).map((c) => [c, c]),
      )}
      empty={
        definition.readOnly
          ? `No ${definition.many.toLowerCase()} yet.`
          : `No ${definition.many.toLowerCase()} match. Add one, or clear the filters.`
      }
      newTitle={`New ${definition.one.toLowerCase()}`}
      editTitle={`Edit ${definition.one.toLowerCase()}`}
      refresh={refresh}
      form={(row, saved) => (
        <MasterForm
          definition={definition}
          values={row?.values}
          saving={create.isPending || save.isPending}
          onSubmit={async (values) => {
            const result = row
              ? await save.mutateAsync({ id: row.id, values })
              : await create.mutateAsync({ values });
            saved(displayOf(definition, result));
          }}
        />
      )}
      columns={columns}
    />
  );
}

export default function MasterPage() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const slug = pathname.replace(/^\/masters\//, '').replace(/\/$/, '');
  const definition = (MASTERS as readonly MasterDefinition[]).find((m) => m.path === slug);
  if (!definition) return <Alert color="orange">There is no master at {pathname}.</Alert>;
  return <MasterList key={definition.kind} definition={definition} />;
}
