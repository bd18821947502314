// The tracked route of a duty on the passenger's slip: a Leaflet map with the route as a line and its
// start and end as dots. Tiles come from the configured tile server (MAP_TILE_URL) when there is one;
// without one the route is drawn on a plain background and nothing is asked of any server.
import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, Polyline, TileLayer } from 'react-leaflet';

export interface RoutePoint {
  latitude: number;
  longitude: number;
}

export default function RouteMap({ route, tileUrl }: { route: RoutePoint[]; tileUrl: string | null }) {
  const line = route.map((p): [number, number] => [p.latitude, p.longitude]);
  const first = line[0];
  const last = line.at(-1);
  if (!first || !last) return null;
  return (
    <div role="img" aria-label="Route of the trip">
      <MapContainer
        bounds={line.length > 1 ? line : undefined}
        center={line.length > 1 ? undefined : first}
        zoom={line.length > 1 ? undefined : 15}
        boundsOptions={{ padding: [16, 16] }}
        scrollWheelZoom={false}
        attributionControl={Boolean(tileUrl)}
        style={{ height: 260, width: '100%', background: '#eef2f5', borderRadius: 4 }}
      >
        {tileUrl ? <TileLayer url={tileUrl} /> : null}
        <Polyline positions={line} pathOptions={{ color: '#1c7ed6', weight: 4 }} />
        <CircleMarker center={first} radius={6} pathOptions={{ color: '#2f9e44', fillOpacity: 1 }} />
        <CircleMarker center={last} radius={6} pathOptions={{ color: '#e03131', fillOpacity: 1 }} />
      </MapContainer>
    </div>
  );
}
