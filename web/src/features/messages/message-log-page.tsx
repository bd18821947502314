// /operations/business/sms and /email (spec §2, view_sms): the operator's texts or emails (or a channel's
// messages, pushes to drivers' apps included), newest first, filtered by kind, status, delivery report, the operator's days and booking, searched by the
// recipient's name, phone or email or the booking's number (all kept in the URL), cursor paged; a row
// opens the message beside the list.
import {
  isIsoDate,
  MESSAGE_DELIVERY_FILTERS,
  MESSAGE_LOG_STATUSES,
  MESSAGE_LOG_TYPES,
  MESSAGE_LOG_TYPES_BY_CHANNEL,
  type MessageLogChannel,
} from '@fleet/domain';
import { Anchor, Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { trpc } from '../../lib/trpc';
import { DataTable } from '../common/list/data-table';
import { ClearFiltersButton } from '../common/list/list-filters';
import { useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { dateText, dutyNumber, timeText } from '../duties/duty-format';
import { MessageDrawer } from './message-detail';
import {
  CHANNEL_WORDS,
  DELIVERY_LABELS,
  deliveryText,
  messageTypeLabel,
  roleLabel,
  STATUS_LABELS,
  statusColour,
} from './message-format';
import type { MessageRow } from './message-types';

const isoDate = z.string().refine(isIsoDate).optional().catch(undefined);

const search = z.object({
  search: z.string().catch('').default(''),
  type: z.enum(MESSAGE_LOG_TYPES).optional().catch(undefined),
  status: z.enum(MESSAGE_LOG_STATUSES).optional().catch(undefined),
  delivery: z.enum(MESSAGE_DELIVERY_FILTERS).optional().catch(undefined),
  from: isoDate,
  to: isoDate,
  booking: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .catch(undefined),
  /** The message opened beside the list, so it deep-links too. */
  open: z.string().uuid().optional().catch(undefined),
});

export function messageColumns(channel: MessageLogChannel): ColumnDef<MessageRow, unknown>[] {
  return [
    {
      id: 'when',
      header: 'When',
      cell: ({ row }) =>
        row.original.createdAt ? (
          <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {dateText(row.original.createdAt)} {timeText(row.original.createdAt)}
          </Text>
        ) : null,
    },
    { id: 'type', header: 'Type', cell: ({ row }) => messageTypeLabel(row.original.type) },
    {
      id: 'recipient',
      header: 'To',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm">{row.original.recipientName || '—'}</Text>
          <Text size="xs" c="dimmed">
            {roleLabel(row.original.recipientRole)} ·{' '}
            {channel === 'EMAIL' ? row.original.recipientEmail : row.original.recipientPhone}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'booking',
      header: 'Booking',
      cell: ({ row }) =>
        row.original.bookingId && row.original.bookingNo ? (
          <Anchor
            component={Link}
            to={`/duties/booking/${row.original.bookingId}`}
            size="sm"
            onClick={(event) => event.stopPropagation()}
          >
            {dutyNumber(BigInt(row.original.bookingNo))}
          </Anchor>
        ) : null,
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          <Badge size="sm" variant="light" color={statusColour(row.original.status)}>
            {STATUS_LABELS[row.original.status] ?? row.original.status}
          </Badge>
          {deliveryText(row.original) ? (
            <Text size="xs" c={row.original.deliveryStatus === 'UNDELIVERED' ? 'red' : 'dimmed'}>
              {deliveryText(row.original)}
            </Text>
          ) : null}
          {row.original.resentFromId ? (
            <Text size="xs" c="dimmed">
              (resent)
            </Text>
          ) : null}
        </Group>
      ),
    },
    { id: 'provider', header: 'Provider', cell: ({ row }) => row.original.provider ?? '' },
    {
      id: 'attempts',
      header: 'Attempts',
      cell: ({ row }) => <Text ta="right">{row.original.attempts}</Text>,
    },
  ];
}

/** A booking number typed as shown (00000129) or bare, committed once typing pauses. */
function BookingNoInput({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const [typed, setTyped] = useState(value);
  const commit = useDebouncedCallback((text: string) => {
    const digits = text.trim();
    if (digits === '') onCommit('');
    else if (/^\d{1,15}$/.test(digits)) onCommit(digits.replace(/^0+(?=\d)/, ''));
  }, 300);
  useEffect(() => setTyped(value ? dutyNumber(BigInt(value)) : ''), [value]);
  const bad = typed.trim() !== '' && !/^\d{1,15}$/.test(typed.trim());
  return (
    <TextInput
      aria-label="Booking no."
      placeholder="Booking no."
      w={140}
      value={typed}
      error={bad ? 'Digits only' : undefined}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
    />
  );
}

const toDate = (iso: string | undefined) => (iso ? iso : null);

export function MessageLogPage({ channel }: { channel: MessageLogChannel }) {
  const [state, update] = useListState(search);
  const searchBox = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchBox.current?.focus()]]);
  const searched = state.search.trim().slice(0, 100);
  const types = MESSAGE_LOG_TYPES_BY_CHANNEL[channel];
  const type = state.type && types.includes(state.type) ? state.type : undefined;
  const narrowed =
    searched !== '' ||
    !!type ||
    !!state.status ||
    !!state.delivery ||
    !!state.from ||
    !!state.to ||
    !!state.booking;
  const list = useInfiniteQuery(
    trpc.message.list.infiniteQueryOptions(
      {
        channel,
        type,
        status: state.status,
        deliveryStatus: state.delivery,
        createdFrom: state.from,
        createdTo: state.to && state.from && state.to < state.from ? state.from : state.to,
        bookingNo: state.booking,
        search: searched || undefined,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.messages) ?? [];
  const clear = () =>
    update({
      search: '',
      type: undefined,
      status: undefined,
      delivery: undefined,
      from: undefined,
      to: undefined,
      booking: undefined,
    });
  const words = CHANNEL_WORDS[channel];
  const what = words.plural;

  return (
    <Stack gap="sm">
      <PageHeader title={words.title} />
      <Group gap="sm" align="end" wrap="wrap">
        <ListSearchInput
          inputRef={searchBox}
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder={words.search}
          width={300}
        />
        <Select
          aria-label="Type"
          placeholder="Type"
          w={190}
          clearable
          value={type ?? null}
          onChange={(value) => update({ type: types.find((t) => t === value) })}
          data={types.map((t) => ({ value: t, label: messageTypeLabel(t) }))}
        />
        <Select
          aria-label="Status"
          placeholder="Status"
          w={130}
          clearable
          value={state.status ?? null}
          onChange={(value) => update({ status: MESSAGE_LOG_STATUSES.find((s) => s === value) })}
          data={MESSAGE_LOG_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] ?? s }))}
        />
        <Select
          aria-label="Delivery"
          placeholder="Delivery"
          w={150}
          clearable
          value={state.delivery ?? null}
          onChange={(value) => update({ delivery: MESSAGE_DELIVERY_FILTERS.find((s) => s === value) })}
          data={MESSAGE_DELIVERY_FILTERS.map((s) => ({ value: s, label: DELIVERY_LABELS[s] ?? s }))}
        />
        <DatePickerInput
          type="range"
          aria-label="Dates"
          placeholder="Dates"
          valueFormat="DD/MM/YYYY"
          allowSingleDateInRange
          clearable
          w={230}
          value={[toDate(state.from), toDate(state.to)]}
          onChange={([from, to]) => update({ from: from ?? undefined, to: to ?? from ?? undefined })}
        />
        <BookingNoInput value={state.booking ?? ''} onCommit={(booking) => update({ booking })} />
        <ClearFiltersButton active={narrowed} onClear={clear} />
      </Group>
      <DataTable
        columns={messageColumns(channel)}
        rows={rows}
        rowKey={(r) => r.id}
        onRowClick={(r) => update({ open: r.id })}
        rowLabel={(r) =>
          `${messageTypeLabel(r.type)} to ${r.recipientName || r.recipientEmail || r.recipientPhone}${
            r.bookingNo ? ` for booking ${dutyNumber(BigInt(r.bookingNo))}` : ''
          }`
        }
        minWidth={960}
        maxHeight="calc(100vh - 220px)"
        hasMore={!!list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => list.fetchNextPage()}
        loading={list.isLoading}
        error={list.error?.message}
        empty={
          narrowed ? (
            <>
              No {what} match.{' '}
              <Anchor component="button" onClick={clear}>
                Clear the filters.
              </Anchor>
            </>
          ) : (
            `No ${what} yet. They appear here as bookings are confirmed, allotted and closed.`
          )
        }
      />
      <MessageDrawer
        id={state.open}
        onClose={() => update({ open: undefined })}
        onOpen={(id) => update({ open: id })}
      />
    </Stack>
  );
}
