// /operations/purchases/invoices: suppliers' invoices, searched by our number, the supplier's number or
// the supplier's name (by beginning), narrowed by supplier, status and the supplier's invoice date,
// cancelled ones shown on request (all kept in the URL), sorted and cursor-paged by the server.
import { PURCHASE_INVOICE_STATUSES } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { Badge, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
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
import { PURCHASE_STATUS_LABELS } from './purchase-invoice-format';
import type { PurchaseInvoiceListItem } from './purchase-invoice-types';

const SORT_KEYS = ['created_at', 'supplier_invoice_date', 'received_date'] as const;

const search = z.object({
  search: z.string().catch('').default(''),
  supplierIds: z.array(idSchema).max(100).catch([]).default([]),
  statuses: z.array(z.enum(PURCHASE_INVOICE_STATUSES)).catch([]).default([]),
  dateFrom: listDay,
  dateTo: listDay,
  cancelled: listShown,
  sortBy: z.enum(SORT_KEYS).optional().catch(undefined),
  order: listOrder,
});

const SORTS: SortChoice<'created_at' | 'supplier_invoice_date' | 'received_date'>[] = [
  { sortBy: 'created_at', order: 'desc', label: 'Recorded, newest first' },
  { sortBy: 'created_at', order: 'asc', label: 'Recorded, oldest first' },
  { sortBy: 'supplier_invoice_date', order: 'desc', label: 'Invoice date ↓' },
  { sortBy: 'supplier_invoice_date', order: 'asc', label: 'Invoice date ↑' },
  { sortBy: 'received_date', order: 'desc', label: 'Received ↓' },
  { sortBy: 'received_date', order: 'asc', label: 'Received ↑' },
];

// Ten columns fit 1440 px as the sales invoices' do: the supplier's own number under its name, and the
// status in a column of its own, where its badge says the whole word.
const columns: ColumnDef<PurchaseInvoiceListItem, unknown>[] = [
  { id: 'purchase_no', header: 'Our no.', cell: ({ row }) => row.original.purchaseNo },
  {
    id: 'supplier',
    header: 'Supplier',
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm">{row.original.supplierName}</Text>
        <Text size="xs" c="dimmed">
          No. {row.original.supplierInvoiceNo}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'supplier_invoice_date',
    header: 'Invoice date',
    cell: ({ row }) => ddmmyyyy(row.original.supplierInvoiceDate),
  },
  { id: 'received_date', header: 'Received', cell: ({ row }) => ddmmyyyy(row.original.receivedDate) },
  { id: 'taxable', header: right('Taxable'), cell: ({ row }) => money(row.original.taxable) },
  { id: 'tax', header: right('Tax'), cell: ({ row }) => money(row.original.taxTotal) },
  { id: 'tds', header: right('TDS'), cell: ({ row }) => money(row.original.tds) },
  { id: 'payable', header: right('Payable'), cell: ({ row }) => money(row.original.payable) },
  { id: 'paid', header: right('Paid'), cell: ({ row }) => money(row.original.paid) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => {
      const status = PURCHASE_STATUS_LABELS[row.original.status];
      return status ? (
        <Badge size="sm" color={status.color} variant="light">
          {status.label}
        </Badge>
      ) : (
        row.original.status
      );
    },
  },
];

export default function PurchaseInvoicesPage() {
  const navigate = useNavigate();
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const searched = state.search.trim().slice(0, 100);
  const sortBy = state.sortBy ?? 'created_at';
  const order = state.order ?? 'desc';
  // What the list shows is what the export holds.
  const filters = {
    search: searched || undefined,
    supplierIds: state.supplierIds.length ? state.supplierIds : undefined,
    statuses: state.statuses.length ? state.statuses : undefined,
    dateFrom: state.dateFrom,
    dateTo: state.dateTo,
    includeCancelled: state.cancelled === 'shown',
  };
  const list = useInfiniteQuery(
    trpc.purchaseInvoice.list.infiniteQueryOptions(
      {
        ...filters,
        sortBy,
        order,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.purchaseInvoices) ?? [];
  const { narrowed, clear } = filterReset(state, update, {
    search: '',
    supplierIds: [],
    statuses: [],
    dateFrom: undefined,
    dateTo: undefined,
    cancelled: undefined,
  });
  const canRecord = permissions.has('manage_purchase');

  return (
    <Stack gap="sm">
      <PageHeader
        title="Purchase invoices"
        actions={
          <>
            <ExportButton kind="PURCHASE_INVOICES" filters={filters} />
            {canRecord ? (
              <Button onClick={() => void navigate({ to: '/operations/purchases/invoices/new' })}>
                Record supplier invoice
              </Button>
            ) : null}
          </>
        }
      />
      <Group gap="sm" align="end" wrap="wrap">
        <ListSearchInput
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder="Our no., supplier's no. or supplier"
          width={300}
        />
        <MasterFilterInput
          target="supplier"
          label="Suppliers"
          permissions={permissions}
          value={state.supplierIds}
          onChange={(value) => update({ supplierIds: value })}
        />
        <MultiSelect
          aria-label="Status"
          placeholder={state.statuses.length ? undefined : 'Status'}
          w={220}
          value={state.statuses}
          onChange={(value) =>
            update({ statuses: value.flatMap((v) => PURCHASE_INVOICE_STATUSES.filter((s) => s === v)) })
          }
          data={PURCHASE_INVOICE_STATUSES.map((s) => ({
            value: s,
            label: PURCHASE_STATUS_LABELS[s]?.label ?? s,
          }))}
        />
        <DateRangeInputs
          what="Invoice date"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        <ShownCheckbox
          label="Show cancelled"
          shown={state.cancelled}
          onChange={(cancelled) => update({ cancelled })}
        />
        <SortSelect choices={SORTS} sortBy={sortBy} order={order} onChange={update} w={220} />
        <ClearFiltersButton active={narrowed} onClear={clear} />
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        state={{ search: state.search, active: 'all', sortBy, order }}
        update={(patch) => update({ sortBy: search.shape.sortBy.parse(patch.sortBy), order: patch.order })}
        sortable={{ supplier_invoice_date: 'supplier_invoice_date', received_date: 'received_date' }}
        onRowClick={(r) => void navigate({ to: `/operations/purchases/invoices/${r.id}` })}
        rowLabel={(r) => `Purchase invoice ${r.purchaseNo} · ${r.supplierName} ${r.supplierInvoiceNo}`}
        minWidth={1000}
        maxHeight="calc(100vh - 220px)"
        {...pagingOf(list)}
        empty={emptyList({
          narrowed,
          clear,
          what: 'purchase invoices',
          none: canRecord
            ? "No purchase invoices yet. Record a supplier's invoice for its duties."
            : 'No purchase invoices yet.',
        })}
      />
    </Stack>
  );
}
