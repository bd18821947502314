// /operations/purchases/payments: the payments made to suppliers, searched by payment no. or supplier
// (by beginning), narrowed by supplier, type and payment date, cancelled ones shown on request (all kept
// in the URL), sorted and cursor-paged by the server.
import { SUPPLIER_PAYMENT_TYPES } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { DateRangeInputs } from '../billing/date-range-inputs';
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
import { choicesOf, paymentModeText } from '../receipts/receipt-format';
import {
  paymentPath,
  SUPPLIER_PAYMENT_TYPE_LABELS,
  SUPPLIER_PAYMENT_TYPES_OFFERED,
  supplierPaymentTypeText,
} from './supplier-payment-format';
import type { SupplierPayment } from './supplier-payment-types';

const search = z.object({
  search: z.string().catch('').default(''),
  supplierIds: z.array(idSchema).max(100).catch([]).default([]),
  types: z.array(z.enum(SUPPLIER_PAYMENT_TYPES)).catch([]).default([]),
  dateFrom: listDay,
  dateTo: listDay,
  cancelled: listShown,
  sortBy: z.enum(['payment_date', 'created_at']).optional().catch(undefined),
  order: listOrder,
});

const SORTS: SortChoice<'payment_date' | 'created_at'>[] = [
  { sortBy: 'payment_date', order: 'desc', label: 'Payment date ↓' },
  { sortBy: 'payment_date', order: 'asc', label: 'Payment date ↑' },
  { sortBy: 'created_at', order: 'desc', label: 'Recorded, newest first' },
  { sortBy: 'created_at', order: 'asc', label: 'Recorded, oldest first' },
];

const columns: ColumnDef<SupplierPayment, unknown>[] = [
  {
    id: 'payment_no',
    header: 'Payment no.',
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{row.original.paymentNo}</Text>
        {row.original.isCancelled ? <CancelledBadge /> : null}
      </Group>
    ),
  },
  { id: 'payment_date', header: 'Date', cell: ({ row }) => ddmmyyyy(row.original.paymentDate) },
  { id: 'supplier', header: 'Supplier', cell: ({ row }) => row.original.supplierName },
  { id: 'type', header: 'Type', cell: ({ row }) => supplierPaymentTypeText(row.original.type) },
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
  { id: 'amount', header: right('Paid'), cell: ({ row }) => money(row.original.amount) },
  { id: 'applied', header: right('Applied'), cell: ({ row }) => money(row.original.appliedAmount) },
  {
    id: 'unapplied',
    header: right('Held as advance'),
    cell: ({ row }) => money(row.original.unappliedAmount),
  },
];

export default function SupplierPaymentsPage() {
  const navigate = useNavigate();
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const searched = state.search.trim().slice(0, 100);
  const sortBy = state.sortBy ?? 'payment_date';
  const order = state.order ?? 'desc';
  const list = useInfiniteQuery(
    trpc.supplierPayment.list.infiniteQueryOptions(
      {
        search: searched || undefined,
        supplierIds: state.supplierIds.length ? state.supplierIds : undefined,
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
  const rows = list.data?.pages.flatMap((p) => p.payments) ?? [];
  const { narrowed, clear } = filterReset(state, update, {
    search: '',
    supplierIds: [],
    types: [],
    dateFrom: undefined,
    dateTo: undefined,
    cancelled: undefined,
  });
  const canPay = permissions.has('manage_purchase_payment');

  return (
    <Stack gap="sm">
      <PageHeader
        title="Supplier payments"
        actions={
          canPay ? (
            <Button onClick={() => void navigate({ to: '/operations/purchases/payments/new' })}>
              Pay supplier
            </Button>
          ) : null
        }
      />
      <Group gap="sm" align="end" wrap="wrap">
        <ListSearchInput
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder="Payment no. or supplier"
          width={280}
        />
        <MasterFilterInput
          target="supplier"
          label="Suppliers"
          permissions={permissions}
          value={state.supplierIds}
          onChange={(value) => update({ supplierIds: value })}
        />
        <MultiSelect
          aria-label="Type"
          placeholder={state.types.length ? undefined : 'Type'}
          w={220}
          value={state.types}
          onChange={(value) =>
            update({ types: value.flatMap((v) => SUPPLIER_PAYMENT_TYPES.filter((t) => t === v)) })
          }
          data={choicesOf(SUPPLIER_PAYMENT_TYPES_OFFERED, SUPPLIER_PAYMENT_TYPE_LABELS)}
        />
        <DateRangeInputs
          what="Payment date"
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
        sortable={{ payment_date: 'payment_date' }}
        onRowClick={(r) => void navigate({ to: paymentPath(r.id) })}
        rowLabel={(r) => `Payment ${r.paymentNo} · ${r.supplierName}`}
        minWidth={1000}
        maxHeight="calc(100vh - 220px)"
        {...pagingOf(list)}
        empty={emptyList({
          narrowed,
          clear,
          what: 'supplier payments',
          none: canPay
            ? 'No supplier payments yet. Pay a supplier to record the first.'
            : 'No supplier payments yet.',
        })}
      />
    </Stack>
  );
}
