import { DateRangeInputs } from './date-range-inputs';
// /operations/billing: the invoices, searched by number, buyer or GSTIN and narrowed by status, customer,
// company, invoice date and dispatch (all kept in the URL), sorted and cursor-paged by the server.

import { idSchema } from '@fleet/domain/inputs';
import { Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { DataTable } from '../common/list/data-table';
import { emptyList, money, pagingOf, right, type SortChoice, SortSelect } from '../common/list/document-list';
import { ClearFiltersButton, MasterFilterInput } from '../common/list/list-filters';
import { filterReset, listDay, listOrder, useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { ddmmyyyy } from '../masters/format';
import { ExportButton } from './export-button';
import { GstReturnButton } from './gst-return-button';
import { invoiceNumberText } from './invoice-format';
import { InvoiceMarks } from './invoice-marks';
import type { InvoiceRow } from './invoice-types';

const STATUSES = ['DRAFT', 'APPROVED', 'CANCELLED', 'DISCARDED'] as const;
const ids = z.array(idSchema).max(100).catch([]).default([]);

const search = z.object({
  search: z.string().catch('').default(''),
  statuses: z.array(z.enum(STATUSES)).catch([]).default([]),
  customerIds: ids,
  companyIds: ids,
  dateFrom: listDay,
  dateTo: listDay,
  dispatched: z.enum(['yes', 'no']).optional().catch(undefined),
  sortBy: z.enum(['invoice_date', 'created_at', 'start_date', 'invoice_no']).optional().catch(undefined),
  order: listOrder,
});

const SORTS: SortChoice<'invoice_date' | 'created_at' | 'start_date' | 'invoice_no'>[] = [
  { sortBy: 'invoice_date', order: 'desc', label: 'Newest first' },
  { sortBy: 'invoice_date', order: 'asc', label: 'Oldest first' },
  { sortBy: 'created_at', order: 'desc', label: 'Last made first' },
  { sortBy: 'start_date', order: 'desc', label: 'Duty dates ↓' },
  { sortBy: 'start_date', order: 'asc', label: 'Duty dates ↑' },
  { sortBy: 'invoice_no', order: 'desc', label: 'Invoice no. ↓' },
  { sortBy: 'invoice_no', order: 'asc', label: 'Invoice no. ↑' },
];

const columns: ColumnDef<InvoiceRow, unknown>[] = [
  { id: 'invoice_no', header: 'Invoice no.', cell: ({ row }) => invoiceNumberText(row.original) },
  { id: 'date', header: 'Date', cell: ({ row }) => ddmmyyyy(row.original.invoiceDate) },
  {
    id: 'buyer',
    header: 'Buyer',
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm">{row.original.buyerName}</Text>
        {row.original.buyerGstNo ? (
          <Text size="xs" c="dimmed">
            GSTIN {row.original.buyerGstNo}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    id: 'start_date',
    header: 'Duties',
    cell: ({ row }) =>
      row.original.startDate
        ? `${ddmmyyyy(row.original.startDate)}${row.original.endDate && row.original.endDate !== row.original.startDate ? ` – ${ddmmyyyy(row.original.endDate)}` : ''}`
        : '—',
  },
  {
    id: 'taxable',
    header: right('Taxable'),
    cell: ({ row }) => money(row.original.taxableValue),
  },
  { id: 'tax', header: right('Tax'), cell: ({ row }) => money(row.original.tax) },
  { id: 'total', header: right('Total'), cell: ({ row }) => money(row.original.total) },
  { id: 'status', header: 'Status', cell: ({ row }) => <InvoiceMarks invoice={row.original} /> },
];

export default function InvoicesPage() {
  const navigate = useNavigate();
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const searched = state.search.trim().slice(0, 100);
  const list = useInfiniteQuery(
    trpc.invoice.list.infiniteQueryOptions(
      {
        search: searched || undefined,
        statuses: state.statuses.length ? state.statuses : undefined,
        customerIds: state.customerIds.length ? state.customerIds : undefined,
        companyIds: state.companyIds.length ? state.companyIds : undefined,
        dateFrom: state.dateFrom,
        dateTo: state.dateTo,
        dispatched: state.dispatched === undefined ? undefined : state.dispatched === 'yes',
        sortBy: state.sortBy ?? 'invoice_date',
        order: state.order ?? 'desc',
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.invoices) ?? [];
  // What the list shows is what the exports hold.
  const exportFilters = {
    search: searched || undefined,
    statuses: state.statuses.length ? state.statuses : undefined,
    customerIds: state.customerIds.length ? state.customerIds : undefined,
    companyIds: state.companyIds.length ? state.companyIds : undefined,
    dateFrom: state.dateFrom,
    dateTo: state.dateTo,
    dispatched: state.dispatched === undefined ? undefined : state.dispatched === 'yes',
  };
  const { narrowed, clear } = filterReset(state, update, {
    search: '',
    statuses: [],
    customerIds: [],
    companyIds: [],
    dateFrom: undefined,
    dateTo: undefined,
    dispatched: undefined,
  });
  const canCreate = permissions.has('create_invoice');

  return (
    <Stack gap="sm">
      <PageHeader
        title="Invoices"
        actions={
          <>
            <ExportButton kind="INVOICES" filters={exportFilters} />
            <ExportButton kind="INVOICE_DUTIES" filters={exportFilters} />
            <GstReturnButton />
            {canCreate ? (
              <>
                <Button onClick={() => void navigate({ to: '/operations/billing/new' })}>
                  Invoice duties
                </Button>
                <Button variant="default" onClick={() => void navigate({ to: '/operations/billing/manual' })}>
                  Manual invoice
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Group gap="sm" align="end" wrap="wrap">
        <ListSearchInput
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder="Invoice no., buyer or GSTIN"
          width={280}
        />
        <MultiSelect
          aria-label="Status"
          placeholder={state.statuses.length ? undefined : 'Status'}
          w={220}
          value={state.statuses}
          onChange={(value) => update({ statuses: value.flatMap((v) => STATUSES.filter((s) => s === v)) })}
          data={[
            { value: 'DRAFT', label: 'Draft' },
            { value: 'APPROVED', label: 'Approved' },
            { value: 'CANCELLED', label: 'Cancelled' },
            { value: 'DISCARDED', label: 'Discarded' },
          ]}
        />
        <MasterFilterInput
          target="customer"
          label="Customers"
          permissions={permissions}
          value={state.customerIds}
          onChange={(value) => update({ customerIds: value })}
        />
        <MasterFilterInput
          target="company"
          label="Companies"
          permissions={permissions}
          value={state.companyIds}
          onChange={(value) => update({ companyIds: value })}
        />
        <DateRangeInputs
          what="Invoice date"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        <Select
          aria-label="Dispatched"
          placeholder="Dispatched?"
          w={150}
          clearable
          value={state.dispatched ?? null}
          onChange={(value) => update({ dispatched: value === 'yes' || value === 'no' ? value : undefined })}
          data={[
            { value: 'yes', label: 'Dispatched' },
            { value: 'no', label: 'Not dispatched' },
          ]}
        />
        <SortSelect
          choices={SORTS}
          sortBy={state.sortBy ?? 'invoice_date'}
          order={state.order ?? 'desc'}
          onChange={update}
          w={180}
        />
        <ClearFiltersButton active={narrowed} onClear={clear} />
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        state={{
          search: state.search,
          active: 'all',
          sortBy: state.sortBy ?? 'invoice_date',
          order: state.order ?? 'desc',
        }}
        update={(patch) => update({ sortBy: search.shape.sortBy.parse(patch.sortBy), order: patch.order })}
        sortable={{ date: 'invoice_date', invoice_no: 'invoice_no', start_date: 'start_date' }}
        onRowClick={(r) => void navigate({ to: `/operations/billing/${r.id}` })}
        rowLabel={(r) => `Invoice ${invoiceNumberText(r)} · ${r.buyerName}`}
        minWidth={1000}
        maxHeight="calc(100vh - 220px)"
        {...pagingOf(list)}
        empty={emptyList({
          narrowed,
          clear,
          what: 'invoices',
          none: canCreate
            ? 'No invoices yet. Invoice the bill-pending duties to make the first.'
            : 'No invoices yet.',
        })}
      />
    </Stack>
  );
}
