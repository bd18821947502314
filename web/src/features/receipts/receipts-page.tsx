// /operations/receipts: the payments received, searched by receipt no. or customer (by beginning) or a
// cheque no. or bank reference (whole), narrowed by customer, type and receipt date, cancelled ones shown
// on request (all kept in the URL), sorted and cursor-paged by the server.
import { RECEIPT_TYPES } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { Anchor, Badge, Button, Checkbox, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type Decimal from 'decimal.js';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { DateRangeInputs } from '../billing/date-range-inputs';
import { DataTable } from '../common/list/data-table';
import { ClearFiltersButton, MasterFilterInput } from '../common/list/list-filters';
import { useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import {
  choicesOf,
  paymentModeText,
  RECEIPT_TYPE_LABELS,
  RECEIPT_TYPES_OFFERED,
  receiptTypeText,
} from './receipt-format';
import type { Receipt } from './receipt-types';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

const search = z.object({
  search: z.string().catch('').default(''),
  customerIds: z.array(idSchema).max(100).catch([]).default([]),
  types: z.array(z.enum(RECEIPT_TYPES)).catch([]).default([]),
  dateFrom: isoDate,
  dateTo: isoDate,
  cancelled: z.enum(['shown']).optional().catch(undefined),
  sortBy: z.enum(['receipt_date', 'created_at']).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
});

const SORTS = [
  { value: 'receipt_date:desc', label: 'Receipt date ↓' },
  { value: 'receipt_date:asc', label: 'Receipt date ↑' },
  { value: 'created_at:desc', label: 'Recorded, newest first' },
  { value: 'created_at:asc', label: 'Recorded, oldest first' },
];

const amount = (value: Decimal, testId?: string) => (
  <Text size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
    {rupees(value)}
  </Text>
);
const right = (label: string) => () => <Text ta="right">{label}</Text>;

const columns: ColumnDef<Receipt, unknown>[] = [
  {
    id: 'receipt_no',
    header: 'Receipt no.',
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{row.original.receiptNo}</Text>
        {row.original.isCancelled ? (
          <Badge size="sm" color="red" variant="light">
            Cancelled
          </Badge>
        ) : null}
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
  { id: 'received', header: right('Received'), cell: ({ row }) => amount(row.original.receivedAmount) },
  { id: 'tds', header: right('TDS'), cell: ({ row }) => amount(row.original.tdsAmount) },
  { id: 'applied', header: right('Applied'), cell: ({ row }) => amount(row.original.adjustedAmount) },
  {
    id: 'unapplied',
    header: right('Unapplied'),
    cell: ({ row }) => amount(row.original.unappliedAmount),
  },
];

export default function ReceiptsPage() {
  const navigate = useNavigate();
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const searched = state.search.trim().slice(0, 100);
  const sortBy = state.sortBy ?? 'receipt_date';
  const order = state.order ?? 'desc';
  const list = useInfiniteQuery(
    trpc.receipt.list.infiniteQueryOptions(
      {
        search: searched || undefined,
        customerIds: state.customerIds.length ? state.customerIds : undefined,
        types: state.types.length ? state.types : undefined,
        dateFrom: state.dateFrom,
        dateTo: state.dateTo,
        includeCancelled: state.cancelled === 'shown',
        sortBy,
        order,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.receipts) ?? [];
  const narrowed =
    searched !== '' ||
    state.customerIds.length > 0 ||
    state.types.length > 0 ||
    !!state.dateFrom ||
    !!state.dateTo ||
    state.cancelled !== undefined;
  const clear = () =>
    update({
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
          canReceive ? (
            <Button onClick={() => void navigate({ to: '/operations/receipts/new' })}>Receive payment</Button>
          ) : null
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
        <Checkbox
          label="Show cancelled"
          checked={state.cancelled === 'shown'}
          onChange={(e) => update({ cancelled: e.currentTarget.checked ? 'shown' : undefined })}
          mb={8}
        />
        <Select
          aria-label="Sort by"
          w={200}
          allowDeselect={false}
          value={`${sortBy}:${order}`}
          onChange={(value) => {
            const [by, direction] = (value ?? '').split(':');
            update({
              sortBy: search.shape.sortBy.parse(by),
              order: direction === 'asc' || direction === 'desc' ? direction : undefined,
            });
          }}
          data={SORTS}
        />
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
        hasMore={!!list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => list.fetchNextPage()}
        loading={list.isLoading}
        error={list.error?.message}
        empty={
          narrowed ? (
            <>
              No receipts match.{' '}
              <Anchor component="button" onClick={clear}>
                Clear the filters.
              </Anchor>
            </>
          ) : canReceive ? (
            'No receipts yet. Receive a payment to record the first.'
          ) : (
            'No receipts yet.'
          )
        }
      />
    </Stack>
  );
}
