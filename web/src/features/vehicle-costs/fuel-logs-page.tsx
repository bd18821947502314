// /operations/fuel: the fills of the fleet, newest first, narrowed by vehicle, fuel station and fill date
// (kept in the URL) and cursor-paged by the server, the whole filter's fills counted and summed by
// billing; a fill is added or edited in a dialog.
import { idSchema } from '@fleet/domain/inputs';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
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
import { PageHeader } from '../common/list/page-header';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { FuelLogDialog } from './fuel-log-dialog';
import { kmPerUnitText, paymentModeText, quantityText } from './vehicle-cost-format';
import type { FuelLog } from './vehicle-cost-types';

const search = z.object({
  vehicleIds: z.array(idSchema).max(100).catch([]).default([]),
  stationIds: z.array(idSchema).max(100).catch([]).default([]),
  dateFrom: listDay,
  dateTo: listDay,
});

const columns: ColumnDef<FuelLog, unknown>[] = [
  {
    id: 'filled_at',
    header: 'Filled',
    cell: ({ row }) => `${ddmmyyyy(row.original.fillDate)} ${row.original.fillTime}`,
  },
  {
    id: 'vehicle',
    header: 'Vehicle',
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm">{row.original.vehicleNo}</Text>
        {row.original.driverName ? (
          <Text size="xs" c="dimmed">
            {row.original.driverName}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { id: 'station', header: 'Station', cell: ({ row }) => row.original.stationName },
  {
    id: 'quantity',
    header: right('Quantity'),
    cell: ({ row }) => (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        {row.original.isFullTank ? (
          <Badge size="xs" variant="light">
            Full
          </Badge>
        ) : null}
        <Figure>{quantityText(row.original.quantity, row.original.fuelType)}</Figure>
      </Group>
    ),
  },
  { id: 'amount', header: right('Amount'), cell: ({ row }) => money(row.original.amount) },
  { id: 'rate', header: right('Rate'), cell: ({ row }) => money(row.original.rate) },
  {
    id: 'odometer',
    header: right('Odometer'),
    cell: ({ row }) => <Figure>{row.original.odometerKm.toLocaleString('en-IN')}</Figure>,
  },
  {
    id: 'mileage',
    header: right('Mileage'),
    cell: ({ row }) => (
      <Figure testId={`mileage-${row.original.id}`}>
        {kmPerUnitText(row.original.stretch?.kmPerUnit ?? null, row.original.fuelType)}
      </Figure>
    ),
  },
  { id: 'paid', header: 'Paid by', cell: ({ row }) => paymentModeText(row.original.paymentMode) },
];

export default function FuelLogsPage() {
  const permissions = usePermissions() ?? new Set<string>();
  const [state, update] = useListState(search);
  const [editing, setEditing] = useState<FuelLog | 'new'>();
  const list = useInfiniteQuery(
    trpc.fuelLog.list.infiniteQueryOptions(
      {
        vehicleIds: state.vehicleIds.length ? state.vehicleIds : undefined,
        fuelStationIds: state.stationIds.length ? state.stationIds : undefined,
        dateFrom: state.dateFrom,
        dateTo: state.dateTo,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.fuelLogs) ?? [];
  const { narrowed, clear } = filterReset(state, update, {
    vehicleIds: [],
    stationIds: [],
    dateFrom: undefined,
    dateTo: undefined,
  });
  const canManage = permissions.has('manage_vehicle_fuel');
  // The whole filter's count and amount, summed by billing; the first page carries them.
  const totals = list.data?.pages[0]?.totals ?? null;

  return (
    <Stack gap="sm">
      <PageHeader
        title="Fuel logs"
        actions={
          <Group>
            <Anchor component={Link} to="/operations/fuel/mileage">
              Mileage by vehicle
            </Anchor>
            {canManage ? <Button onClick={() => setEditing('new')}>Add fill</Button> : null}
          </Group>
        }
      />
      <Group gap="sm" align="end" wrap="wrap">
        <MasterFilterInput
          target="vehicle"
          label="Vehicles"
          permissions={permissions}
          value={state.vehicleIds}
          onChange={(value) => update({ vehicleIds: value })}
        />
        <MasterFilterInput
          target="fuel_station"
          label="Fuel stations"
          permissions={permissions}
          value={state.stationIds}
          onChange={(value) => update({ stationIds: value })}
        />
        <DateRangeInputs
          what="Fill date"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        <ClearFiltersButton active={narrowed} onClear={clear} />
        {totals?.fills ? (
          <Text size="sm" c="dimmed" ml="auto" data-testid="fuel-totals">
            {totals.fills === 1 ? '1 fill' : `${totals.fills} fills`} · {rupees(totals.amount)}
          </Text>
        ) : null}
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        onRowClick={(r) => setEditing(r)}
        rowLabel={(r) => `Fill of ${r.vehicleNo} on ${ddmmyyyy(r.fillDate)}`}
        minWidth={1100}
        maxHeight="calc(100vh - 220px)"
        {...pagingOf(list)}
        empty={emptyList({
          narrowed,
          clear,
          what: 'fills',
          none: canManage
            ? 'No fills yet. Add a fill when a vehicle takes fuel: two full tanks give its mileage.'
            : 'No fills yet.',
        })}
      />
      {editing ? (
        <FuelLogDialog
          fill={editing === 'new' ? undefined : editing}
          vehicleId={state.vehicleIds.length === 1 ? state.vehicleIds[0] : ''}
          canManage={canManage}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </Stack>
  );
}
