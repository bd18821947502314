// /operations/notes: the credit and debit notes, searched by number or customer and narrowed by type,
// customer, note date and whether cancelled ones show (all kept in the URL), newest first, cursor-paged
// by the server.
import { idSchema } from '@fleet/domain/inputs';
import { Anchor, Badge, Button, Checkbox, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useRef } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { DateRangeInputs } from '../billing/date-range-inputs';
import { ExportButton } from '../billing/export-button';
import { DataTable } from '../common/list/data-table';
import { CancelledBadge, emptyList, money, pagingOf } from '../common/list/document-list';
import { ClearFiltersButton, MasterFilterInput } from '../common/list/list-filters';
import { filterReset, listDay, listOrder, listShown, useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { ddmmyyyy } from '../masters/format';
import { NOTE_TYPES, noteTypeMark, noteTypeName } from './note-format';
import type { Note } from './note-types';

const search = z.object({
  search: z.string().catch('').default(''),
  types: z.array(z.enum(NOTE_TYPES)).catch([]).default([]),
  customerIds: z.array(idSchema).max(100).catch([]).default([]),
  dateFrom: listDay,
  dateTo: listDay,
  cancelled: listShown,
  sortBy: z.enum(['note_date', 'created_at']).optional().catch(undefined),
  order: listOrder,
});

function columns(mayOpenInvoices: boolean): ColumnDef<Note, unknown>[] {
  return [
    { id: 'number', header: 'Number', cell: ({ row }) => row.original.noteNo },
    { id: 'note_date', header: 'Date', cell: ({ row }) => ddmmyyyy(row.original.noteDate) },
    {
      id: 'type',
      header: 'Type',
      cell: ({ row }) => {
        const mark = noteTypeMark(row.original.type);
        return (
          <Badge size="sm" variant="light" color={mark.color}>
            {mark.label}
          </Badge>
        );
      },
    },
    { id: 'customer', header: 'Customer', cell: ({ row }) => row.original.customerName },
    {
      id: 'invoice',
      header: 'Invoice',
      cell: ({ row }) =>
        mayOpenInvoices ? (
          // The row opens the note; the link opens the invoice.
          <Anchor
            component={Link}
            to={`/operations/billing/${row.original.invoiceId}`}
            size="sm"
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.invoiceNo}
          </Anchor>
        ) : (
          row.original.invoiceNo
        ),
    },
    {
      id: 'taxable',
      header: () => <Text ta="right">Before GST</Text>,
      cell: ({ row }) => money(row.original.taxableValue),
    },
    { id: 'tax', header: () => <Text ta="right">GST</Text>, cell: ({ row }) => money(row.original.tax) },
    {
      id: 'total',
      header: () => <Text ta="right">Total</Text>,
      cell: ({ row }) => money(row.original.total),
    },
    {
      id: 'cancelled',
      header: 'Cancelled',
      cell: ({ row }) => (row.original.isCancelled ? <CancelledBadge /> : null),
    },
  ];
}

export default function NotesPage() {
  const navigate = useNavigate();
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const searchBox = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchBox.current?.focus()]]);
  const searched = state.search.trim().slice(0, 100);
  // What the list shows is what the export holds.
  const filters = {
    search: searched || undefined,
    types: state.types.length ? state.types : undefined,
    customerIds: state.customerIds.length ? state.customerIds : undefined,
    dateFrom: state.dateFrom,
    dateTo: state.dateTo,
    includeCancelled: state.cancelled === 'shown',
  };
  const list = useInfiniteQuery(
    trpc.note.list.infiniteQueryOptions(
      {
        ...filters,
        sortBy: state.sortBy ?? 'note_date',
        order: state.order ?? 'desc',
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.notes) ?? [];
  const { narrowed, clear } = filterReset(state, update, {
    search: '',
    types: [],
    customerIds: [],
    dateFrom: undefined,
    dateTo: undefined,
    cancelled: undefined,
  });
  const canCreate = permissions.has('manage_credit_debit_note');

  return (
    <Stack gap="sm">
      <PageHeader
        title="Credit & Debit Notes"
        actions={
          <>
            <ExportButton kind="CREDIT_DEBIT_NOTES" filters={filters} />
            {canCreate ? (
              <Button onClick={() => void navigate({ to: '/operations/notes/new' })}>New note</Button>
            ) : null}
          </>
        }
      />
      <Group gap="sm" align="end" wrap="wrap">
        <ListSearchInput
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder="Note no. or customer"
          width={240}
          inputRef={searchBox}
        />
        <MultiSelect
          aria-label="Type"
          placeholder={state.types.length ? undefined : 'Type'}
          w={200}
          value={state.types}
          onChange={(value) => update({ types: value.flatMap((v) => NOTE_TYPES.filter((t) => t === v)) })}
          data={NOTE_TYPES.map((type) => ({ value: type, label: noteTypeName(type) }))}
        />
        <MasterFilterInput
          target="customer"
          label="Customers"
          permissions={permissions}
          value={state.customerIds}
          onChange={(value) => update({ customerIds: value })}
        />
        <DateRangeInputs
          what="Note date"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        <Checkbox
          label="Show cancelled"
          checked={state.cancelled === 'shown'}
          onChange={(event) => update({ cancelled: event.currentTarget.checked ? 'shown' : undefined })}
          mb={8}
        />
        <ClearFiltersButton active={narrowed} onClear={clear} />
      </Group>
      <DataTable
        columns={columns(permissions.has('view_invoice'))}
        rows={rows}
        rowKey={(r) => r.id}
        state={{
          search: state.search,
          active: 'all',
          sortBy: state.sortBy ?? 'note_date',
          order: state.order ?? 'desc',
        }}
        update={(patch) => update({ sortBy: search.shape.sortBy.parse(patch.sortBy), order: patch.order })}
        sortable={{ note_date: 'note_date' }}
        onRowClick={(r) => void navigate({ to: `/operations/notes/${r.id}` })}
        rowLabel={(r) => `${noteTypeName(r.type)} ${r.noteNo} · ${r.customerName}`}
        minWidth={1000}
        maxHeight="calc(100vh - 220px)"
        {...pagingOf(list)}
        empty={emptyList({
          narrowed,
          clear,
          what: 'notes',
          none: canCreate
            ? 'No credit or debit notes yet. Make one from an approved invoice with "New note".'
            : 'No credit or debit notes yet.',
        })}
      />
    </Stack>
  );
}
