// The base of the staff maps (the live map, a duty's route): Leaflet, with the configured tile server's
// tiles (MAP_TILE_URL) or, without one, a plain background, so the map works offline and asks no server
// for anything.
import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';

export type LatLng = [number, number];

/** India, when there is nothing to show yet. */
const INDIA: LatLng = [21.1, 78.9];

export function FleetMap({
  points,
  tileUrl,
  height,
  label,
  children,
}: {
  /** What the map is fitted to at first. */
  points: LatLng[];
  tileUrl: string | null;
  height: number;
  label: string;
  children: ReactNode;
}) {
  const [first] = points;
  return (
    <div role="img" aria-label={label}>
      <MapContainer
        bounds={points.length > 1 ? points : undefined}
        center={points.length > 1 ? undefined : (first ?? INDIA)}
        zoom={points.length > 1 ? undefined : first ? 14 : 5}
        boundsOptions={{ padding: [24, 24] }}
        attributionControl={Boolean(tileUrl)}
        style={{ height, width: '100%', background: '#eef2f5', borderRadius: 4 }}
      >
        {tileUrl ? <TileLayer url={tileUrl} /> : null}
        {children}
      </MapContainer>
    </div>
  );
}
