import { DateRangeInputs } from './date-range-inputs';
// /operations/billing/new: the bill-pending duties grouped by customer with their car hire and billing
// items, narrowed by dates and customers; pick them per duty, per customer or all loaded, choose how
// they are grouped into invoices and the invoice date, and make the invoices in one action.

import { idSchema } from '@fleet/domain/inputs';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { progress } from '../../app/progress';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { DayInput } from '../common/form/day-input';
import { ClearFiltersButton, MasterFilterInput } from '../common/list/list-filters';
import { listDay, useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { dutyNumber, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { GROUPINGS, groupByCustomer, invoiceCount, toggleAll } from './duty-grouping';
import { useRefreshInvoices } from './invoice-actions';
import { invoiceNumberText } from './invoice-format';
import type { BillableDuty, Grouping, InvoiceRow } from './invoice-types';

const search = z.object({
  search: z.string().catch('').default(''),
  customerIds: z.array(idSchema).max(100).catch([]).default([]),
  dateFrom: listDay,
  dateTo: listDay,
});

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

function CustomerDuties({
  duties,
  name,
  carHire,
  billingItems,
  selected,
  onSelect,
}: {
  duties: BillableDuty[];
  name: string;
  carHire: BillableDuty['carHire'];
  billingItems: BillableDuty['billingItems'];
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
}) {
  const ids = duties.map((d) => d.bookingId);
  const picked = ids.filter((id) => selected.has(id)).length;
  return (
    <Paper withBorder p="sm" role="group" aria-label={`Duties of ${name}`}>
      <Group justify="space-between" mb="xs">
        <Checkbox
          label={
            <Text fw={600}>
              {name} · {duties.length} {duties.length === 1 ? 'duty' : 'duties'}
            </Text>
          }
          aria-label={`Select all duties of ${name}`}
          checked={picked === ids.length}
          indeterminate={picked > 0 && picked < ids.length}
          onChange={() => onSelect(toggleAll(selected, ids))}
        />
        <Text size="sm" style={NUMERIC}>
          Car hire {rupees(carHire)} · billing items {rupees(billingItems)} ·{' '}
          <b>{rupees(carHire.plus(billingItems))}</b> before tax
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table fz="sm" verticalSpacing={2} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>Duty</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Vehicle · driver</Table.Th>
              <Table.Th>Passengers</Table.Th>
              <Table.Th>Rate card</Table.Th>
              <Table.Th>Slip</Table.Th>
              <Table.Th ta="right">Car hire</Table.Th>
              <Table.Th ta="right">Billing items</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {duties.map((duty) => (
              <Table.Tr key={duty.bookingId} data-testid="bill-pending-duty">
                <Table.Td>
                  <Checkbox
                    size="xs"
                    aria-label={`Select duty ${dutyNumber(duty.bookingNo)}`}
                    checked={selected.has(duty.bookingId)}
                    onChange={() => onSelect(toggleAll(selected, [duty.bookingId]))}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/duties/booking/${duty.bookingId}`} size="sm">
                    {dutyNumber(duty.bookingNo)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{ddmmyyyy(duty.startDate)}</Table.Td>
                <Table.Td>{[duty.vehicleNo, duty.driverName].filter(Boolean).join(' · ')}</Table.Td>
                <Table.Td>{duty.passengerNames}</Table.Td>
                <Table.Td>{duty.rateCardName}</Table.Td>
                <Table.Td>{duty.slipApproved ? 'Approved' : 'Not approved'}</Table.Td>
                <Table.Td ta="right" style={NUMERIC}>
                  {rupees(duty.carHire)}
                </Table.Td>
                <Table.Td ta="right" style={NUMERIC}>
                  {rupees(duty.billingItems)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Made({ invoices }: { invoices: InvoiceRow[] }) {
  return (
    <Alert
      color="green"
      title={`Made ${invoices.length} draft ${invoices.length === 1 ? 'invoice' : 'invoices'}`}
    >
      <Stack gap={2} role="list" aria-label="Invoices made">
        {invoices.map((invoice) => (
          <Text size="sm" key={invoice.id} role="listitem">
            <Anchor component={Link} to={`/operations/billing/${invoice.id}`}>
              {invoiceNumberText(invoice)}
            </Anchor>{' '}
            · {invoice.buyerName} · {rupees(invoice.total)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

export default function NewInvoicesPage() {
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const searched = state.search.trim().slice(0, 100);
  const list = useInfiniteQuery(
    trpc.invoice.duties.infiniteQueryOptions(
      {
        billingStatus: 'UNBILLED',
        search: searched || undefined,
        customerIds: state.customerIds.length ? state.customerIds : undefined,
        dateFrom: state.dateFrom,
        dateTo: state.dateTo,
        sortBy: 'start_date',
        order: 'asc',
        limit: 100,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const duties = useMemo(() => list.data?.pages.flatMap((p) => p.duties) ?? [], [list.data]);
  const groups = useMemo(() => groupByCustomer(duties), [duties]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [grouping, setGrouping] = useState<Grouping>('PER_CUSTOMER');
  const [invoiceDate, setInvoiceDate] = useState<string | null>(null);
  const [made, setMade] = useState<InvoiceRow[]>();
  const refresh = useRefreshInvoices();
  const chosen = duties.filter((d) => selected.has(d.bookingId));
  const count = invoiceCount(chosen, grouping);
  const create = useMutation({
    mutationFn: async () => {
      const finish = progress.start();
      try {
        return await trpcClient.invoice.createFromDuties.mutate({
          bookingIds: chosen.map((d) => d.bookingId),
          grouping,
          invoiceDate: invoiceDate ?? undefined,
        });
      } finally {
        finish();
      }
    },
    onSuccess: ({ invoices }) => {
      setMade(invoices);
      setSelected(new Set());
      showToast(`Made ${invoices.length} draft ${invoices.length === 1 ? 'invoice' : 'invoices'}.`);
    },
    onError: (error) => showToast(errorMessage(error), 'alert-danger'),
    onSettled: refresh,
  });
  const narrowed = searched !== '' || state.customerIds.length > 0 || !!state.dateFrom || !!state.dateTo;
  const clear = () => update({ search: '', customerIds: [], dateFrom: undefined, dateTo: undefined });

  return (
    <Stack gap="sm">
      <PageHeader title="Invoice duties" />
      <Group gap="sm" align="end" wrap="wrap">
        <ListSearchInput
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder="Duty no., passenger, vehicle"
        />
        <MasterFilterInput
          target="customer"
          label="Customers"
          permissions={permissions}
          w={240}
          value={state.customerIds}
          onChange={(value) => {
            setSelected(new Set());
            update({ customerIds: value });
          }}
        />
        <DateRangeInputs
          what="Duties"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        <ClearFiltersButton active={narrowed} onClear={clear} />
      </Group>

      <Paper withBorder p="sm" bg="gray.0">
        <Group justify="space-between" align="end" wrap="wrap">
          <Group gap="sm" align="end">
            <Checkbox
              label="Select all loaded duties"
              checked={duties.length > 0 && chosen.length === duties.length}
              indeterminate={chosen.length > 0 && chosen.length < duties.length}
              disabled={duties.length === 0}
              onChange={() =>
                setSelected(
                  toggleAll(
                    selected,
                    duties.map((d) => d.bookingId),
                  ),
                )
              }
            />
            <Select
              label="Grouping"
              w={240}
              allowDeselect={false}
              data={GROUPINGS}
              value={grouping}
              onChange={(value) =>
                setGrouping(GROUPINGS.find((g) => g.value === value)?.value ?? 'PER_CUSTOMER')
              }
            />
            <DayInput
              label="Invoice date"
              placeholder="Today"
              clearable
              w={150}
              value={invoiceDate}
              onChange={setInvoiceDate}
            />
          </Group>
          <Group gap="sm" align="center">
            <Text size="sm" c="dimmed">
              {chosen.length} {chosen.length === 1 ? 'duty' : 'duties'} chosen
            </Text>
            <Button disabled={chosen.length === 0} loading={create.isPending} onClick={() => create.mutate()}>
              {chosen.length ? `Create ${count} ${count === 1 ? 'invoice' : 'invoices'}` : 'Create invoices'}
            </Button>
          </Group>
        </Group>
      </Paper>

      {made ? <Made invoices={made} /> : null}
      {list.isError ? (
        <Alert color="red" title="The duties could not be loaded">
          {errorMessage(list.error)}
        </Alert>
      ) : null}
      {groups.map((group) => (
        <CustomerDuties
          key={group.customerId}
          name={group.customerName}
          duties={group.duties}
          carHire={group.carHire}
          billingItems={group.billingItems}
          selected={selected}
          onSelect={setSelected}
        />
      ))}
      {!list.isLoading && !list.isError && duties.length === 0 ? (
        <Paper p="xl">
          <Title order={5} ta="center" c="dimmed">
            {narrowed
              ? 'No bill-pending duties match. Clear the filters to see them all.'
              : 'No duties are waiting to be invoiced. Closed duties appear here.'}
          </Title>
        </Paper>
      ) : null}
      {list.hasNextPage ? (
        <Group justify="center">
          <Button variant="light" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
