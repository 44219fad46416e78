import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { Circle, MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import type { OutageTown, PublicOutage } from '../../shared/outages.ts';

interface OutagesMapProps {
  outages: PublicOutage[];
  towns: OutageTown[];
  tiles: { url: string; attribution: string };
  onTilesFailed: () => void;
}

// An SVG pin instead of Leaflet's PNG icons, which bundlers do not resolve.
const pointPin = L.divIcon({
  className: 'map-pin',
  html: '<svg viewBox="0 0 24 36" width="28" height="42" aria-hidden="true"><path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 24 12 24s12-15 12-24C24 5.4 18.6 0 12 0z" fill="#0b4f7c"/><circle cx="12" cy="12" r="5" fill="#fff"/></svg>',
  iconSize: [28, 42],
  iconAnchor: [14, 42],
  popupAnchor: [0, -38],
});

/** How far around its centre a town is shaded: the towns are small, the cut's sectors are in the list. */
const TOWN_RADIUS_M = 1_500;

/**
 * The affected towns, shaded, and their supply points as pins; the list says the same in words.
 * A town is an area, not a pin: a supply point is often in the town's square, and two pins on one
 * spot are two targets too small to tell apart (WCAG 2.5.8).
 */
export default function OutagesMap({ outages, towns, tiles, onTilesFailed }: OutagesMapProps) {
  const affected = towns.filter((town) => outages.some((outage) => outage.town === town.slug));
  const points = outages.flatMap((outage) => outage.supplyPoints.map((point) => ({ ...point, outageId: outage.id })));
  const bounds = L.latLngBounds([
    ...affected.map((town): [number, number] => [town.latitude, town.longitude]),
    ...points.map((point): [number, number] => [point.latitude, point.longitude]),
  ]);
  // A few failed tiles are normal at the edge of coverage; several mean no map at all (as /oficinas).
  let failures = 0;
  return (
    <MapContainer
      bounds={bounds}
      boundsOptions={{ padding: [40, 40], maxZoom: 14 }}
      scrollWheelZoom={false}
      className="map"
    >
      <TileLayer
        url={tiles.url}
        attribution={tiles.attribution}
        eventHandlers={{
          tileerror: () => {
            if (++failures >= 4) onTilesFailed();
          },
        }}
      />
      {affected.map((town) => (
        <Circle
          key={town.slug}
          center={[town.latitude, town.longitude]}
          radius={TOWN_RADIUS_M}
          className="outage-area"
          pathOptions={{ color: '#a4161a', fillOpacity: 0.2, weight: 2 }}
          interactive={false}
        />
      ))}
      {points.map((point) => (
        <Marker
          key={`${point.outageId}-${point.name}-${point.address}`}
          position={[point.latitude, point.longitude]}
          icon={pointPin}
          title={`Punto de abastecimiento: ${point.name}`}
          alt={`Punto de abastecimiento: ${point.name}`}
        >
          <Popup>
            <strong>{point.name}</strong>
            <br />
            {point.address}
            {point.hours && (
              <>
                <br />
                {point.hours}
              </>
            )}
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
