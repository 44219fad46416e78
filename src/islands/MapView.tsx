import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import type { Place } from '../shared/places.ts';

interface MapViewProps {
  places: Place[];
  selected: Place;
  zoom: number;
  tiles: { url: string; attribution: string };
  onTilesFailed: () => void;
}

// An SVG pin instead of Leaflet's PNG icons, which bundlers do not resolve.
const pin = L.divIcon({
  className: 'map-pin',
  html: '<svg viewBox="0 0 24 36" width="28" height="42" aria-hidden="true"><path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 24 12 24s12-15 12-24C24 5.4 18.6 0 12 0z" fill="#0b4f7c"/><circle cx="12" cy="12" r="5" fill="#fff"/></svg>',
  iconSize: [28, 42],
  iconAnchor: [14, 42],
  popupAnchor: [0, -38],
});

/** Keeps the map on the selected place, and exposes its centre and zoom for tests. */
function FollowSelection({ selected, zoom }: { selected: Place; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView(selected.coordinates, zoom);
    map.getContainer().dataset.center = selected.id;
    map.getContainer().dataset.zoom = String(map.getZoom());
  }, [map, selected, zoom]);
  return null;
}

export default function MapView({ places, selected, zoom, tiles, onTilesFailed }: MapViewProps) {
  // A few failed tiles are normal at the edge of coverage; several mean no map at all.
  let failures = 0;
  return (
    <MapContainer
      center={selected.coordinates}
      zoom={zoom}
      scrollWheelZoom={false}
      className="map"
      aria-label={`Mapa: ${selected.name}`}
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
      {places.map((place) => (
        <Marker key={place.id} position={place.coordinates} icon={pin} title={place.name} alt={place.name}>
          <Popup>
            <strong>{place.name}</strong>
            <br />
            {place.address}
          </Popup>
        </Marker>
      ))}
      <FollowSelection selected={selected} zoom={zoom} />
    </MapContainer>
  );
}
