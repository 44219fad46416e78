import L from 'leaflet';
import { useState } from 'react';
import { Circle, MapContainer, Marker, Popup, useMapEvents } from 'react-leaflet';
import MapTiles from '../MapTiles.tsx';
import { mapPin } from '../map-pin.ts';
import type { OutageTown, PublicOutage, SupplyPoint } from '../../shared/outages/schema.ts';

interface OutagesMapProps {
  outages: PublicOutage[];
  towns: OutageTown[];
  tiles: { url: string; attribution: string };
  onTilesFailed: () => void;
}

/** How far around its centre a town is shaded: the towns are small, the cut's sectors are in the list. */
const TOWN_RADIUS_M = 1_500;

/**
 * The affected towns, shaded, and, at a town's scale, their supply points as pins; the list says
 * the same in words.
 * A town is an area, not a pin: a supply point is often in the town's square, and two pins on one
 * spot are two targets too small to tell apart (WCAG 2.5.8).
 */
export default function OutagesMap({ outages, towns, tiles, onTilesFailed }: OutagesMapProps) {
  const affected = towns.filter((town) => outages.some((outage) => outage.town === town.slug));
  const spots = supplySpots(outages);
  const bounds = L.latLngBounds([
    ...affected.map((town): [number, number] => [town.latitude, town.longitude]),
    ...spots.map((spot): [number, number] => [spot.latitude, spot.longitude]),
  ]);
  return (
    <MapContainer
      bounds={bounds}
      boundsOptions={{ padding: [40, 40], maxZoom: 14 }}
      scrollWheelZoom={false}
      className="map"
    >
      <MapTiles tiles={tiles} onTilesFailed={onTilesFailed} />
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
      <SupplyPins spots={spots} />
    </MapContainer>
  );
}

/**
 * The supply points by spot: two outages often share one (the same tank in the square), and pins
 * on one spot are targets too small to tell apart (WCAG 2.5.8), so they share a pin that names them all.
 */
function supplySpots(outages: PublicOutage[]) {
  const spots: { latitude: number; longitude: number; points: SupplyPoint[] }[] = [];
  for (const point of outages.flatMap((outage) => outage.supplyPoints)) {
    const spot = spots.find((near) => metresBetween(near, point) < SAME_SPOT_M);
    if (spot) spot.points.push(point);
    else spots.push({ latitude: point.latitude, longitude: point.longitude, points: [point] });
  }
  return spots;
}

/** At the map's closest zoom (14), pins nearer than this overlap. */
const SAME_SPOT_M = 100;

/** Metres between two nearby points (an equirectangular approximation: exact enough within a town). */
function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const toRad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * toRad * Math.cos(((a.latitude + b.latitude) / 2) * toRad);
  const y = (b.latitude - a.latitude) * toRad;
  return Math.hypot(x, y) * 6_371_000;
}

type Spot = ReturnType<typeof supplySpots>[number];

/** Pins need a town's scale: over the region, a town's points fall on a few pixels (WCAG 2.5.8). */
const PIN_ZOOM = 12;

function SupplyPins({ spots }: { spots: Spot[] }) {
  const map = useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const [zoom, setZoom] = useState(() => map.getZoom());
  if (zoom < PIN_ZOOM) return null;
  return spots.map((spot) => {
    const label = `Punto de abastecimiento: ${[...new Set(spot.points.map((point) => point.name))].join(', ')}`;
    return (
      <Marker
        key={`${spot.latitude},${spot.longitude}`}
        position={[spot.latitude, spot.longitude]}
        icon={mapPin}
        title={label}
        alt={label}
      >
        <Popup>
          {spot.points.map((point, index) => (
            <p key={index}>
              <strong>{point.name}</strong>
              <br />
              {point.address}
              {point.hours && (
                <>
                  <br />
                  {point.hours}
                </>
              )}
            </p>
          ))}
        </Popup>
      </Marker>
    );
  });
}
