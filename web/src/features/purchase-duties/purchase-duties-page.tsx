// /operations/purchases/duties: the duties suppliers ran, newest first — what each supplier is paid, what
// the customer is charged, and the review of the supplier's slip — searched by booking or vehicle number
// and narrowed by supplier, duty date, review and whether a purchase invoice bills them (all kept in the
// URL), cursor-paged by the server. Whoever may manage purchase duties picks several and accepts or
// rejects their slips at once.
import { idSchema } from '@fleet/domain/inputs';
import { Anchor, Badge, Button, Group, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type Decimal from 'decimal.js';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { DateRangeInputs } from '../billing/date-range-inputs';
import { DataTable } from '../common/list/data-table';
import { emptyList, pagingOf } from '../common/list/document-list';
import { ClearFiltersButton, MasterFilterInput } from '../common/list/list-filters';
import { filterReset, listDay, listOrder, useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { ReasonDialog } from '../common/reason-dialog';
import { dutyNumber, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { marginOf, reviewable, SLIP_STATUSES, slipMark } from './purchase-duty-format';
import type { PurchaseDuty } from './purchase-duty-types';

const search = z.object({
  search: z.string().catch('').default(''),
  supplierIds: z.array(idSchema).max(100).catch([]).default([]),
  slipStatuses: z.array(z.enum(SLIP_STATUSES)).catch([]).default([]),
  billing: z.enum(['BILLED', 'UNBILLED']).optional().catch(undefined),
  dateFrom: listDay,
  dateTo: listDay,
  order: listOrder,
});

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const amount = (value: Decimal | null) => (
  <Text size="sm" ta="right" style={NUMERIC} c={value?.isNegative() ? 'red' : undefined}>
    {value ? rupees(value) : '—'}
  </Text>
);

/** Everything read about purchase duties (and the invoices that bill them) is read again. */
export function useRefreshAfterSlipReview() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: trpc.purchaseDuty.pathKey() });
}

function columns(mayOpenBookings: boolean): ColumnDef<PurchaseDuty, unknown>[] {
  return [
    {
      id: 'booking',
      header: 'Duty',
      cell: ({ row }) =>
        mayOpenBookings ? (
          // The row opens the purchase side; the link opens the booking.
          <Anchor
            component={Link}
            to={`/duties/booking/${row.original.bookingId}`}
            size="sm"
            onClick={(event) => event.stopPropagation()}
          >
            {dutyNumber(row.original.bookingNo)}
          </Anchor>
        ) : (
          dutyNumber(row.original.bookingNo)
        ),
    },
    { id: 'start_date', header: 'Date', cell: ({ row }) => ddmmyyyy(row.original.startDate) },
    { id: 'supplier', header: 'Supplier', cell: ({ row }) => row.original.supplierName },
    {
      id: 'vehicle',
      header: 'Vehicle · driver',
      cell: ({ row }) => [row.original.vehicleNo, row.original.driverName].filter(Boolean).join(' · '),
    },
    { id: 'customer', header: 'Customer', cell: ({ row }) => row.original.customerName },
    {
      id: 'purchase',
      header: () => <Text ta="right">Supplier paid</Text>,
      cell: ({ row }) => amount(row.original.purchaseAmount),
    },
    {
      id: 'sales',
      header: () => <Text ta="right">Customer charged</Text>,
      cell: ({ row }) => amount(row.original.salesAmount),
    },
    {
      id: 'margin',
      header: () => <Text ta="right">Margin</Text>,
      cell: ({ row }) => amount(marginOf(row.original)),
    },
    {
      id: 'slip',
      header: 'Slip',
      cell: ({ row }) => {
        const mark = slipMark(row.original.slipStatus, !!row.original.purchaseInvoiceId);
        return (
          <Badge size="sm" variant="light" color={mark.color} title={row.original.slipReason ?? undefined}>
            {mark.label}
          </Badge>
        );
      },
    },
    {
      id: 'invoice',
      header: 'Purchase invoice',
      cell: ({ row }) =>
        row.original.purchaseInvoiceId ? (
          <Text size="sm">
            {row.original.purchaseNo}
            {row.original.supplierInvoiceNo ? ` (${row.original.supplierInvoiceNo})` : ''}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Not billed
          </Text>
        ),
    },
  ];
}

export default function PurchaseDutiesPage() {
  const navigate = useNavigate();
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const searchBox = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchBox.current?.focus()]]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const refresh = useRefreshAfterSlipReview();
  const searched = state.search.trim().slice(0, 40);
  const list = useInfiniteQuery(
    trpc.purchaseDuty.list.infiniteQueryOptions(
      {
        search: searched || undefined,
        supplierIds: state.supplierIds.length ? state.supplierIds : undefined,
        slipStatuses: state.slipStatuses.length ? state.slipStatuses : undefined,
        billing: state.billing,
        dateFrom: state.dateFrom,
        dateTo: state.dateTo,
        order: state.order ?? 'desc',
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.duties) ?? [];
  const { narrowed, clear } = filterReset(state, update, {
    search: '',
    supplierIds: [],
    slipStatuses: [],
    billing: undefined,
    dateFrom: undefined,
    dateTo: undefined,
  });
  const mayReview = permissions.has('manage_purchase_duty');
  const picked = reviewable(rows.filter((row) => selected.has(row.bookingId)));
  const review = (decision: 'ACCEPTED' | 'REJECTED', reason?: string) =>
    trpcClient.purchaseDuty.reviewSlips.mutate({ bookingIds: picked.ids, decision, reason });
  const reviewed = (duties: PurchaseDuty[], verb: string) => {
    showToast(`${duties.length} ${duties.length === 1 ? 'slip' : 'slips'} ${verb}.`);
    setSelected(new Set());
    refresh();
  };
  const accept = useMutation({
    mutationFn: () => review('ACCEPTED'),
    onSuccess: (duties) => reviewed(duties, 'accepted'),
    onError: (failure) => showToast(errorMessage(failure), 'alert-danger'),
  });

  return (
    <Stack gap="sm">
      <PageHeader
        title="Purchase Duties"
        actions={
          mayReview && selected.size > 0 ? (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {selected.size} picked
                {picked.held.length > 0
                  ? ` · ${picked.held.length} cannot be reviewed (${picked.held.join('; ')})`
                  : ''}
              </Text>
              <Button
                color="teal"
                disabled={picked.ids.length === 0}
                loading={accept.isPending}
                onClick={() => accept.mutate()}
              >
                Accept slips
              </Button>
              <Button
                color="red"
                variant="light"
                disabled={picked.ids.length === 0}
                onClick={() => setRejecting(true)}
              >
                Reject slips
              </Button>
            </Group>
          ) : null
        }
      />
      <Group gap="sm" align="end" wrap="wrap">
        <ListSearchInput
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder="Duty no. or vehicle no."
          width={220}
          inputRef={searchBox}
        />
        <MasterFilterInput
          target="supplier"
          label="Suppliers"
          permissions={permissions}
          value={state.supplierIds}
          onChange={(value) => update({ supplierIds: value })}
        />
        <MultiSelect
          aria-label="Slip review"
          placeholder={state.slipStatuses.length ? undefined : 'Slip review'}
          w={200}
          value={state.slipStatuses}
          onChange={(value) =>
            update({ slipStatuses: value.flatMap((v) => SLIP_STATUSES.filter((s) => s === v)) })
          }
          data={SLIP_STATUSES.map((status) => ({ value: status, label: slipMark(status).label }))}
        />
        <DateRangeInputs
          what="Duty date"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        <SegmentedControl
          aria-label="Billed"
          value={state.billing ?? 'ALL'}
          onChange={(value) =>
            update({ billing: value === 'BILLED' || value === 'UNBILLED' ? value : undefined })
          }
          data={[
            { value: 'ALL', label: 'All' },
            { value: 'UNBILLED', label: 'Not billed' },
            { value: 'BILLED', label: 'Billed' },
          ]}
          mb={2}
        />
        <ClearFiltersButton active={narrowed} onClear={clear} />
      </Group>
      <DataTable
        columns={columns(permissions.has('view_booking'))}
        rows={rows}
        rowKey={(r) => r.bookingId}
        state={{ search: state.search, active: 'all', sortBy: 'start_date', order: state.order ?? 'desc' }}
        update={(patch) => update({ order: patch.order })}
        sortable={{ start_date: 'start_date' }}
        onRowClick={
          permissions.has('view_purchase_duty')
            ? (r) => void navigate({ to: `/operations/purchases/duties/${r.bookingId}` })
            : undefined
        }
        rowLabel={(r) => `Duty ${dutyNumber(r.bookingNo)} · ${r.supplierName}`}
        selection={
          mayReview
            ? {
                selected,
                onChange: setSelected,
                label: (r) => `Pick duty ${dutyNumber(r.bookingNo)}`,
                allLabel: 'Pick all loaded duties',
              }
            : undefined
        }
        minWidth={1200}
        maxHeight="calc(100vh - 220px)"
        {...pagingOf(list)}
        empty={emptyList({
          narrowed,
          clear,
          what: 'duties',
          none: 'No supplier has run a duty yet. Duties allotted to a supplier appear here once they close.',
        })}
      />
      {rejecting ? (
        <ReasonDialog
          title="Reject the suppliers' slips"
          formLabel="Reject slips"
          explanation={`${picked.ids.length} ${picked.ids.length === 1 ? 'slip is' : 'slips are'} rejected: a purchase invoice cannot bill ${picked.ids.length === 1 ? 'its duty' : 'their duties'} until the review is undone or the slip accepted.`}
          reasonLabel="Why are they rejected?"
          keptWith="each duty"
          confirmLabel="Reject slips"
          submit={(reason) => review('REJECTED', reason)}
          onDone={(duties) => reviewed(duties, 'rejected')}
          onClose={() => setRejecting(false)}
        />
      ) : null}
    </Stack>
  );
}
