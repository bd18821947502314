// /operations/live-map (view_location_tracking): every driver of the operator seen in the last hours at
// their latest position, with their duty; staff limited to branches see only those branches' drivers (the
// gateway fences it). It moves by server push: the stream says drivers moved, and the map reads the
// positions again (at most every few seconds), never polling.
import type { AppRouter } from '@fleet/gateway';
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useSubscription } from '@trpc/tanstack-react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../common/list/page-header';
import { dateTimeText, dutyNumber, statusLabel } from '../duties/duty-format';
import type { LatLng } from './fleet-map';

const FleetMap = lazy(() => import('./fleet-map').then((m) => ({ default: m.FleetMap })));

type Position = inferRouterOutputs<AppRouter>['tracking']['live']['positions'][number];

/** Moves that arrive together are read once, at most this often. */
const REFRESH_MS = 3_000;

function useLivePositions() {
  const queryClient = useQueryClient();
  const live = useQuery(trpc.tracking.live.queryOptions({}));
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  useSubscription(
    trpc.tracking.changes.subscriptionOptions(undefined, {
      onData() {
        if (pending.current) return;
        pending.current = setTimeout(() => {
          pending.current = undefined;
          void queryClient.invalidateQueries({ queryKey: trpc.tracking.live.pathKey() });
        }, REFRESH_MS);
      },
    }),
  );
  return live;
}

const ON_TRIP = new Set([
  'DRIVER_GARAGE_START',
  'DRIVER_ARRIVED_AT_PICKUP',
  'DRIVER_DUTY_START',
  'DRIVER_DUTY_END',
]);

export default function LiveMapPage() {
  const live = useLivePositions();
  const positions: Position[] = live.data?.positions ?? [];
  const points = positions.map((p): LatLng => [p.latitude, p.longitude]);
  return (
    <Stack>
      <PageHeader title="Live map" />
      <Text size="sm" c="dimmed" data-testid="live-count">
        {positions.length === 1 ? '1 driver' : `${positions.length} drivers`} seen in the last 12 hours
      </Text>
      <Paper withBorder p="xs">
        <Suspense fallback={<Text size="sm">Loading the map…</Text>}>
          {live.data ? (
            <FleetMap points={points} tileUrl={live.data.mapTileUrl} height={480} label="Drivers on the map">
              {positions.map((p) => (
                <CircleMarker
                  key={p.driverId}
                  center={[p.latitude, p.longitude]}
                  radius={8}
                  pathOptions={{
                    color: ON_TRIP.has(p.bookingStatus) ? '#2f9e44' : '#1c7ed6',
                    fillOpacity: 0.9,
                  }}
                >
                  <Tooltip>
                    {p.driverName}
                    {p.vehicleNo ? ` · ${p.vehicleNo}` : ''} · {dutyNumber(BigInt(p.bookingNo))}
                  </Tooltip>
                </CircleMarker>
              ))}
            </FleetMap>
          ) : null}
        </Suspense>
      </Paper>
      <Table aria-label="Drivers" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Driver</Table.Th>
            <Table.Th>Vehicle</Table.Th>
            <Table.Th>Duty</Table.Th>
            <Table.Th>Seen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {positions.map((p) => (
            <Table.Tr key={p.driverId} data-testid="live-driver">
              <Table.Td>
                {p.driverName}
                {p.driverPhone ? (
                  <Text size="xs" c="dimmed">
                    {p.driverPhone}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{p.vehicleNo ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Anchor component={Link} to={`/duties/booking/${p.bookingId}`} size="sm">
                    {dutyNumber(BigInt(p.bookingNo))}
                  </Anchor>
                  <Badge variant="light" size="sm">
                    {statusLabel(p.bookingStatus)}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td>{dateTimeText(p.at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
