import { DateRangeInputs } from './date-range-inputs';
import { ExportButton } from './export-button';
// /operations/billingV2: every closed duty, duty by duty — bill-pending, billed (with its invoice) or
// both — searched and narrowed by dates and customers; bill-pending ones are picked and invoiced from
// here by those who may create invoices.

import { idSchema } from '@fleet/domain/inputs';
import { Alert, Anchor, Badge, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { DataTable } from '../common/list/data-table';
import { money, pagingOf } from '../common/list/document-list';
import { ClearFiltersButton, MasterFilterInput } from '../common/list/list-filters';
import { listDay, listOrder, useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { dutyNumber } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { GROUPINGS, invoiceCount } from './duty-grouping';
import { useRefreshInvoices } from './invoice-actions';
import type { BillableDuty, Grouping } from './invoice-types';

const search = z.object({
  search: z.string().catch('').default(''),
  billing: z.enum(['ALL', 'UNBILLED', 'BILLED']).catch('ALL').default('ALL'),
  customerIds: z.array(idSchema).max(100).catch([]).default([]),
  dateFrom: listDay,
  dateTo: listDay,
  order: listOrder,
});

const columns: ColumnDef<BillableDuty, unknown>[] = [
  {
    id: 'duty',
    header: 'Duty',
    cell: ({ row }) => (
      <Anchor
        component={Link}
        to={`/duties/booking/${row.original.bookingId}`}
        size="sm"
        onClick={(e) => e.stopPropagation()}
      >
        {dutyNumber(row.original.bookingNo)}
      </Anchor>
    ),
  },
  { id: 'start_date', header: 'Date', cell: ({ row }) => ddmmyyyy(row.original.startDate) },
  { id: 'customer', header: 'Customer', cell: ({ row }) => row.original.customerName },
  { id: 'passengers', header: 'Passengers', cell: ({ row }) => row.original.passengerNames },
  {
    id: 'vehicle',
    header: 'Vehicle · driver',
    cell: ({ row }) => [row.original.vehicleNo, row.original.driverName].filter(Boolean).join(' · '),
  },
  {
    id: 'carHire',
    header: () => <Text ta="right">Car hire</Text>,
    cell: ({ row }) => money(row.original.carHire),
  },
  {
    id: 'items',
    header: () => <Text ta="right">Billing items</Text>,
    cell: ({ row }) => money(row.original.billingItems),
  },
  {
    id: 'invoice',
    header: 'Invoice',
    cell: ({ row }) =>
      row.original.invoiceId ? (
        <Anchor
          component={Link}
          to={`/operations/billing/${row.original.invoiceId}`}
          size="sm"
          onClick={(e) => e.stopPropagation()}
        >
          {row.original.invoiceNo || 'Draft'}
        </Anchor>
      ) : (
        <Badge size="sm" variant="light" color="orange">
          Bill pending
        </Badge>
      ),
  },
];

export default function BillingWorkspacePage() {
  const permissions = usePermissions() ?? new Set<string>();
  const canInvoice = permissions.has('create_invoice');
  const [state, update] = useListState(search);
  const searched = state.search.trim().slice(0, 100);
  const list = useInfiniteQuery(
    trpc.invoice.duties.infiniteQueryOptions(
      {
        billingStatus: state.billing,
        search: searched || undefined,
        customerIds: state.customerIds.length ? state.customerIds : undefined,
        dateFrom: state.dateFrom,
        dateTo: state.dateTo,
        sortBy: 'start_date',
        order: state.order ?? 'desc',
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, enabled: canInvoice },
    ),
  );
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.duties) ?? [], [list.data]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [grouping, setGrouping] = useState<Grouping>('PER_CUSTOMER');
  const chosen = rows.filter((r) => selected.has(r.bookingId) && !r.invoiceId);
  const refresh = useRefreshInvoices();
  const create = useMutation({
    mutationFn: () =>
      trpcClient.invoice.createFromDuties.mutate({ bookingIds: chosen.map((d) => d.bookingId), grouping }),
    onSuccess: ({ invoices }) => {
      setSelected(new Set());
      showToast(
        `Made ${invoices.length} draft ${invoices.length === 1 ? 'invoice' : 'invoices'}: ${invoices.map((i) => i.invoiceNo || i.buyerName).join(', ')}.`,
      );
    },
    onError: (error) => showToast(errorMessage(error), 'alert-danger'),
    onSettled: refresh,
  });
  const narrowed = searched !== '' || state.customerIds.length > 0 || !!state.dateFrom || !!state.dateTo;
  const clear = () => update({ search: '', customerIds: [], dateFrom: undefined, dateTo: undefined });
  const count = invoiceCount(chosen, grouping);

  if (!canInvoice) {
    // invoice.duties answers holders of create_invoice only; spec §2 opens this page to view_purchase.
    return (
      <Stack gap="sm">
        <PageHeader
          title="Billing (duty-wise)"
          actions={
            <ExportButton
              kind="DUTIES"
              filters={{
                billingStatus: state.billing,
                search: searched || undefined,
                customerIds: state.customerIds.length ? state.customerIds : undefined,
                dateFrom: state.dateFrom,
                dateTo: state.dateTo,
              }}
            />
          }
        />
        <Alert color="orange" title="You cannot list the duties to bill">
          Listing closed duties for billing needs the permission to create invoices. Ask your administrator if
          you should have it.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <PageHeader
        title="Billing (duty-wise)"
        actions={
          <ExportButton
            kind="DUTIES"
            filters={{
              billingStatus: state.billing,
              search: searched || undefined,
              customerIds: state.customerIds.length ? state.customerIds : undefined,
              dateFrom: state.dateFrom,
              dateTo: state.dateTo,
            }}
          />
        }
      />
      <Group gap="sm" align="end" wrap="wrap">
        <SegmentedControl
          aria-label="Billing status"
          value={state.billing}
          onChange={(value) => {
            setSelected(new Set());
            update({ billing: search.shape.billing.parse(value) });
          }}
          data={[
            { value: 'ALL', label: 'All' },
            { value: 'UNBILLED', label: 'Bill pending' },
            { value: 'BILLED', label: 'Billed' },
          ]}
        />
        <ListSearchInput
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder="Duty no., passenger, vehicle"
        />
        <MasterFilterInput
          target="customer"
          label="Customers"
          permissions={permissions}
          value={state.customerIds}
          onChange={(value) => update({ customerIds: value })}
        />
        <DateRangeInputs
          what="Duties"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        <ClearFiltersButton active={narrowed} onClear={clear} />
      </Group>
      {chosen.length ? (
        <Alert color="blue" p="xs">
          <Group justify="space-between">
            <Text size="sm">
              {chosen.length} bill-pending {chosen.length === 1 ? 'duty' : 'duties'} chosen
            </Text>
            <Group gap="sm">
              <Select
                aria-label="Grouping"
                w={240}
                allowDeselect={false}
                data={GROUPINGS}
                value={grouping}
                onChange={(value) =>
                  setGrouping(GROUPINGS.find((g) => g.value === value)?.value ?? 'PER_CUSTOMER')
                }
              />
              <Button size="sm" loading={create.isPending} onClick={() => create.mutate()}>
                Create {count} {count === 1 ? 'invoice' : 'invoices'}
              </Button>
            </Group>
          </Group>
        </Alert>
      ) : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.bookingId}
        state={{ search: state.search, active: 'all', sortBy: 'start_date', order: state.order ?? 'desc' }}
        update={(patch) => update({ order: patch.order })}
        sortable={{ start_date: 'start_date' }}
        selection={{
          selected,
          onChange: (next) => setSelected(next),
          label: (r) => `Select duty ${dutyNumber(r.bookingNo)}`,
          allLabel: 'Select all loaded duties',
        }}
        minWidth={1100}
        maxHeight="calc(100vh - 240px)"
        {...pagingOf(list)}
        empty={narrowed ? 'No closed duties match.' : 'No closed duties yet.'}
      />
    </Stack>
  );
}
