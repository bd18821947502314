import { BOOKING_SORTS, BOOKING_TAB_DEFINITIONS, bookingTab, bookingTabFromSlug } from '@fleet/domain';
import { Badge, Group, Select, Stack, Tabs } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { z } from 'zod';
import { trpc } from '../../lib/trpc';
import { DataTable } from '../common/list/data-table';
import { useListState } from '../common/list/list-state';
import { PageHeader } from '../common/list/page-header';

interface BookingRow {
  id: string;
  bookingNo: number;
  type: string;
  status: string;
  startDate: string | null;
  reportingAt: Date | null;
  isNetworkIncoming: boolean;
  isBilled: boolean;
}

const search = z.object({
  sortBy: z.enum(BOOKING_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
});

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});
/** Spec §9: dates shown as DD/MM/YYYY. */
const ddmmyyyy = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');
const statusLabel = (status: string) =>
  status
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());

const columns: ColumnDef<BookingRow, unknown>[] = [
  { id: 'bookingNo', header: 'Duty no.', cell: ({ row }) => String(row.original.bookingNo).padStart(8, '0') },
  { id: 'startDate', header: 'Date', cell: ({ row }) => ddmmyyyy(row.original.startDate) },
  {
    id: 'reportingAt',
    header: 'Reporting',
    cell: ({ row }) =>
      row.original.reportingAt
        ? `${dateFormat.format(row.original.reportingAt)} ${timeFormat.format(row.original.reportingAt)}`
        : '',
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <Badge variant="light">{statusLabel(row.original.status)}</Badge>,
  },
  { id: 'type', header: 'Type', cell: ({ row }) => statusLabel(row.original.type) },
  {
    id: 'network',
    header: 'Source',
    cell: ({ row }) => (row.original.isNetworkIncoming ? 'Network' : 'Own'),
  },
  { id: 'billed', header: 'Billed', cell: ({ row }) => (row.original.isBilled ? 'Billed' : 'Unbilled') },
];

/** The duties of one tab (spec §2), newest work first where that helps, cursor-paged. */
export default function BookingsPage() {
  const { tab } = useParams({ strict: false }) as { tab: string };
  const navigate = useNavigate();
  const [state, update] = useListState(search);
  const named = bookingTabFromSlug(tab);
  const current = named ? bookingTab(named) : undefined;
  const list = useInfiniteQuery(
    trpc.booking.list.infiniteQueryOptions(
      { tab, sortBy: state.sortBy, order: state.order, limit: 50 },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = (list.data?.pages.flatMap((p) => p.bookings) ?? []) as BookingRow[];

  return (
    <Stack gap="md">
      <PageHeader title="Duties" />
      <Tabs
        value={current?.slug ?? tab}
        onChange={(value) => value && navigate({ to: `/duties/bookings/${value}` })}
        keepMounted={false}
      >
        <Tabs.List>
          {BOOKING_TAB_DEFINITIONS.map((t) => (
            <Tabs.Tab key={t.slug} value={t.slug}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group justify="flex-end">
        <Select
          aria-label="Sort by"
          w={240}
          allowDeselect={false}
          value={`${state.sortBy ?? 'start_date'}:${state.order ?? 'default'}`}
          onChange={(value) => {
            const [sortBy, order] = (value ?? '').split(':');
            update({ sortBy: sortBy as never, order: order === 'default' ? undefined : (order as never) });
          }}
          data={[
            { value: 'start_date:default', label: 'Date (tab order)' },
            { value: 'start_date:asc', label: 'Date ↑' },
            { value: 'start_date:desc', label: 'Date ↓' },
            { value: 'reporting_date:asc', label: 'Reporting time ↑' },
            { value: 'reporting_date:desc', label: 'Reporting time ↓' },
            { value: 'created_at:asc', label: 'Created ↑' },
            { value: 'created_at:desc', label: 'Created ↓' },
          ]}
        />
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        hasMore={!!list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => list.fetchNextPage()}
        loading={list.isLoading}
        error={list.error?.message}
        empty={`No duties in ${current?.label ?? 'this tab'} right now.`}
      />
    </Stack>
  );
}
