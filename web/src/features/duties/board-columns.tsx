// The board's columns, in the order a dispatcher scans them (UX.md): number, reporting date and time,
// customer, passenger, cities, duty type and vehicle group, vehicle, driver or supplier, status with
// labels, slip; and a row menu for what dispatchers do many times a day. Pairs share a cell on two
// lines so a whole row fits a laptop's width without scrolling sideways.
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { RowActions } from '../common/list/list-screen';
import type { BoardRow } from './booking-types';
import { mayEdit, offeredActions } from './duty-actions';
import {
  dateText,
  dutyNumber,
  LABEL_COLOURS_ON_SCREEN,
  slipMediumText,
  statusColour,
  statusLabel,
  timeText,
} from './duty-format';

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A value and a dimmed second line (a name and its phone). */
function TwoLines({ first, second }: { first: ReactNode; second?: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" lh={1.3}>
        {first || '—'}
      </Text>
      {second ? (
        <Text size="xs" c="dimmed" lh={1.3}>
          {second}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Clicks and keys inside it stay there: the row around it opens on a click or Enter. */
const stayInCell = {
  onClick: (event: { stopPropagation(): void }) => event.stopPropagation(),
  onKeyDown: (event: { stopPropagation(): void }) => event.stopPropagation(),
};

export function boardColumns({
  permissions,
  onAllot,
  onDispatch,
  onEdit,
}: {
  permissions: ReadonlySet<string>;
  onAllot: (row: BoardRow) => void;
  onDispatch: (row: BoardRow) => void;
  onEdit: (row: BoardRow) => void;
}): ColumnDef<BoardRow, unknown>[] {
  const cell = (
    id: string,
    header: string,
    render: (row: BoardRow) => ReactNode,
  ): ColumnDef<BoardRow, unknown> => ({
    id,
    header,
    cell: ({ row }) => render(row.original),
  });
  return [
    {
      id: 'bookingNo',
      header: () => <div style={numeric}>Duty no.</div>,
      cell: ({ row }) => (
        <div style={numeric} {...stayInCell}>
          <Anchor component={Link} to={`/duties/booking/${row.original.id}`} size="sm" ff="monospace">
            {dutyNumber(row.original.bookingNo)}
          </Anchor>
        </div>
      ),
    },
    {
      id: 'reportingAt',
      header: () => <div style={numeric}>Reporting</div>,
      cell: ({ row }) =>
        row.original.reportingAt ? (
          <div style={numeric}>
            <TwoLines
              first={dateText(row.original.reportingAt)}
              second={timeText(row.original.reportingAt)}
            />
          </div>
        ) : (
          '—'
        ),
    },
    cell('customer', 'Customer', (r) => r.customerName || '—'),
    cell('passenger', 'Passenger', (r) => (
      <TwoLines first={r.passengers[0]?.name} second={r.passengers[0]?.phone} />
    )),
    cell('cities', 'From → to', (r) => (
      <TwoLines
        first={r.fromCityName ?? undefined}
        second={r.toCityId ? `→ ${r.toCityName ?? '…'}` : undefined}
      />
    )),
    cell('dutyType', 'Duty type · group', (r) => (
      <TwoLines first={r.dutyTypeName ?? undefined} second={r.vehicleGroupName ?? undefined} />
    )),
    cell('vehicle', 'Vehicle', (r) => r.vehicleNo ?? '—'),
    cell('driver', 'Driver / supplier', (r) =>
      r.driverName || r.supplierName ? (
        <TwoLines
          first={r.driverName ?? r.supplierName}
          second={[r.driverPhone, r.driverName && r.supplierName ? r.supplierName : null]
            .filter(Boolean)
            .join(' · ')}
        />
      ) : (
        '—'
      ),
    ),
    cell('status', 'Status · labels', (r) => {
      const labels = r.labels;
      return (
        <Group gap={4}>
          <Badge variant="light" color={statusColour(r.status)} styles={{ label: { overflow: 'visible' } }}>
            {statusLabel(r.status)}
          </Badge>
          {r.isBilled ? (
            <Badge variant="light" color="teal" size="xs">
              Billed
            </Badge>
          ) : null}
          {labels.map((l) => (
            <Badge key={l.id} size="xs" color={LABEL_COLOURS_ON_SCREEN[l.colour]}>
              {l.name}
            </Badge>
          ))}
        </Group>
      );
    }),
    cell('slip', 'Slip', (r) => slipMediumText(r.slipMedium)),
    cell('actions', '', (r) => {
      const offered = offeredActions(r, permissions);
      return (
        <div {...stayInCell}>
          <RowActions
            name={`duty ${dutyNumber(r.bookingNo)}`}
            actions={[
              { label: 'Allot…', onClick: () => onAllot(r), show: offered.allot },
              { label: 'Dispatch', onClick: () => onDispatch(r), show: offered.status.includes('dispatch') },
              { label: 'Edit…', onClick: () => onEdit(r), show: mayEdit(r, permissions) },
            ]}
          />
        </div>
      );
    }),
  ];
}
