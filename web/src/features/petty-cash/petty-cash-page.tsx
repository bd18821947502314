// /operations/petty-cash: the office's cash book. Above it, what the cash box holds now and who holds how
// much of it (each person a link to their entries); below, the entries newest first, filtered by date,
// kind, category, person and text (all kept in the URL), cursor-paged by the server. Recording an
// entry opens a dialog.
import { PETTY_CASH_CATEGORIES, PETTY_CASH_KINDS, shownBookingNo } from '@fleet/domain';
import {
  Anchor,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type Decimal from 'decimal.js';
import { useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { errorMessage, trpc } from '../../lib/trpc';
import { DateRangeInputs } from '../billing/date-range-inputs';
import { DataTable } from '../common/list/data-table';
import { emptyList, pagingOf, right, ShownCheckbox } from '../common/list/document-list';
import { ClearFiltersButton } from '../common/list/list-filters';
import { filterReset, listDay, listOrder, listShown, useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { EntryDialog } from './entry-dialog';
import {
  boxSign,
  CATEGORY_CHOICES,
  categoryText,
  KIND_CHOICES,
  kindText,
  modeText,
} from './petty-cash-format';
import type { PettyCashEntry, PettyCashSummary } from './petty-cash-types';

const search = z.object({
  search: z.string().catch('').default(''),
  kinds: z.array(z.enum(PETTY_CASH_KINDS)).catch([]).default([]),
  categories: z.array(z.enum(PETTY_CASH_CATEGORIES)).catch([]).default([]),
  person: z.string().max(200).optional().catch(undefined),
  personName: z.string().max(100).optional().catch(undefined),
  dateFrom: listDay,
  dateTo: listDay,
  voided: listShown,
  order: listOrder,
});

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;
const KIND_COLOURS: Record<string, string> = {
  RECEIVED: 'teal',
  GIVEN: 'orange',
  RETURNED: 'blue',
  SPENT: 'grape',
};

const money = (value: Decimal, testId?: string) => (
  <Text size="sm" ta="right" style={NUMERIC} data-testid={testId}>
    {rupees(value)}
  </Text>
);

const columns: ColumnDef<PettyCashEntry, unknown>[] = [
  {
    id: 'voucher',
    header: 'Voucher',
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{row.original.voucherNo}</Text>
        {row.original.isVoided ? (
          <Badge size="sm" color="red" variant="light">
            Voided
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { id: 'entry_date', header: 'Date', cell: ({ row }) => ddmmyyyy(row.original.entryDate) },
  {
    id: 'kind',
    header: 'Kind',
    cell: ({ row }) => (
      <Badge variant="light" color={KIND_COLOURS[row.original.kind] ?? 'gray'}>
        {kindText(row.original.kind)}
      </Badge>
    ),
  },
  { id: 'category', header: 'Category', cell: ({ row }) => categoryText(row.original.category) },
  {
    id: 'person',
    header: 'Person',
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm">{row.original.personName || '—'}</Text>
        {row.original.bookingNo || row.original.vehicleNo ? (
          <Text size="xs" c="dimmed">
            {[
              row.original.bookingNo ? `Duty #${shownBookingNo(row.original.bookingNo)}` : '',
              row.original.vehicleNo,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { id: 'mode', header: 'Paid by', cell: ({ row }) => modeText(row.original.paymentMode) },
  {
    id: 'in',
    header: right('Into box'),
    cell: ({ row }) => (boxSign(row.original) > 0 ? money(row.original.amount) : null),
  },
  {
    id: 'out',
    header: right('Out of box'),
    cell: ({ row }) => (boxSign(row.original) < 0 ? money(row.original.amount) : null),
  },
  {
    id: 'by_person',
    header: right('Spent by person'),
    cell: ({ row }) => (boxSign(row.original) === 0 ? money(row.original.amount) : null),
  },
];

function Summary({
  summary,
  onPerson,
}: {
  summary: PettyCashSummary;
  onPerson: (person: { key: string; name: string }) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md">
        <Text size="xs" c="dimmed">
          In the cash box now
        </Text>
        <Title order={2} style={NUMERIC} data-testid="petty-cash-balance">
          {rupees(summary.balance)}
        </Title>
        {summary.boxes.length > 1 ? (
          <Stack gap={0} mt="xs">
            {summary.boxes.map((box) => (
              <Group key={box.companyId} justify="space-between">
                <Text size="sm">{box.companyName || 'Company'}</Text>
                <Text size="sm" style={NUMERIC}>
                  {rupees(box.balance)}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Text size="sm" c="dimmed" mt="xs">
          With people: <span style={NUMERIC}>{rupees(summary.held)}</span> · Total cash:{' '}
          <span style={NUMERIC}>{rupees(summary.balance.plus(summary.held))}</span>
        </Text>
      </Paper>
      <Paper withBorder p="md">
        <Text size="xs" c="dimmed" mb={4}>
          Who holds cash
        </Text>
        {summary.holders.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody holds any of the office’s cash.
          </Text>
        ) : (
          <Table fz="sm" verticalSpacing={2} aria-label="Who holds cash">
            <Table.Tbody>
              {summary.holders.map((h) => (
                <Table.Tr key={`${h.companyId}:${h.personKey}`}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      size="sm"
                      onClick={() => onPerson({ key: h.personKey, name: h.personName })}
                    >
                      {h.personName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td c="dimmed">{h.personPhone ?? ''}</Table.Td>
                  <Table.Td ta="right" style={NUMERIC} data-testid={`held-${h.personName}`}>
                    {rupees(h.held)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </SimpleGrid>
  );
}

export default function PettyCashPage() {
  const navigate = useNavigate();
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const [recording, setRecording] = useState(false);
  const searched = state.search.trim().slice(0, 100);
  const order = state.order ?? 'desc';
  const summary = useQuery(trpc.pettyCash.summary.queryOptions());
  const list = useInfiniteQuery(
    trpc.pettyCash.list.infiniteQueryOptions(
      {
        search: searched || undefined,
        kinds: state.kinds.length ? state.kinds : undefined,
        categories: state.categories.length ? state.categories : undefined,
        personKey: state.person,
        dateFrom: state.dateFrom,
        dateTo: state.dateTo,
        includeVoided: state.voided === 'shown',
        order,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.entries) ?? [];
  const { narrowed, clear } = filterReset(state, update, {
    search: '',
    kinds: [],
    categories: [],
    person: undefined,
    personName: undefined,
    dateFrom: undefined,
    dateTo: undefined,
    voided: undefined,
  });
  const canAdd = permissions.has('add_petty_cash');

  return (
    <Stack gap="sm">
      <PageHeader
        title="Petty cash"
        actions={canAdd ? <Button onClick={() => setRecording(true)}>Record petty cash</Button> : null}
      />
      {summary.data ? (
        <Summary summary={summary.data} onPerson={(p) => update({ person: p.key, personName: p.name })} />
      ) : summary.isError ? (
        <Text c="red" size="sm">
          {errorMessage(summary.error)}
        </Text>
      ) : null}
      <Group gap="sm" align="end" wrap="wrap">
        <ListSearchInput
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder="Voucher no. or person"
          width={260}
        />
        <MultiSelect
          aria-label="Kind"
          placeholder={state.kinds.length ? undefined : 'Kind'}
          w={220}
          value={state.kinds}
          onChange={(value) =>
            update({ kinds: value.flatMap((v) => PETTY_CASH_KINDS.filter((k) => k === v)) })
          }
          data={KIND_CHOICES}
        />
        <MultiSelect
          aria-label="Category"
          placeholder={state.categories.length ? undefined : 'Category'}
          w={240}
          value={state.categories}
          onChange={(value) =>
            update({ categories: value.flatMap((v) => PETTY_CASH_CATEGORIES.filter((c) => c === v)) })
          }
          data={CATEGORY_CHOICES}
        />
        <DateRangeInputs
          what="Date"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        {state.person ? (
          <Badge
            size="lg"
            variant="light"
            rightSection={
              <Anchor
                component="button"
                size="xs"
                onClick={() => update({ person: undefined, personName: undefined })}
              >
                ✕
              </Anchor>
            }
          >
            {state.personName || 'One person'}
          </Badge>
        ) : null}
        <ShownCheckbox label="Show voided" shown={state.voided} onChange={(voided) => update({ voided })} />
        <ClearFiltersButton active={narrowed} onClear={clear} />
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        state={{ search: state.search, active: 'all', sortBy: 'entry_date', order }}
        update={(patch) => update({ order: patch.order })}
        sortable={{ entry_date: 'entry_date' }}
        onRowClick={(r) => void navigate({ to: `/operations/petty-cash/${r.id}` })}
        rowLabel={(r) => `Petty cash ${r.voucherNo} · ${kindText(r.kind)} ${rupees(r.amount)}`}
        minWidth={1100}
        maxHeight="calc(100vh - 360px)"
        {...pagingOf(list)}
        empty={emptyList({
          narrowed,
          clear,
          what: 'entries',
          none: canAdd
            ? 'The cash book is empty. Record the cash put in the box first.'
            : 'The cash book is empty.',
        })}
      />
      {recording ? <EntryDialog permissions={permissions} onClose={() => setRecording(false)} /> : null}
    </Stack>
  );
}
