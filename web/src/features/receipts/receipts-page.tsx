// /operations/receipts: the payments received, searched by receipt no. or customer (by beginning) or a
// cheque no. or bank reference (whole), narrowed by customer, type and receipt date, cancelled ones shown
// on request (all kept in the URL), sorted and cursor-paged by the server.
import { RECEIPT_TYPES } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { DateRangeInputs } from '../billing/date-range-inputs';
import { ExportButton } from '../billing/export-button';
import { DataTable } from '../common/list/data-table';
import {
  CancelledBadge,
  emptyList,
  money,
  pagingOf,
  right,
  ShownCheckbox,
  type SortChoice,
  SortSelect,
} from '../common/list/document-list';
import { ClearFiltersButton, MasterFilterInput } from '../common/list/list-filters';
import { filterReset, listDay, listOrder, listShown, useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { ddmmyyyy } from '../masters/format';
import {
  choicesOf,
  paymentModeText,
  RECEIPT_TYPE_LABELS,
  RECEIPT_TYPES_OFFERED,
  receiptTypeText,
} from './receipt-format';
import type { Receipt } from './receipt-types';

const search = z.object({
  search: z.string().catch('').default(''),
  customerIds: z.array(idSchema).max(100).catch([]).default([]),
  types: z.array(z.enum(RECEIPT_TYPES)).catch([]).default([]),
  dateFrom: listDay,
  dateTo: listDay,
  cancelled: listShown,
  sortBy: z.enum(['receipt_date', 'created_at']).optional().catch(undefined),
  order: listOrder,
});

const SORTS: SortChoice<'receipt_date' | 'created_at'>[] = [
  { sortBy: 'receipt_date', order: 'desc', label: 'Receipt date ↓' },
  { sortBy: 'receipt_date', order: 'asc', label: 'Receipt date ↑' },
  { sortBy: 'created_at', order: 'desc', label: 'Recorded, newest first' },
  { sortBy: 'created_at', order: 'asc', label: 'Recorded, oldest first' },
];

const columns: ColumnDef<Receipt, unknown>[] = [
  {
    id: 'receipt_no',
    header: 'Receipt no.',
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{row.original.receiptNo}</Text>
        {row.original.isCancelled ? <CancelledBadge /> : null}
      </Group>
    ),
  },
  { id: 'receipt_date', header: 'Date', cell: ({ row }) => ddmmyyyy(row.original.receiptDate) },
  { id: 'customer', header: 'Customer', cell: ({ row }) => row.original.customerName },
  { id: 'type', header: 'Type', cell: ({ row }) => receiptTypeText(row.original.type) },
  {
    id: 'mode',
    header: 'Mode',
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm">{paymentModeText(row.original.paymentMode)}</Text>
        {row.original.chequeNo || row.original.reference ? (
          <Text size="xs" c="dimmed">
            {row.original.chequeNo ? `Cheque ${row.original.chequeNo}` : row.original.reference}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { id: 'received', header: right('Received'), cell: ({ row }) => money(row.original.receivedAmount) },
  { id: 'tds', header: right('TDS'), cell: ({ row }) => money(row.original.tdsAmount) },
  { id: 'applied', header: right('Applied'), cell: ({ row }) => money(row.original.adjustedAmount) },
  {
    id: 'unapplied',
    header: right('Unapplied'),
    cell: ({ row }) => money(row.original.unappliedAmount),
  },
];

export default function ReceiptsPage() {
  const navigate = useNavigate();
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const searched = state.search.trim().slice(0, 100);
  const sortBy = state.sortBy ?? 'receipt_date';
  const order = state.order ?? 'desc';
  // What the list shows is what the export holds.
  const filters = {
    search: searched || undefined,
    customerIds: state.customerIds.length ? state.customerIds : undefined,
    types: state.types.length ? state.types : undefined,
    dateFrom: state.dateFrom,
    dateTo: state.dateTo,
    includeCancelled: state.cancelled === 'shown',
  };
  const list = useInfiniteQuery(
    trpc.receipt.list.infiniteQueryOptions(
      {
        ...filters,
        sortBy,
        order,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.receipts) ?? [];
  const { narrowed, clear } = filterReset(state, update, {
    search: '',
    customerIds: [],
    types: [],
    dateFrom: undefined,
    dateTo: undefined,
    cancelled: undefined,
  });
  const canReceive = permissions.has('manage_receipt');

  return (
    <Stack gap="sm">
      <PageHeader
        title="Receipts"
        actions={
          <>
            <ExportButton kind="RECEIPTS" filters={filters} />
            {canReceive ? (
              <Button onClick={() => void navigate({ to: '/operations/receipts/new' })}>
                Receive payment
              </Button>
            ) : null}
          </>
        }
      />
      <Group gap="sm" align="end" wrap="wrap">
        <ListSearchInput
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder="Receipt no., customer, cheque no. or reference"
          width={320}
        />
        <MasterFilterInput
          target="customer"
          label="Customers"
          permissions={permissions}
          value={state.customerIds}
          onChange={(value) => update({ customerIds: value })}
        />
        <MultiSelect
          aria-label="Type"
          placeholder={state.types.length ? undefined : 'Type'}
          w={240}
          value={state.types}
          onChange={(value) => update({ types: value.flatMap((v) => RECEIPT_TYPES.filter((t) => t === v)) })}
          data={choicesOf(RECEIPT_TYPES_OFFERED, RECEIPT_TYPE_LABELS)}
        />
        <DateRangeInputs
          what="Receipt date"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        <ShownCheckbox
          label="Show cancelled"
          shown={state.cancelled}
          onChange={(cancelled) => update({ cancelled })}
        />
        <SortSelect choices={SORTS} sortBy={sortBy} order={order} onChange={update} />
        <ClearFiltersButton active={narrowed} onClear={clear} />
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        state={{ search: state.search, active: 'all', sortBy, order }}
        update={(patch) => update({ sortBy: search.shape.sortBy.parse(patch.sortBy), order: patch.order })}
        sortable={{ receipt_date: 'receipt_date' }}
        onRowClick={(r) => void navigate({ to: `/operations/receipts/${r.id}` })}
        rowLabel={(r) => `Receipt ${r.receiptNo} · ${r.customerName}`}
        minWidth={1100}
        maxHeight="calc(100vh - 220px)"
        {...pagingOf(list)}
        empty={emptyList({
          narrowed,
          clear,
          what: 'receipts',
          none: canReceive ? 'No receipts yet. Receive a payment to record the first.' : 'No receipts yet.',
        })}
      />
    </Stack>
  );
}
