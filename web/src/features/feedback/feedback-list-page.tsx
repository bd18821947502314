// /operations/feedback (view_booking; the spec names no screen for it): passengers' feedback, newest
// first, each with its duty's number (opening the duty) and customer, and the answers given.

import type { AppRouter } from '@fleet/gateway';
import { Anchor, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { trpc } from '../../lib/trpc';
import { DataTable } from '../common/list/data-table';
import { PageHeader } from '../common/list/page-header';
import { dateTimeText, dutyNumber } from '../duties/duty-format';

type FeedbackRow = inferRouterOutputs<AppRouter>['feedback']['list']['items'][number];

const columns: ColumnDef<FeedbackRow, unknown>[] = [
  {
    id: 'when',
    header: 'Answered',
    cell: ({ row }) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {dateTimeText(row.original.answeredAt)}
      </Text>
    ),
  },
  {
    id: 'booking',
    header: 'Booking',
    cell: ({ row }) => (
      <Anchor component={Link} to={`/duties/booking/${row.original.bookingId}`} size="sm">
        {dutyNumber(BigInt(row.original.bookingNo))}
      </Anchor>
    ),
  },
  { id: 'customer', header: 'Customer', cell: ({ row }) => row.original.customerName },
  { id: 'passenger', header: 'Passenger', cell: ({ row }) => row.original.passengerName || '—' },
  {
    id: 'answers',
    header: 'Answers',
    cell: ({ row }) => (
      <Stack gap={2}>
        {row.original.answers.map((answer, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the answers, in the form's fixed order
          <Text key={`${answer.label}-${i}`} size="sm">
            <Text span c="dimmed" size="xs">
              {answer.label}:
            </Text>{' '}
            {answer.values.join(', ') || '—'}
          </Text>
        ))}
      </Stack>
    ),
  },
];

export default function FeedbackListPage() {
  const list = useInfiniteQuery(
    trpc.feedback.list.infiniteQueryOptions(
      { limit: 50 },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="sm">
      <PageHeader title="Feedback" />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.bookingId}
        minWidth={900}
        maxHeight="calc(100vh - 180px)"
        hasMore={!!list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => list.fetchNextPage()}
        loading={list.isLoading}
        error={list.error?.message}
        empty="No passenger has given feedback yet. Passengers are texted a feedback link when their duty closes."
      />
    </Stack>
  );
}
