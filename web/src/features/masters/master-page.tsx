// Every screen under /masters/ (but employees and permission profiles) is this one screen, driven by
// the master's declaration: its list columns, search, spec §2 filters, sorts, expiring documents,
// activate/deactivate, and the create/edit form. The screen is generic over the master it shows: its
// rows are `MasterListRecord<D>` (the listed fields only), its form loads the record whole, holds that
// master's values and calls that master's own procedures (master-api.ts).
import {
  type EditableKind,
  type Field,
  isEditableKind,
  isFieldOf,
  isListedKind,
  type ListedFieldName,
  type ListedOnlyKind,
  type MasterDefinition,
  type MasterFilter,
  type MasterListRecord,
  type MasterOf,
  type MasterValues,
  masterAtPath,
  masterOf,
} from '@fleet/domain';
import { chosenFilters, isSortKey } from '@fleet/domain/inputs';
import { Alert, Badge, Group, Loader, MultiSelect, Select, Stack } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage } from '../../lib/trpc';
import { ClearFiltersButton, mayListMaster, RefFilterInput } from '../common/list/list-filters';
import { ListScreen, pagedList, RowActions, statusColumn } from '../common/list/list-screen';
import {
  baseListSearch,
  hasFilters,
  listFiltersSearch,
  useListState,
  withFilter,
} from '../common/list/list-state';
import { DriverAppAccount } from './driver-app-account';
import { cellText } from './format';
import { type EditableMasterApi, editableApi, type ListedMasterApi, listedApi } from './master-api';
import { displayOf } from './master-fields';
import { MasterForm } from './master-form';

const search = baseListSearch.extend({
  filters: listFiltersSearch,
  expiring: z.coerce.number().int().min(0).max(3650).optional().catch(undefined),
});

const EXPIRING = [7, 15, 30, 60, 90];

function FilterInput({
  definition,
  filter,
  value,
  onChange,
}: {
  definition: MasterDefinition;
  filter: MasterFilter;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const field = definition.fields[filter.field];
  const props = {
    'aria-label': filter.many,
    placeholder: filter.many,
    w: 220,
    clearable: true,
    value,
    onChange,
  };
  if ((field?.type === 'ref' || field?.type === 'refs') && isListedKind(field.target)) {
    return <RefFilterInput target={field.target} {...props} />;
  }
  const data =
    field?.type === 'choice' ? field.options.map((o) => ({ value: o, label: field.labels?.[o] ?? o })) : [];
  return <MultiSelect searchable data={data} {...props} />;
}

/**
 * A filter on another master is offered only to those who may list that master (its options come
 * from there): a holder of view_vehicle alone filters vehicles by fuel type, not by supplier.
 */
const offeredTo =
  (definition: MasterDefinition, permissions: ReadonlySet<string> | undefined) => (filter: MasterFilter) => {
    const field = definition.fields[filter.field];
    if (field?.type !== 'ref' && field?.type !== 'refs') return true;
    return mayListMaster(field.target, permissions);
  };

/** The columns a list shows, each with its field, named as the declaration names them. */
function columnsOf<D extends MasterDefinition>(definition: D): { name: ListedFieldName<D>; field: Field }[] {
  return definition.columns.flatMap((name: ListedFieldName<D>) => {
    const field = definition.fields[name];
    return field && isFieldOf(definition, name) ? [{ name, field }] : [];
  });
}

/** One master's list screen: its rows are that master's records, its form that master's values. */
function MasterList<D extends MasterDefinition>({
  definition,
  api,
  edit,
}: {
  definition: D;
  api: ListedMasterApi<D>;
  /** The master's changing procedures, when it is kept here (absent for read-only masters). */
  edit?: EditableMasterApi<D>;
}) {
  const [state, update] = useListState(search);
  const permissions = usePermissions();
  const canManage = edit !== undefined && (permissions?.has(definition.manage) ?? false);
  const queryClient = useQueryClient();

  const query = useInfiniteQuery(
    api.list.infiniteQueryOptions(
      {
        search: state.search || undefined,
        active: state.active,
        filters: chosenFilters(definition, state.filters),
        expiringWithinDays: definition.expiries?.length ? state.expiring : undefined,
        sortBy: isSortKey(definition, state.sortBy) ? state.sortBy : undefined,
        order: state.order,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.list.pathKey() });

  const label = (name: string) =>
    name === 'created_at' ? 'Created' : (definition.fields[name]?.label ?? name);
  const columns = (
    editRow: (row: MasterListRecord<D>) => void,
  ): ColumnDef<MasterListRecord<D>, unknown>[] => [
    ...columnsOf(definition).map(
      ({ name, field }): ColumnDef<MasterListRecord<D>, unknown> => ({
        id: name,
        header: field.label,
        cell: ({ row }) => cellText(field, row.original.values[name], row.original.refNames[name]),
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
                      {label(name).replace(/ valid until$/, '')} lapsed
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Badge color="green" variant="light" size="sm">
                  In force
                </Badge>
              ),
          } satisfies ColumnDef<MasterListRecord<D>, unknown>,
        ]
      : []),
    statusColumn<MasterListRecord<D>>(),
    {
      id: 'actions',
      header: '',
      cell: ({ row }) =>
        edit && canManage ? (
          <RowMenu
            definition={definition}
            edit={edit}
            record={row.original}
            onEdit={() => editRow(row.original)}
            refresh={refresh}
          />
        ) : null,
    },
  ];

  return (
    <ListScreen<MasterListRecord<D>>
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
              filter={f}
              value={state.filters[f.key] ?? []}
              onChange={(value) => update({ filters: withFilter(state.filters, f.key, value) })}
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
          <ClearFiltersButton
            active={hasFilters(state.filters) || state.expiring !== undefined}
            onClear={() => update({ filters: {}, expiring: undefined })}
          />
        </>
      }
      list={pagedList(query, (page) => page.records)}
      rowKey={(r) => r.id}
      sortable={Object.fromEntries(
        definition.columns.filter((c) => definition.sorts.includes(c)).map((c) => [c, c]),
      )}
      empty={
        edit
          ? `No ${definition.many.toLowerCase()} match. Add one, or clear the filters.`
          : `No ${definition.many.toLowerCase()} yet.`
      }
      newTitle={`New ${definition.one.toLowerCase()}`}
      editTitle={`Edit ${definition.one.toLowerCase()}`}
      refresh={refresh}
      form={(row, saved) =>
        edit ? (
          <MasterEditor
            key={row?.id ?? 'new'}
            definition={definition}
            edit={edit}
            id={row?.id}
            saved={saved}
          />
        ) : null
      }
      columns={columns}
    />
  );
}

/** A row's menu: edit it, or (de)activate it through the master's own procedure. */
function RowMenu<D extends MasterDefinition>({
  definition,
  edit,
  record,
  onEdit,
  refresh,
}: {
  definition: D;
  edit: EditableMasterApi<D>;
  record: MasterListRecord<D>;
  onEdit: () => void;
  refresh: () => void;
}) {
  const setActive = useMutation(
    edit.setActive.mutationOptions({
      onError: (e) => showToast(errorMessage(e), 'alert-danger'),
      onSuccess: (r) => {
        showToast(`${displayOf(definition, r)} is now ${r.isActive ? 'active' : 'inactive'}.`);
        refresh();
      },
    }),
  );
  return (
    <RowActions
      name={displayOf(definition, record)}
      actions={[
        { label: 'Edit', onClick: onEdit },
        {
          label: record.isActive ? 'Deactivate' : 'Activate',
          onClick: () => setActive.mutate({ id: record.id, isActive: !record.isActive }),
        },
      ]}
    />
  );
}

/**
 * The create/edit form of one record, saving through the master's own procedures. A list carries only
 * what it shows, so editing loads the record whole (and as it is now, not as the page was read).
 */
function MasterEditor<D extends MasterDefinition>({
  definition,
  edit,
  id,
  saved,
}: {
  definition: D;
  edit: EditableMasterApi<D>;
  /** The record to edit; none for a new one. */
  id: string | undefined;
  saved: (name: string) => void;
}) {
  const current = useQuery(edit.get.queryOptions({ id: id ?? '' }, { enabled: id !== undefined, gcTime: 0 }));
  const create = useMutation(edit.create.mutationOptions());
  const save = useMutation(edit.update.mutationOptions());
  const submit = async (values: MasterValues<D>) => {
    const result = id ? await save.mutateAsync({ id, values }) : await create.mutateAsync({ values });
    saved(displayOf(definition, result));
  };
  if (id !== undefined && current.isError) {
    return <Alert color="red">{errorMessage(current.error)}</Alert>;
  }
  if (id !== undefined && !current.data) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={`Loading the ${definition.one.toLowerCase()}`} />
      </Group>
    );
  }
  const form = (
    <MasterForm
      definition={definition}
      values={current.data?.values}
      saving={create.isPending || save.isPending}
      onSubmit={submit}
    />
  );
  return definition.kind === 'driver' && id !== undefined ? (
    <Stack gap="md">
      <DriverAppAccount driverId={id} />
      {form}
    </Stack>
  ) : (
    form
  );
}

/** A master kept here: its list, form and row actions, through its own procedures. */
function EditableMasterList<K extends EditableKind>({ kind }: { kind: K }) {
  const api = editableApi(kind);
  return <MasterList definition={masterOf(kind)} api={api} edit={api} />;
}

/** A master listed here but changed elsewhere (channel partners). */
function ListedOnlyMasterList<K extends ListedOnlyKind>({ kind }: { kind: K }) {
  return <MasterList<MasterOf<K>> definition={masterOf(kind)} api={listedApi(kind)} />;
}

export default function MasterPage() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const slug = pathname.replace(/^\/masters\//, '').replace(/\/$/, '');
  const definition = masterAtPath(slug);
  if (!definition) return <Alert color="orange">There is no master at {pathname}.</Alert>;
  const { kind } = definition;
  if (isEditableKind(kind)) return <EditableMasterList key={kind} kind={kind} />;
  if (isListedKind(kind)) return <ListedOnlyMasterList key={kind} kind={kind} />;
  return <Alert color="orange">There is no list of {definition.many.toLowerCase()}.</Alert>;
}
