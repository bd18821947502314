// /operations/vehicle-expenses: what vehicles cost beyond fuel, newest first, searched by vendor or bill
// no. (by beginning), narrowed by vehicle, category and date (kept in the URL) and cursor-paged; above
// it, each vehicle's fuel and expenses over the dates chosen (this month by default) and per km run.
import { VEHICLE_EXPENSE_CATEGORIES } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { Button, Group, MultiSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { DateRangeInputs } from '../billing/date-range-inputs';
import { DataTable } from '../common/list/data-table';
import { emptyList, Figure, money, pagingOf, right } from '../common/list/document-list';
import { ClearFiltersButton, MasterFilterInput } from '../common/list/list-filters';
import { filterReset, listDay, useListState } from '../common/list/list-state';
import { ListSearchInput } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { ExpenseDialog } from './expense-dialog';
import { CATEGORY_CHOICES, categoryText, km, paymentModeText } from './vehicle-cost-format';
import type { VehicleCost, VehicleExpense } from './vehicle-cost-types';

const search = z.object({
  search: z.string().catch('').default(''),
  vehicleIds: z.array(idSchema).max(100).catch([]).default([]),
  categories: z.array(z.enum(VEHICLE_EXPENSE_CATEGORIES)).catch([]).default([]),
  dateFrom: listDay,
  dateTo: listDay,
});

const columns: ColumnDef<VehicleExpense, unknown>[] = [
  { id: 'expense_date', header: 'Date', cell: ({ row }) => ddmmyyyy(row.original.expenseDate) },
  { id: 'vehicle', header: 'Vehicle', cell: ({ row }) => row.original.vehicleNo },
  { id: 'category', header: 'For', cell: ({ row }) => categoryText(row.original.category) },
  {
    id: 'vendor',
    header: 'Vendor and bill',
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm">{row.original.vendor || '—'}</Text>
        {row.original.billNo ? (
          <Text size="xs" c="dimmed">
            Bill {row.original.billNo}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { id: 'amount', header: right('Amount'), cell: ({ row }) => money(row.original.amount) },
  { id: 'gst', header: right('GST'), cell: ({ row }) => money(row.original.gstAmount) },
  { id: 'total', header: right('Total'), cell: ({ row }) => money(row.original.total) },
  { id: 'paid', header: 'Paid by', cell: ({ row }) => paymentModeText(row.original.paymentMode) },
];

function CostsTable({ vehicles, total }: { vehicles: VehicleCost[]; total: VehicleCost }) {
  const line = (v: VehicleCost, label: string, key: string) => (
    <Table.Tr key={key} data-testid={`cost-row-${label}`}>
      <Table.Td>{label}</Table.Td>
      <Table.Td>{money(v.fuelAmount)}</Table.Td>
      <Table.Td>{money(v.expenseTotal)}</Table.Td>
      <Table.Td>{money(v.total)}</Table.Td>
      <Table.Td>
        <Figure>{km(v.km)}</Figure>
      </Table.Td>
      <Table.Td>{money(v.fuelPerKm)}</Table.Td>
      <Table.Td>{money(v.costPerKm)}</Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {v.byCategory.map((c) => `${categoryText(c.category)} ${rupees(c.total)}`).join(' · ')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table striped aria-label="Cost per vehicle">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Vehicle</Table.Th>
          <Table.Th ta="right">Fuel</Table.Th>
          <Table.Th ta="right">Expenses</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Km run</Table.Th>
          <Table.Th ta="right">Fuel per km</Table.Th>
          <Table.Th ta="right">Cost per km</Table.Th>
          <Table.Th>Expenses by kind</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {vehicles.map((v) => line(v, v.vehicleNo, v.vehicleId))}
        {vehicles.length > 1 ? line(total, 'All vehicles', 'total') : null}
      </Table.Tbody>
    </Table>
  );
}

export default function VehicleExpensesPage() {
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const [editing, setEditing] = useState<VehicleExpense | 'new'>();
  const searched = state.search.trim().slice(0, 100);
  const list = useInfiniteQuery(
    trpc.vehicleExpense.list.infiniteQueryOptions(
      {
        search: searched || undefined,
        vehicleIds: state.vehicleIds.length ? state.vehicleIds : undefined,
        categories: state.categories.length ? state.categories : undefined,
        dateFrom: state.dateFrom,
        dateTo: state.dateTo,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const costs = useQuery(
    trpc.vehicleExpense.costs.queryOptions({
      dateFrom: state.dateFrom,
      dateTo: state.dateTo,
      vehicleIds: state.vehicleIds.length ? state.vehicleIds : undefined,
    }),
  );
  const rows = list.data?.pages.flatMap((p) => p.expenses) ?? [];
  const { narrowed, clear } = filterReset(state, update, {
    search: '',
    vehicleIds: [],
    categories: [],
    dateFrom: undefined,
    dateTo: undefined,
  });
  const canManage = permissions.has('manage_vehicle_expense');

  return (
    <Stack gap="sm">
      <PageHeader
        title="Vehicle expenses"
        actions={canManage ? <Button onClick={() => setEditing('new')}>Add expense</Button> : null}
      />
      <Group gap="sm" align="end" wrap="wrap">
        <ListSearchInput
          value={state.search}
          onCommit={(value) => update({ search: value })}
          placeholder="Vendor or bill no."
          width={240}
        />
        <MasterFilterInput
          target="vehicle"
          label="Vehicles"
          permissions={permissions}
          value={state.vehicleIds}
          onChange={(value) => update({ vehicleIds: value })}
        />
        <MultiSelect
          aria-label="For"
          placeholder={state.categories.length ? undefined : 'For'}
          w={240}
          value={state.categories}
          onChange={(value) =>
            update({ categories: value.flatMap((v) => VEHICLE_EXPENSE_CATEGORIES.filter((c) => c === v)) })
          }
          data={CATEGORY_CHOICES}
        />
        <DateRangeInputs
          what="Date"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        <ClearFiltersButton active={narrowed} onClear={clear} />
      </Group>
      {costs.data ? (
        <Paper withBorder p="sm">
          <Title order={5} mb={4}>
            Cost per vehicle, {ddmmyyyy(costs.data.dateFrom)} to {ddmmyyyy(costs.data.dateTo)}
          </Title>
          {costs.data.vehicles.length ? (
            <CostsTable vehicles={costs.data.vehicles} total={costs.data.total} />
          ) : (
            <Text size="sm" c="dimmed">
              No fuel or expenses in these dates.
            </Text>
          )}
        </Paper>
      ) : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        onRowClick={(r) => setEditing(r)}
        rowLabel={(r) => `${categoryText(r.category)} of ${r.vehicleNo} on ${ddmmyyyy(r.expenseDate)}`}
        minWidth={1000}
        maxHeight="calc(100vh - 320px)"
        {...pagingOf(list)}
        empty={emptyList({
          narrowed,
          clear,
          what: 'expenses',
          none: canManage
            ? 'No expenses yet. Add one for a service, tyres, insurance, a challan…'
            : 'No expenses yet.',
        })}
      />
      {editing ? (
        <ExpenseDialog
          expense={editing === 'new' ? undefined : editing}
          canManage={canManage}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </Stack>
  );
}
