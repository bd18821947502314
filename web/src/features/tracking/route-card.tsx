// A duty's tracked route on its page (view_location_tracking): the route drawn on the map, a replay
// slider that moves the car along it with the time, and the kilometres the phone measured beside the
// odometer's, flagged when they differ by more than a few km and a tenth of the trip.
import { odometerGap } from '@fleet/domain';
import { Alert, Group, Paper, Slider, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { lazy, Suspense, useState } from 'react';
import { CircleMarker, Polyline } from 'react-leaflet';
import { trpc } from '../../lib/trpc';
import { dateTimeText } from '../duties/duty-format';
import type { LatLng } from './fleet-map';

const FleetMap = lazy(() => import('./fleet-map').then((m) => ({ default: m.FleetMap })));

/** The odometer's kilometres over the slip: from its first point's reading to its last's. */
function odometerKm(slip: readonly { km: Decimal }[]): Decimal | null {
  if (slip.length < 2) return null;
  const readings = slip.map((p) => p.km);
  return Decimal.max(...readings).minus(Decimal.min(...readings));
}

export function RouteCard({ bookingId, slip }: { bookingId: string; slip: readonly { km: Decimal }[] }) {
  const route = useQuery(trpc.tracking.route.queryOptions({ bookingId }));
  const [at, setAt] = useState<number | null>(null);
  const points = route.data?.points ?? [];
  if (!route.data || points.length === 0) return null;
  const line = points.map((p): LatLng => [p.latitude, p.longitude]);
  const shown = at ?? points.length - 1;
  const car = points[Math.min(shown, points.length - 1)]!;
  const odometer = odometerKm(slip);
  const gap = odometer ? odometerGap(odometer, route.data.distanceKm) : null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>Route</Title>
        <Group gap="lg">
          <Text size="sm" data-testid="gps-km">
            GPS: {route.data.distanceKm.toFixed(1)} km
          </Text>
          {odometer ? <Text size="sm">Odometer: {odometer.toFixed(1)} km</Text> : null}
          <Text size="sm" c="dimmed">
            {route.data.storedPoints.toLocaleString('en-IN')} points
          </Text>
        </Group>
        {gap?.flagged ? (
          <Alert color="orange" title="The odometer and the GPS disagree" data-testid="odometer-gap">
            The odometer says {Math.abs(gap.differenceKm).toFixed(1)} km{' '}
            {gap.differenceKm > 0 ? 'more' : 'less'} than the phone measured
            {gap.share === null ? '' : ` (${(gap.share * 100).toFixed(0)} %)`}. Check the slip’s readings and
            photos before billing.
          </Alert>
        ) : null}
        <Suspense fallback={<Text size="sm">Loading the map…</Text>}>
          <FleetMap points={line} tileUrl={route.data.mapTileUrl} height={320} label="The duty’s route">
            <Polyline positions={line} pathOptions={{ color: '#1c7ed6', weight: 4 }} />
            <CircleMarker center={line[0]!} radius={6} pathOptions={{ color: '#2f9e44', fillOpacity: 1 }} />
            <CircleMarker
              center={[car.latitude, car.longitude]}
              radius={8}
              pathOptions={{ color: '#e8590c', fillOpacity: 1 }}
            />
          </FleetMap>
        </Suspense>
        <Slider
          label={null}
          min={0}
          max={points.length - 1}
          value={shown}
          onChange={setAt}
          aria-label="Replay the route"
        />
        <Text size="sm" data-testid="replay-at">
          {dateTimeText(car.at)}
          {car.speedKmh !== null ? ` · ${car.speedKmh.toFixed(0)} km/h` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
