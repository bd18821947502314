import { BOOKING_SORTS, BOOKING_TAB_DEFINITIONS, bookingTab, bookingTabFromSlug } from '@fleet/domain';
import { Button, Group, Kbd, Select, Stack, Tabs, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { DataTable } from '../common/list/data-table';
import { useListState } from '../common/list/list-state';
import { PageHeader } from '../common/list/page-header';
import { AllotDialog } from './allot-dialog';
import { boardColumns } from './board-columns';
import type { BoardRow } from './booking-types';
import { dutyNumber } from './duty-format';
import { useStatusAction } from './status-actions';
import { useDutyNames } from './use-master-names';

const search = z.object({
  sortBy: z.enum(BOOKING_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
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

/** The duties of one tab (spec §2), cursor-paged; a row opens its duty, its menu allots or dispatches. */
export default function BookingsPage() {
  const params = useParams({ strict: false });
  const tab = typeof params.tab === 'string' ? params.tab : 'all';
  const navigate = useNavigate();
  const permissions = usePermissions() ?? new Set<string>();
  const canBook = permissions.has('manage_booking');
  const [state, update] = useListState(search);
  const named = bookingTabFromSlug(tab);
  const current = named ? bookingTab(named) : undefined;
  const list = useInfiniteQuery(
    trpc.booking.list.infiniteQueryOptions(
      { tab, sortBy: state.sortBy, order: state.order, limit: 50 },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const pages = list.data?.pages.map((p) => p.bookings) ?? [];
  const rows = pages.flat();
  const names = useDutyNames(pages);
  const [allotting, setAllotting] = useState<BoardRow>();
  const dispatch = useStatusAction();
  const newBooking = () => navigate({ to: '/duties/booking/new' });
  useHotkeys(canBook ? [['n', () => void newBooking()]] : []);

  return (
    <Stack gap="md">
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

      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          ↑ ↓ move between duties, Enter opens one.
        </Text>
        <Select
          aria-label="Sort by"
          w={240}
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
      <DataTable
        columns={boardColumns({
          names,
          permissions,
          onAllot: setAllotting,
          onDispatch: (row) => dispatch.mutate({ action: 'dispatch', duty: row }),
        })}
        rows={rows}
        rowKey={(r) => r.id}
        onRowClick={(r) => void navigate({ to: `/duties/booking/${r.id}` })}
        rowLabel={(r) => `Duty ${dutyNumber(r.bookingNo)}`}
        minWidth={1150}
        maxHeight="calc(100vh - 230px)"
        hasMore={!!list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => list.fetchNextPage()}
        loading={list.isLoading}
        error={list.error?.message}
        empty={
          canBook
            ? `No duties in ${current?.label ?? 'this tab'} right now. Press N to take a booking.`
            : `No duties in ${current?.label ?? 'this tab'} right now.`
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
