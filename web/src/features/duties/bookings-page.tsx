import { BOOKING_SORTS, BOOKING_TAB_DEFINITIONS, bookingTab, bookingTabFromSlug } from '@fleet/domain';
import { Anchor, Badge, Button, Collapse, Group, Kbd, Select, Stack, Tabs, Text } from '@mantine/core';
import { type HotkeyItem, useHotkeys } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { DataTable } from '../common/list/data-table';
import { ClearFiltersButton } from '../common/list/list-filters';
import { hasFilters, listFiltersSearch, useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { AllotDialog } from './allot-dialog';
import { BoardBulkBar } from './board-bulk-bar';
import { boardColumns } from './board-columns';
import { BoardFilterInputs } from './board-filter-inputs';
import { boardFilterInput } from './board-filters';
import type { BoardRow } from './booking-types';
import { dutyNumber } from './duty-format';
import { useStatusAction } from './status-actions';

const search = z.object({
  sortBy: z.enum(BOOKING_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  search: z.string().catch('').default(''),
  filters: listFiltersSearch,
});

const SORTS = [
  { value: 'start_date:default', label: 'Date (tab order)' },
  { value: 'start_date:asc', label: 'Date ↑' },
  { value: 'start_date:desc', label: 'Date ↓' },
  { value: 'reporting_date:asc', label: 'Reporting time ↑' },
  { value: 'reporting_date:desc', label: 'Reporting time ↓' },
  { value: 'created_at:asc', label: 'Created ↑' },
  { value: 'created_at:desc', label: 'Created ↓' },
];

const countFormat = new Intl.NumberFormat('en-IN');

/**
 * How many duties each tab holds, in one call. It is read again when the window regains focus and after
 * any change to a booking (useRefreshBookings); the shell's 60-second polling of the incoming and
 * needs-attention counts (spec §7) is a different, permission-gated question and is left as it is.
 */
function useBoardTabCounts() {
  return useQuery(trpc.booking.tabCounts.queryOptions(undefined, { refetchOnWindowFocus: true })).data;
}

/**
 * The duties of one tab (spec §2), cursor-paged, narrowed by a search and spec §2's filters (both kept
 * in the URL); a row opens its duty, its menu allots or dispatches, and selected rows are dispatched or
 * allotted together.
 */
export default function BookingsPage() {
  const params = useParams({ strict: false });
  const tab = typeof params.tab === 'string' ? params.tab : 'all';
  const navigate = useNavigate();
  const permissions = usePermissions() ?? new Set<string>();
  const canBook = permissions.has('manage_booking');
  const [state, update] = useListState(search);
  const named = bookingTabFromSlug(tab);
  const current = named ? bookingTab(named) : undefined;
  const filters = boardFilterInput(state.filters);
  // booking.list searches with at most 100 characters; a longer paste searches by its start.
  const searched = state.search.trim().slice(0, 100);
  const narrowed = searched !== '' || filters !== undefined;
  const counts = useBoardTabCounts();
  const list = useInfiniteQuery(
    trpc.booking.list.infiniteQueryOptions(
      {
        tab,
        sortBy: state.sortBy,
        order: state.order,
        search: searched || undefined,
        filters,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const pages = list.data?.pages.map((p) => p.bookings) ?? [];
  const rows = pages.flat();
  const [allotting, setAllotting] = useState<BoardRow>();
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(() => rows.filter((r) => selectedIds.has(r.id)), [rows, selectedIds]);
  const [showFilters, setShowFilters] = useState(hasFilters(state.filters));
  const searchBox = useRef<HTMLInputElement>(null);
  const dispatch = useStatusAction();
  const newBooking = () => navigate({ to: '/duties/booking/new' });
  const clearFilters = () => update({ search: '', filters: {} });
  const hotkeys: HotkeyItem[] = [['/', () => searchBox.current?.focus()]];
  if (canBook) hotkeys.push(['n', () => void newBooking()]);
  useHotkeys(hotkeys);
  const chosenCount = Object.keys(filters ?? {}).length;

  return (
    <Stack gap="sm">
      <PageHeader
        title="Duties"
        actions={
          canBook ? (
            <Button onClick={() => void newBooking()} rightSection={<Kbd size="xs">N</Kbd>}>
              New booking
            </Button>
          ) : null
        }
      />
      <Tabs
        value={current?.slug ?? tab}
        onChange={(value) => {
          if (!value) return;
          setSelectedIds(new Set());
          // A search or filters carry over to the next tab: "this customer's duties" across tabs.
          void navigate({ to: `/duties/bookings/${value}`, search: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {BOOKING_TAB_DEFINITIONS.map((t) => {
            const count = counts?.[t.id];
            return (
              <Tabs.Tab
                key={t.slug}
                value={t.slug}
                rightSection={
                  count ? (
                    <Badge size="xs" variant="light" circle={count < 10} data-testid={`tab-count-${t.id}`}>
                      {countFormat.format(count)}
                    </Badge>
                  ) : null
                }
              >
                {t.label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>

      <Group justify="space-between" align="end" gap="sm">
        <Group gap="sm" align="end">
          <ListSearchInput
            inputRef={searchBox}
            value={state.search}
            onCommit={(value) => {
              setSelectedIds(new Set());
              update({ search: value });
            }}
            placeholder="Passenger phone, vehicle no., booking no., name"
            width={380}
          />
          <Button
            variant={showFilters ? 'light' : 'default'}
            onClick={() => setShowFilters((shown) => !shown)}
            aria-expanded={showFilters}
            rightSection={chosenCount ? <Badge size="xs">{chosenCount}</Badge> : null}
          >
            Filters
          </Button>
          <ClearFiltersButton active={narrowed} onClear={clearFilters} />
        </Group>
        <Group gap="sm" align="center">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">/</Kbd> search, ↑ ↓ move, Enter opens, Space selects.
          </Text>
          <Select
            aria-label="Sort by"
            w={220}
            allowDeselect={false}
            value={`${state.sortBy ?? 'start_date'}:${state.order ?? 'default'}`}
            onChange={(value) => {
              const [sortBy, order] = (value ?? '').split(':');
              update({
                sortBy: BOOKING_SORTS.find((s) => s === sortBy),
                order: order === 'asc' || order === 'desc' ? order : undefined,
              });
            }}
            data={SORTS}
          />
        </Group>
      </Group>
      <Collapse expanded={showFilters}>
        <Group gap="sm" wrap="wrap">
          <BoardFilterInputs
            filters={state.filters}
            onChange={(next) => {
              setSelectedIds(new Set());
              update({ filters: next });
            }}
          />
        </Group>
      </Collapse>
      <BoardBulkBar
        selected={selected}
        permissions={permissions}
        onFinished={() => setSelectedIds(new Set())}
      />
      <DataTable
        columns={boardColumns({
          permissions,
          onAllot: setAllotting,
          onDispatch: (row) => dispatch.mutate({ action: 'dispatch', duty: row }),
          onEdit: (row) => void navigate({ to: `/duties/booking/${row.id}/edit` }),
        })}
        rows={rows}
        rowKey={(r) => r.id}
        onRowClick={(r) => void navigate({ to: `/duties/booking/${r.id}` })}
        rowLabel={(r) => `Duty ${dutyNumber(r.bookingNo)}`}
        selection={{
          selected: selectedIds,
          onChange: setSelectedIds,
          label: (r) => `Select duty ${dutyNumber(r.bookingNo)}`,
          allLabel: 'Select all loaded duties',
        }}
        minWidth={1190}
        maxHeight="calc(100vh - 270px)"
        hasMore={!!list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => list.fetchNextPage()}
        loading={list.isLoading}
        error={list.error?.message}
        empty={
          narrowed ? (
            <>
              No duties match.{' '}
              <Anchor component="button" onClick={clearFilters}>
                Clear the filters.
              </Anchor>
            </>
          ) : canBook ? (
            `No duties in ${current?.label ?? 'this tab'} right now. Press N to take a booking.`
          ) : (
            `No duties in ${current?.label ?? 'this tab'} right now.`
          )
        }
      />
      {allotting ? (
        <AllotDialog
          key={allotting.id}
          duty={allotting}
          severalDuties
          opened
          onClose={() => setAllotting(undefined)}
        />
      ) : null}
    </Stack>
  );
}
