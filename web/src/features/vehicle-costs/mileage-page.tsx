// /operations/fuel/mileage: each vehicle's fuel over a period (default the 30 days to today) and its
// mileage measured full tank to full tank, sortable by any column, a vehicle running well below its own
// mileage of the 90 days before flagged.
import { Anchor, Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { trpc } from '../../lib/trpc';
import { DateRangeInputs } from '../billing/date-range-inputs';
import { Figure, money } from '../common/list/document-list';
import { listDay, useListState } from '../common/list/list-state';
import { PageHeader } from '../common/list/page-header';
import { ddmmyyyy } from '../masters/format';
import { compareMileage, km, kmPerUnitText, type MileageSort, quantityText } from './vehicle-cost-format';

const search = z.object({ dateFrom: listDay, dateTo: listDay });

const SORTS: Record<MileageSort, string> = {
  vehicle: 'Vehicle',
  kmPerUnit: 'Km per unit of fuel',
  costPerKm: 'Cost per km',
  km: 'Km run',
};
const isSortKey = (value: string): value is MileageSort => Object.hasOwn(SORTS, value);

export default function MileagePage() {
  const [state, update] = useListState(search);
  const [sortBy, setSortBy] = useState<MileageSort>('kmPerUnit');
  const report = useQuery(
    trpc.fuelLog.mileage.queryOptions({ dateFrom: state.dateFrom, dateTo: state.dateTo }),
  );
  const vehicles = useMemo(
    () => [...(report.data?.vehicles ?? [])].sort((a, b) => compareMileage(sortBy, a, b)),
    [report.data, sortBy],
  );
  const low = vehicles.filter((v) => v.isLow).length;

  return (
    <Stack gap="sm">
      <PageHeader
        title="Mileage by vehicle"
        actions={
          <Anchor component={Link} to="/operations/fuel">
            Fuel logs
          </Anchor>
        }
      />
      <Group gap="sm" align="end" wrap="wrap">
        <DateRangeInputs
          what="Period"
          from={state.dateFrom}
          to={state.dateTo}
          onChange={(range) => update(range)}
        />
        <SegmentedControl
          aria-label="Sort by"
          value={sortBy}
          onChange={(value) => (isSortKey(value) ? setSortBy(value) : undefined)}
          data={Object.entries(SORTS).map(([value, label]) => ({ value, label }))}
        />
      </Group>
      {report.data ? (
        <Text size="sm" c="dimmed">
          {ddmmyyyy(report.data.dateFrom)} to {ddmmyyyy(report.data.dateTo)}: km run between full tanks filled
          in the period, over the fuel they took. {report.data.lowRule}
          {low ? ` ${low} vehicle${low === 1 ? '' : 's'} flagged.` : ''}
        </Text>
      ) : null}
      {report.error ? <Text c="red">{report.error.message}</Text> : null}
      <Table striped highlightOnHover stickyHeader aria-label="Mileage by vehicle">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vehicle</Table.Th>
            <Table.Th ta="right">Fills</Table.Th>
            <Table.Th ta="right">Filled</Table.Th>
            <Table.Th ta="right">Fuel cost</Table.Th>
            <Table.Th ta="right">Km run</Table.Th>
            <Table.Th ta="right">Km per litre</Table.Th>
            <Table.Th ta="right">Its usual</Table.Th>
            <Table.Th ta="right">Fuel cost per km</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vehicles.map((v) => (
            <Table.Tr key={v.vehicleId} data-testid={`mileage-row-${v.vehicleNo}`}>
              <Table.Td>
                <Group gap={6}>
                  <Text size="sm">{v.vehicleNo}</Text>
                  {v.isLow ? (
                    <Badge size="sm" color="red" variant="light">
                      Low mileage
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Figure>{v.fills}</Figure>
              </Table.Td>
              <Table.Td>
                <Figure>{quantityText(v.quantity, v.fuelType)}</Figure>
              </Table.Td>
              <Table.Td>{money(v.amount)}</Table.Td>
              <Table.Td>
                <Figure>{km(v.km)}</Figure>
              </Table.Td>
              <Table.Td>
                <Figure testId={`km-per-unit-${v.vehicleNo}`}>
                  {kmPerUnitText(v.kmPerUnit, v.fuelType)}
                </Figure>
              </Table.Td>
              <Table.Td>
                <Figure>{kmPerUnitText(v.baselineKmPerUnit, v.fuelType)}</Figure>
              </Table.Td>
              <Table.Td>{money(v.costPerKm)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {report.data && vehicles.length === 0 ? (
        <Text c="dimmed">
          No fills in this period. Record fills in the fuel logs: two full tanks give a mileage.
        </Text>
      ) : null}
    </Stack>
  );
}
